/** Users, workspaces and reads shared by the project-mapping route tests. Every call takes the file's harness. */
import { expect } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.ts';
import { auditLogPages } from '../audit/audit-scenario.fixtures.ts';
import { readWorkspace, workspaceScene } from '../workspaces/workspace-routes-scenario.fixtures.ts';
import type { ProjectMapping } from '../tenancy/table.ts';

export const MAPPING_ID = /^pmap_[0-9A-Z]{26}$/;
export const UNKNOWN_ID = `pmap_${'0'.repeat(26)}`;
export const url = (ws: string, id?: string) => `/v1/workspaces/${ws}/project-mappings${id ? `/${id}` : ''}`;
export const VALID = { kind: 'manual', external_id: 'backend', project_key: 'codehost:acme/api' };

/**
 * The mapping test scene of a harness: `alice` (workspace admin), `bob` (plain member) and
 * `outsider` (owner of another workspace only), set up before the file's tests, and the reads
 * every test uses.
 */
export function mappingScene(h: Harness) {
  const { users, newWorkspace } = workspaceScene(h);
  async function mappingsOf(ws: string, as: TestUser = h.admin): Promise<ProjectMapping[]> {
    const res = await h.request('GET', url(ws), { as });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: ProjectMapping[]; next_cursor: null };
    expect(body.next_cursor).toBeNull();
    return body.items;
  }
  async function create(ws: string, body: Record<string, unknown>, as?: TestUser): Promise<ProjectMapping> {
    const res = await h.request('POST', url(ws), { as: as ?? users.alice, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ProjectMapping;
  }
  /** Every audit entry of a workspace, newest first. */
  const allAuditOf = (ws: string) => auditLogPages(h, h.admin, { workspace_key: ws });
  /** Everything a mapping request could change: the list, the workspace and its audit entries. */
  const stateOf = async (ws: string) => ({
    mappings: await mappingsOf(ws),
    workspace: await readWorkspace(h, ws),
    audit: await allAuditOf(ws),
  });
  return { users, newWorkspace, mappingsOf, create, allAuditOf, stateOf };
}
