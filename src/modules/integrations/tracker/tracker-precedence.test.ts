import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config/index.ts';
import { JIRA_CREDENTIALS } from '../../../test/fakes/jira-fake.ts';
import { expectError } from '../../../test/assertions.ts';
import { useHarness } from '../../../test/harness.ts';
import { trackerScene } from './tracker.fixtures.ts';

/** The environment's tracker is the fake, set once it listens (the app reads its config per call). */
const config = testConfig();
const h = useHarness({ integrations: config.integrations });
const { s, workspaceWithTracker, search } = trackerScene(h);

beforeAll(() => {
  Object.assign(h.config.integrations.fallbacks.tracker, {
    base_url: s.jira.baseUrl,
    email: JIRA_CREDENTIALS.email,
    api_token: JIRA_CREDENTIALS.apiToken,
  });
});

describe('tracker configuration sources in calls', () => {
  it('calls the environment tracker when the workspace saved none, and the saved one over it', async () => {
    const envOnly = await h.workspace([[s.bob, 'member']]);
    expect((await search(envOnly, { q: 'invoice' })).statusCode).toBe(200);
    // A saved token wins over the environment's: the wrong one is refused by the tracker.
    const saved = await workspaceWithTracker({ api_token: 'saved-but-wrong' });
    expectError(await search(saved, { q: 'invoice' }), 502, 'upstream_error');
  });

  it('uses only the environment for a locked tracker', async () => {
    const ws = await workspaceWithTracker({ api_token: 'saved-but-wrong' });
    h.config.integrations.locked.push('tracker');
    try {
      expect((await search(ws, { q: 'invoice' })).statusCode).toBe(200);
    } finally {
      h.config.integrations.locked.pop();
    }
  });
});
