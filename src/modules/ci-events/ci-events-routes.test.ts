import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { expectHiddenFrom, expectKeyRequired } from '../../test/security-matrix.ts';
import { auditOf, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';

/** POST /v1/ci-events through HTTP: the entry it writes, who may post, and what bad input gets. */
const h = useHarness();
const { users, newWorkspace } = workspaceScene(h);

const post = (body: unknown, as = users.bob) => h.request('POST', '/v1/ci-events', { as, body });

describe('POST /v1/ci-events', () => {
  it('writes ci.success or ci.failure with the run, answering the entry', async () => {
    const ws = await newWorkspace();
    const res = await post({
      status: 'failure',
      workspace_key: ws,
      repository: 'acme/api',
      branch: 'main',
      sha: 'ABCDEF1',
      workflow: 'CI',
      job: 'test',
      run_url: 'https://ci.example.com/runs/1',
      message: 'step "unit" failed',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { id: string; created_at: string };
    expect(answer).toMatchObject({
      action: 'ci.failure',
      status: 'failure',
      workspace_key: ws,
      project_key: null,
    });
    const [entry] = await auditOf(h, ws, 'ci.');
    expect(entry).toMatchObject({
      id: answer.id,
      action: 'ci.failure',
      target: {
        type: 'ci_run',
        id: 'https://ci.example.com/runs/1',
        params: {
          status: 'failure',
          repository: 'acme/api',
          branch: 'main',
          sha: 'ABCDEF1',
          message: 'step "unit" failed',
        },
      },
    });
    const ok = await post({ status: 'success', workspace_key: ws });
    expect(ok.statusCode).toBe(201);
    expect((await auditOf(h, ws, 'ci.success'))[0]).toMatchObject({
      target: { params: { status: 'success' } },
    });
  });

  it("needs a member of the workspace, and a project's writer when a project is named", async () => {
    const ws = await newWorkspace();
    const project = await h.project(ws);
    const call = {
      method: 'POST' as const,
      url: '/v1/ci-events',
      body: { status: 'success', workspace_key: ws },
    };
    await expectKeyRequired(h, call);
    await expectHiddenFrom(h, users.outsider, call);
    // bob is a workspace member but no member of the project: it does not exist for him.
    const hidden = await post({ status: 'success', workspace_key: ws, project_key: project });
    expect([403, 404]).toContain(hidden.statusCode);
    const reader = await h.user();
    await h.request('POST', `/v1/workspaces/${ws}/members`, {
      as: users.alice,
      body: { user_id: reader.id, role: 'member' },
    });
    await h.request('POST', `/v1/projects/${encodeURIComponent(project)}/members?workspace_key=${ws}`, {
      as: users.alice,
      body: { user_id: reader.id, role: 'reader' },
    });
    expectError(
      await post({ status: 'success', workspace_key: ws, project_key: project }, reader),
      403,
      'forbidden',
    );
    const missing = await post(
      { status: 'success', workspace_key: ws, project_key: 'codehost:acme/none' },
      users.alice,
    );
    expectError(missing, 404, 'not_found');
    expect(await auditOf(h, ws, 'ci.')).toEqual([]);
    const asAdmin = await post({ status: 'success', workspace_key: ws, project_key: project }, users.alice);
    expect(asAdmin.statusCode, asAdmin.body).toBe(201);
    expect(asAdmin.json()).toMatchObject({ project_key: project });
  });

  it('names each bad field, masks secrets in the message, and stores hostile text or refuses it', async () => {
    const ws = await newWorkspace();
    const ok = { status: 'success', workspace_key: ws };
    const cases: Array<[unknown, string]> = [
      [{ workspace_key: ws }, 'body.status'],
      [{ ...ok, status: 'passed' }, 'body.status'],
      [{ status: 'success' }, 'body.workspace_key'],
      [{ ...ok, sha: 'not-a-sha' }, 'body.sha'],
      [{ ...ok, sha: 'abc' }, 'body.sha'],
      [{ ...ok, run_url: 'javascript:alert(1)' }, 'body.run_url'],
      [{ ...ok, branch: '' }, 'body.branch'],
      [{ ...ok, branch: 'b'.repeat(256) }, 'body.branch'],
      [{ ...ok, repository: 42 }, 'body.repository'],
      [{ ...ok, message: 'm'.repeat(4001) }, 'body.message'],
      [{ ...ok, project_key: 'not a key' }, 'body.project_key'],
      [{ ...ok, extra: 1 }, 'body'],
    ];
    for (const [body, path] of cases) expectInvalid(await post(body), path);
    expect((await post([ok])).statusCode).toBe(400);
    expect(await auditOf(h, ws, 'ci.')).toEqual([]);

    const token = 'xoxb-' + '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
    expect((await post({ ...ok, message: `deploy with ${token}` })).statusCode).toBe(201);
    const [masked] = await auditOf(h, ws, 'ci.');
    expect(JSON.stringify(masked)).not.toContain(token);
    for (const s of HOSTILE_STRINGS) {
      const res = await post({ ...ok, message: s.slice(0, 4000), workflow: s.slice(0, 200) });
      expect(res.statusCode, s).toBe(unstorable(s) ? 400 : 201);
    }
  });
});
