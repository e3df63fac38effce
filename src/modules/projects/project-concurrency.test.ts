import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { accessLog } from '../workspaces/members.fixtures.ts';
import {
  postProjectMember,
  projectMembersOf,
  projectRoleOf,
  readProject,
  team,
} from './projects.fixtures.ts';

const h = useHarness();

describe('concurrent changes', () => {
  it('a project membership added while its user leaves the workspace never outlives the workspace membership', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await team(h);
      const [removed, added] = await Promise.all([
        h.request('DELETE', `/v1/workspaces/${t.ws}/members/${t.bystander.id}`, { as: h.admin }),
        postProjectMember(h, t, t.maintainer, { user_id: t.bystander.id, role: 'reader' }),
      ]);
      expect(removed!.statusCode).toBe(204);
      expect([201, 409]).toContain(added!.statusCode);
      expect(await projectRoleOf(h, t.ws, t.project, t.bystander)).toBeNull();
      const removals = (await accessLog(h, t.ws)).filter(
        (e) => e.target.params.target_user_id === t.bystander.id,
      );
      // When the add won, the removal cascaded it (and audited that).
      const projectRemoved = removals.filter((e) => e.action === 'access.project_member.removed');
      expect(projectRemoved).toHaveLength(added!.statusCode === 201 ? 1 : 0);
    }
  });

  it('a member creating a project while leaving the workspace does not stay its maintainer', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await h.user();
      const ws = await h.workspace([[member, 'member']], { auto_create_project: true });
      const key = `codehost:acme/${h.uniq('race')}`;
      const [removed, created] = await Promise.all([
        h.request('DELETE', `/v1/workspaces/${ws}/members/${member.id}`, { as: h.admin }),
        h.request('POST', `/v1/workspaces/${ws}/projects`, { as: member, body: { key } }),
      ]);
      expect(removed!.statusCode).toBe(204);
      expect([201, 404]).toContain(created!.statusCode);
      if (created!.statusCode === 201) expect(await projectMembersOf(h, ws, key)).toEqual([]);
      else expect(await readProject(h, ws, key)).toBeNull();
    }
  });
});
