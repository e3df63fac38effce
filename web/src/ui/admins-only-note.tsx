import type { ReactNode } from 'react';
import type { Workspace } from '../api/types.ts';

/**
 * Why a page holds back what only a workspace's owners and admins may do (the server refuses the
 * others anyway): what they alone may do, the caller's role when the workspace is listed, and
 * what the caller may still do (`children`).
 */
export function AdminsOnlyNote({
  only,
  workspace,
  current,
  label = 'Who can read this',
  className = '',
  children,
}: {
  /** What only owners and admins do: "see and retry its deliveries". */
  only: string;
  workspace: string;
  current: Workspace | undefined;
  label?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`card notice ${className}`.trim()} role="note" aria-label={label}>
      <p>
        Only the workspace&apos;s owners and admins {only}
        {current && (
          <>
            ; your role in <span className="mono">{workspace}</span> is <strong>{current.role}</strong>
          </>
        )}
        .{children && <> {children}</>}
      </p>
    </div>
  );
}
