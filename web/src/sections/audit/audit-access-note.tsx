import type { Workspace } from '../../api/types.ts';

/** What the caller was refused, in words: their role in the chosen workspace, or none. */
function situation(chosen: string, workspace: Workspace | undefined, serverLevel: boolean) {
  if (serverLevel) return <>The server level&apos;s log is for server administrators only.</>;
  if (!chosen) return <>You are admin or owner of no workspace.</>;
  if (workspace?.role)
    return (
      <>
        In <span className="mono">{chosen}</span> your role is <strong>{workspace.role}</strong>.
      </>
    );
  return (
    <>
      You are not a member of <span className="mono">{chosen}</span>.
    </>
  );
}

/**
 * Why the caller sees no audit data: only workspace admins and owners (and server administrators)
 * read a workspace's audit log and access timeline. The server refuses the others anyway.
 */
export function AuditAccessNote({
  chosen = '',
  workspace,
  serverLevel = false,
}: {
  chosen?: string;
  workspace?: Workspace | undefined;
  serverLevel?: boolean;
}) {
  return (
    <div className="card notice" role="note" aria-label="Who can read this">
      <p>
        <strong>Only workspace admins and owners can read the audit log and the access timeline</strong>, and
        server administrators every workspace&apos;s and the server level&apos;s.{' '}
        {situation(chosen, workspace, serverLevel)} Ask an owner of the workspace if you need its audit trail.
      </p>
    </div>
  );
}
