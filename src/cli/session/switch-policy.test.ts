import { describe, expect, it } from 'vitest';
import { decideSwitch, repositoryOf } from './switch-policy.ts';

const API = 'codehost:acme/api';
const WEB = 'codehost:acme/web';
const MONO_WEB = 'codehost:acme/mono#apps/web';
const MONO_API = 'codehost:acme/mono#apps/api';
const MONO = 'codehost:acme/mono';

const decide = (
  current: string | null,
  resolved: string,
  autoSwitchRepo: boolean,
  autoSwitchSubproject: boolean,
) => decideSwitch({ current, resolved, autoSwitchRepo, autoSwitchSubproject });

describe('repositoryOf', () => {
  it('drops the sub-path of a project key and keeps a repository key whole', () => {
    expect(repositoryOf(MONO_WEB)).toBe(MONO);
    expect(repositoryOf('codehost:acme/mono#apps/web/deep')).toBe(MONO);
    expect(repositoryOf(API)).toBe(API);
  });
});

describe('decideSwitch', () => {
  it('selects the first resolved project whatever the settings say', () => {
    for (const repo of [true, false]) {
      for (const sub of [true, false]) expect(decide(null, API, repo, sub)).toEqual({ kind: 'selected' });
    }
  });

  it('reports the same project as same whatever the settings say', () => {
    expect(decide(API, API, false, false)).toEqual({ kind: 'same' });
    expect(decide(MONO_WEB, MONO_WEB, true, true)).toEqual({ kind: 'same' });
  });

  it('switches to another repository only with auto_switch_repo (auto_switch_subproject does not matter)', () => {
    expect(decide(API, WEB, true, false)).toEqual({ kind: 'switched', scope: 'repository' });
    expect(decide(API, WEB, false, true)).toEqual({ kind: 'kept', scope: 'repository' });
    expect(decide(API, MONO_WEB, true, false)).toEqual({ kind: 'switched', scope: 'repository' });
    expect(decide(MONO_WEB, API, false, true)).toEqual({ kind: 'kept', scope: 'repository' });
  });

  it('switches between sub-projects of one repository only with auto_switch_subproject', () => {
    expect(decide(MONO_WEB, MONO_API, false, true)).toEqual({ kind: 'switched', scope: 'subproject' });
    expect(decide(MONO_WEB, MONO_API, true, false)).toEqual({ kind: 'kept', scope: 'subproject' });
    // The repository's own project and one of its sub-projects are one repository too.
    expect(decide(MONO, MONO_WEB, true, false)).toEqual({ kind: 'kept', scope: 'subproject' });
    expect(decide(MONO_WEB, MONO, false, true)).toEqual({ kind: 'switched', scope: 'subproject' });
  });

  it('tells repositories apart by the whole key, not a common prefix', () => {
    expect(decide('codehost:acme/api', 'codehost:acme/api-v2', false, true)).toEqual({
      kind: 'kept',
      scope: 'repository',
    });
    expect(decide('codehost:acme/api', 'gitlab:acme/api', true, false)).toEqual({
      kind: 'switched',
      scope: 'repository',
    });
  });
});
