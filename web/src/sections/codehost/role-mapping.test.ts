import { describe, expect, it } from 'vitest';
import type { CodehostRoleMapping } from '../../api/types.ts';
import { mappingSentence, PERMISSIONS, roleOfChoice, roleWords, sameMapping } from './role-mapping.ts';

const defaults: CodehostRoleMapping = {
  admin: 'maintainer',
  maintain: 'maintainer',
  write: 'writer',
  triage: 'reader',
  read: 'reader',
};

describe('mappingSentence', () => {
  it('groups the permissions by the role they give, strongest role first', () => {
    expect(mappingSentence(defaults)).toBe(
      'admin and maintain give maintainer; write gives writer; triage and read give reader',
    );
    expect(mappingSentence({ ...defaults, write: 'reader' })).toBe(
      'admin and maintain give maintainer; write, triage and read give reader',
    );
  });

  it('says the permissions that give no role last', () => {
    expect(mappingSentence({ ...defaults, triage: null, read: null, maintain: 'writer' })).toBe(
      'admin gives maintainer; maintain and write give writer; triage and read give no role',
    );
  });
});

describe('the selects of the mapping', () => {
  it('take a role, or no role for an empty or unknown choice', () => {
    expect(['maintainer', 'writer', 'reader', '', 'owner'].map(roleOfChoice)).toEqual([
      'maintainer',
      'writer',
      'reader',
      null,
      null,
    ]);
    expect(roleWords(null)).toBe('no role');
    expect(roleWords('writer')).toBe('writer');
  });

  it('list the permissions strongest first, and compare mappings by every permission', () => {
    expect(PERMISSIONS).toEqual(['admin', 'maintain', 'write', 'triage', 'read']);
    expect(sameMapping(defaults, { ...defaults })).toBe(true);
    expect(sameMapping(defaults, { ...defaults, read: null })).toBe(false);
  });
});
