import type { CodehostPermissionSync, CodehostPlannedChange } from '../../api/types.ts';
import { counted } from '../../ui/format.ts';

/**
 * A permission sync in one sentence, planned ("3 to add, 1 to change, 0 to remove") or applied
 * ("3 added, 1 changed, 0 removed"), then, when there are any, the memberships made by hand that
 * were left as they are and the people skipped: "1 membership made by hand left as it is; 2
 * people unknown to ctxhub skipped; 1 person outside the workspace skipped".
 */
export function permissionSentence(r: CodehostPermissionSync): string {
  const parts = [
    r.dry_run
      ? `${r.added} to add, ${r.changed} to change, ${r.removed} to remove`
      : `${r.added} added, ${r.changed} changed, ${r.removed} removed`,
  ];
  if (r.kept_manual > 0)
    parts.push(
      r.kept_manual === 1
        ? '1 membership made by hand left as it is'
        : `${r.kept_manual} memberships made by hand left as they are`,
    );
  const unknown = r.skipped.unknown_logins.length;
  if (unknown > 0) parts.push(`${counted(unknown, 'person', 'people')} unknown to ctxhub skipped`);
  const outside = r.skipped.not_workspace_members.length;
  if (outside > 0) parts.push(`${counted(outside, 'person', 'people')} outside the workspace skipped`);
  return parts.join('; ');
}

/** Which repositories were read: "2 linked repositories with a project were read". */
export function repositoriesRead(n: number): string {
  return n === 1
    ? '1 linked repository with a project was read'
    : `${n} linked repositories with a project were read`;
}

/** A change's kind in words, as planned or as applied. */
export function changeWords(change: CodehostPlannedChange['change'], applied: boolean): string {
  switch (change) {
    case 'add':
      return applied ? 'added' : 'add';
    case 'change':
      return applied ? 'role changed' : 'change role';
    case 'remove':
      return applied ? 'removed' : 'remove';
  }
}

/** The project role before and after: "none → writer", "writer → reader", "reader → none". */
export function roleChange(c: Pick<CodehostPlannedChange, 'old_role' | 'new_role'>): string {
  return `${c.old_role ?? 'none'} → ${c.new_role ?? 'none'}`;
}

/** Why the server says so, by the code host's words: the repository and what it says of the person. */
export function evidenceWords(evidence: Record<string, string>): { repo: string; why: string } {
  const repo = evidence.repo ?? '(repository not named)';
  if (evidence.permission) {
    return {
      repo,
      why: evidence.login
        ? `${evidence.permission} permission (as ${evidence.login})`
        : `${evidence.permission} permission`,
    };
  }
  if (evidence.reason === 'no_access_at_code_host') return { repo, why: 'no access at the code host' };
  return { repo, why: evidence.reason ? evidence.reason.replaceAll('_', ' ') : 'no reason given' };
}

/** The access timeline's address showing the events of one applied run together. */
export function timelinePath(workspace: string, correlationId: string): string {
  return `/access?${new URLSearchParams({ workspace, correlation: correlationId }).toString()}`;
}
