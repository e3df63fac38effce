import { describe, expect, it } from 'vitest';
import type { CodehostPermissionSync } from '../../api/types.ts';
import {
  changeWords,
  evidenceWords,
  permissionSentence,
  repositoriesRead,
  roleChange,
  timelinePath,
} from './permission-words.ts';

const plan: CodehostPermissionSync = {
  dry_run: true,
  correlation_id: 'cor_01',
  repositories: 2,
  added: 3,
  changed: 1,
  removed: 0,
  kept_manual: 1,
  skipped: { unknown_logins: ['ghost', 'nobody'], not_workspace_members: [] },
  changes: [],
  truncated: false,
};

describe('permissionSentence', () => {
  it('says what a dry run would do, the memberships made by hand and the people skipped', () => {
    expect(permissionSentence(plan)).toBe(
      '3 to add, 1 to change, 0 to remove; 1 membership made by hand left as it is; 2 people unknown to ctxhub skipped',
    );
  });

  it('says what an applied run did, in the past tense', () => {
    expect(permissionSentence({ ...plan, dry_run: false })).toBe(
      '3 added, 1 changed, 0 removed; 1 membership made by hand left as it is; 2 people unknown to ctxhub skipped',
    );
  });

  it('counts in the singular and the plural, and says people outside the workspace', () => {
    expect(
      permissionSentence({
        ...plan,
        kept_manual: 2,
        skipped: { unknown_logins: ['ghost'], not_workspace_members: ['dana', 'erin'] },
      }),
    ).toBe(
      '3 to add, 1 to change, 0 to remove; 2 memberships made by hand left as they are; 1 person unknown to ctxhub skipped; 2 people outside the workspace skipped',
    );
    expect(
      permissionSentence({ ...plan, skipped: { unknown_logins: [], not_workspace_members: ['dana'] } }),
    ).toContain('; 1 person outside the workspace skipped');
  });

  it('leaves out the memberships kept and the people skipped when there are none', () => {
    const none = { ...plan, added: 0, changed: 0, kept_manual: 0 };
    expect(permissionSentence({ ...none, skipped: { unknown_logins: [], not_workspace_members: [] } })).toBe(
      '0 to add, 0 to change, 0 to remove',
    );
  });
});

describe('repositoriesRead', () => {
  it('counts the repositories read', () => {
    expect(repositoriesRead(1)).toBe('1 linked repository with a project was read');
    expect(repositoriesRead(0)).toBe('0 linked repositories with a project were read');
    expect(repositoriesRead(12)).toBe('12 linked repositories with a project were read');
  });
});

describe('changeWords and roleChange', () => {
  it('names each change as planned and as applied', () => {
    expect((['add', 'change', 'remove'] as const).map((c) => changeWords(c, false))).toEqual([
      'add',
      'change role',
      'remove',
    ]);
    expect((['add', 'change', 'remove'] as const).map((c) => changeWords(c, true))).toEqual([
      'added',
      'role changed',
      'removed',
    ]);
  });

  it('writes the role before and after, none for no membership', () => {
    expect(roleChange({ old_role: null, new_role: 'writer' })).toBe('none → writer');
    expect(roleChange({ old_role: 'writer', new_role: 'reader' })).toBe('writer → reader');
    expect(roleChange({ old_role: 'reader', new_role: null })).toBe('reader → none');
  });
});

describe('evidenceWords', () => {
  it('names the repository and the permission the code host gives the login', () => {
    expect(evidenceWords({ repo: 'acme/api', permission: 'write', login: 'bob-gh' })).toEqual({
      repo: 'acme/api',
      why: 'write permission (as bob-gh)',
    });
    expect(evidenceWords({ repo: 'acme/api', permission: 'read' }).why).toBe('read permission');
  });

  it("says a removal's reason in words, an unknown one as written", () => {
    expect(evidenceWords({ repo: 'acme/web', reason: 'no_access_at_code_host' })).toEqual({
      repo: 'acme/web',
      why: 'no access at the code host',
    });
    expect(evidenceWords({ repo: 'acme/web', reason: 'repo_archived' }).why).toBe('repo archived');
    expect(evidenceWords({})).toEqual({ repo: '(repository not named)', why: 'no reason given' });
  });
});

describe('timelinePath', () => {
  it('is the access timeline of the workspace showing one correlation id', () => {
    expect(timelinePath('acme', 'cor_01J/x')).toBe('/access?workspace=acme&correlation=cor_01J%2Fx');
  });
});
