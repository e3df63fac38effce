/** A Jira fake with a few issues, and a workspace whose tracker points at it. */
import { afterAll, beforeAll } from 'vitest';
import { adfDoc, JIRA_CREDENTIALS, startJiraFake, type JiraFake } from '../../../test/fakes/jira-fake.ts';
import type { Harness, TestUser } from '../../../test/harness.ts';
import { auditOf, workspaceScene } from '../../workspaces/workspace-routes-scenario.fixtures.ts';
import { workspaceWithProvider } from '../config/integrations.fixtures.ts';

const ISSUES = [
  {
    key: 'BILL-142',
    summary: 'Invoices generated twice after scaling to two replicas',
    status: 'In Progress',
    issuetype: 'Bug',
    assignee: 'Dana Ops',
    updated: '2026-11-20T10:00:00.000+0000',
    description: adfDoc('Both replicas ran the nightly invoice job.', 'Fix: take an advisory lock.'),
    comments: Array.from({ length: 7 }, (_, i) => ({
      author: `Reviewer ${i + 1}`,
      created: `2026-11-1${i}T09:00:00.000+0000`,
      body: `Comment number ${i + 1} about the advisory lock`,
    })),
  },
  {
    key: 'BILL-7',
    summary: 'Invoice PDF font misses Japanese glyphs',
    status: 'Done',
    issuetype: 'Task',
    assignee: null,
    updated: '2026-10-01T10:00:00.000+0000',
    description: adfDoc('Use Noto Sans CJK for invoice PDFs.'),
  },
];

/** The file's users and a Jira fake, started and closed around the file's tests. */
export function trackerScene(h: Harness) {
  const scene = workspaceScene(h);
  const s = scene.users as typeof scene.users & { jira: JiraFake };
  beforeAll(async () => {
    s.jira = await startJiraFake({ issues: ISSUES });
  });
  afterAll(async () => {
    await s.jira.close();
  });
  /** A workspace (alice admin, bob member) with the tracker saved: the fake, or what `config` says. */
  const workspaceWithTracker = (config: Record<string, unknown> = {}, enabled = true) =>
    workspaceWithProvider(
      h,
      scene,
      'tracker',
      {
        base_url: s.jira.baseUrl,
        email: JIRA_CREDENTIALS.email,
        api_token: JIRA_CREDENTIALS.apiToken,
        ...config,
      },
      enabled,
    );
  const search = (ws: string, query: Record<string, string>, as?: TestUser) =>
    h.request('GET', '/v1/tracker/search', { as: as ?? s.bob, query: { workspace_key: ws, ...query } });
  const read = (ws: string, query: Record<string, string>, as?: TestUser) =>
    h.request('GET', '/v1/tracker/read', { as: as ?? s.bob, query: { workspace_key: ws, ...query } });
  const trackerAudit = (ws: string) => auditOf(h, ws, 'tracker.');
  return { s, workspaceWithTracker, search, read, trackerAudit };
}
