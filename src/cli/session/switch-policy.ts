/** The repository part of a project key: `codehost:acme/api#web` → `codehost:acme/api`. */
export const repositoryOf = (projectKey: string) => projectKey.replace(/#.*$/s, '');

export type SwitchScope = 'repository' | 'subproject';

export type SwitchDecision =
  | { kind: 'same' }
  | { kind: 'selected' }
  | { kind: 'switched'; scope: SwitchScope }
  | { kind: 'kept'; scope: SwitchScope };

/**
 * What the adapter does when the working directory resolves to `resolved` while `current` is in
 * use (nothing pinned): the first resolution selects; a different repository switches only with
 * the workspace's `auto_switch_repo`, another sub-project of the same repository only with
 * `auto_switch_subproject`; otherwise the current project is kept.
 */
export function decideSwitch(input: {
  current: string | null;
  resolved: string;
  autoSwitchRepo: boolean;
  autoSwitchSubproject: boolean;
}): SwitchDecision {
  const { current, resolved } = input;
  if (current === null) return { kind: 'selected' };
  if (current === resolved) return { kind: 'same' };
  const scope: SwitchScope = repositoryOf(current) === repositoryOf(resolved) ? 'subproject' : 'repository';
  const allowed = scope === 'repository' ? input.autoSwitchRepo : input.autoSwitchSubproject;
  return allowed ? { kind: 'switched', scope } : { kind: 'kept', scope };
}
