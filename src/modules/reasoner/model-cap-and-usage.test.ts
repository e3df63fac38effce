import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config/index.ts';
import { expectError, expectInvalid, HOSTILE_STRINGS } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectForbiddenFor, expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { reasonerScene } from './reasoner.fixtures.ts';

/**
 * The hourly cap of model calls, the environment's precedence over a workspace's saved model,
 * and GET /v1/workspaces/:key/model-usage (who may read it, what bad input gets, what it counts).
 */
const base = testConfig().integrations;
const ENV_KEY = 'sk-fake-MODELKEY-0123456789';
const h = useHarness(
  {
    integrations: {
      ...base,
      fallbacks: { ...base.fallbacks, audit_reasoner: { model: 'env-model' } },
      model: { ...base.model, hourlyCallCap: 2, apiKeys: { openai: ENV_KEY } },
    },
  },
  { jobs: true },
);
const { slack, model, users, rename, settle, reasonerWorkspace, logged } = reasonerScene(h);

const usageOf = async (ws: string) => {
  const res = await h.request('GET', `/v1/workspaces/${ws}/model-usage`, { as: users.alice });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    cap_per_hour: number;
    this_hour: Record<string, number>;
    last_24_hours: Record<string, number>;
    last_30_days: Record<string, number>;
    days: Array<Record<string, number | string>>;
  };
};

describe('model calls: environment first, an hourly cap per workspace, counted', () => {
  it("calls with the environment's model and key over the workspace's, up to the cap each hour", async () => {
    const ws = await reasonerWorkspace({
      model: 'workspace-model',
      api_key: 'sk-workspace-0123456789abcdefghij',
    });
    expect(model.apiKey).toBe(ENV_KEY);
    for (const name of ['One', 'Two', 'Three']) {
      await rename(ws, name);
      await settle();
    }
    await slack.waitFor(3);
    expect(model.calls.map((c) => [c.body.model, c.apiKey])).toEqual([
      ['env-model', ENV_KEY],
      ['env-model', ENV_KEY],
    ]);
    const [third] = (await logged(ws)).filter((e) => e.action === 'workspace_settings.updated');
    expect(third?.explanation).toMatchObject({
      status: 'failed',
      failure: 'the workspace has made its 2 model calls this hour (SERVICE_MODEL_HOURLY_CALL_CAP)',
    });
    const tokens = (i: number) => Math.ceil(model.calls[i]!.text.length / 4);
    const usage = await usageOf(ws);
    expect(usage).toMatchObject({
      workspace_key: ws,
      cap_per_hour: 2,
      this_hour: { calls: 2, failures: 0, input_tokens: tokens(0) + tokens(1) },
      last_24_hours: { calls: 2 },
      last_30_days: { calls: 2 },
    });
    expect(usage.this_hour.output_tokens).toBeGreaterThan(0);
    expect(usage.days).toHaveLength(1);

    // The next hour starts a new count; the hours before stay in the day's and month's totals.
    h.clock.advance(3_600_000);
    await rename(ws, 'Four');
    await slack.waitFor(4);
    await settle();
    expect(model.calls).toHaveLength(3);
    const later = await usageOf(ws);
    expect(later.this_hour).toMatchObject({ calls: 1 });
    expect(later.last_24_hours).toMatchObject({ calls: 3 });
  });

  it('counts a failed call as a call and a failure', async () => {
    const ws = await reasonerWorkspace();
    model.answerNext({ reply: { status: 400, body: { error: { message: 'model not found' } } } });
    await rename(ws, 'Bad request');
    await slack.waitFor(1);
    await settle();
    const [entry] = (await logged(ws)).filter((e) => e.action === 'workspace_settings.updated');
    expect(entry?.explanation?.failure).toBe('the model rejected the request (HTTP 400): model not found');
    expect((await usageOf(ws)).this_hour).toEqual({
      calls: 1,
      failures: 1,
      input_tokens: 0,
      output_tokens: 0,
    });
  });
});

describe('GET /v1/workspaces/:key/model-usage', () => {
  it('is for workspace admins: no key, a bad key, outsiders and members are refused', async () => {
    const ws = await reasonerWorkspace();
    const call = { method: 'GET' as const, url: `/v1/workspaces/${ws}/model-usage` };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, users.outsider, call);
    await expectForbiddenFor(h, users.bob, call);
    expectError(
      await h.request('GET', '/v1/workspaces/no-such-workspace/model-usage', { as: users.alice }),
      404,
      'not_found',
    );
  });

  it('answers 400 naming the key for a malformed workspace key or query, and an empty count for a new workspace', async () => {
    for (const bad of HOSTILE_STRINGS.slice(0, 5)) {
      const res = await h.request('GET', `/v1/workspaces/${encodeURIComponent(bad)}/model-usage`, {
        as: users.alice,
      });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
    expectInvalid(
      await h.request('GET', '/v1/workspaces/BAD%20KEY/model-usage', { as: users.alice }),
      'params.key',
    );
    const ws = await reasonerWorkspace();
    expect(await usageOf(ws)).toMatchObject({
      this_hour: { calls: 0, failures: 0, input_tokens: 0, output_tokens: 0 },
      days: [],
    });
  });
});
