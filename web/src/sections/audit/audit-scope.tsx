import type { ReactNode } from 'react';
import { Field } from '../../ui/field.tsx';
import { nameAndKey } from '../../ui/format.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import type { useAuditWorkspaces } from './audit-workspaces.ts';

/**
 * Whose audit data a page shows: the workspaces the caller may audit, after the choices given as
 * `children` (the server level). The workspace from the address stays chosen while they load, and
 * when it is not among them, so the server says why.
 */
export function AuditScope({
  id,
  label,
  workspace,
  value = workspace,
  spaces,
  onChoose,
  children,
}: {
  id: string;
  label: string;
  /** The workspace chosen ('' for none, or another choice). */
  workspace: string;
  /** The select's value, when another choice is made. */
  value?: string;
  spaces: ReturnType<typeof useAuditWorkspaces>;
  onChoose: (value: string) => void;
  children?: ReactNode;
}) {
  const listed = spaces.auditable.some((w) => w.workspace_key === workspace);
  return (
    <div className="form-row picker">
      <Field id={id} label={label}>
        {(control) => (
          <select {...control} value={value} onChange={(e) => onChoose(e.target.value)}>
            <option value="">{spaces.isPending ? 'Loading…' : 'Choose a workspace'}</option>
            {children}
            {spaces.auditable.map((w) => (
              <option key={w.workspace_key} value={w.workspace_key}>
                {nameAndKey(w.name, w.workspace_key)}
              </option>
            ))}
            {workspace && !listed && <option value={workspace}>{workspace}</option>}
          </select>
        )}
      </Field>
      <ErrorMessage error={spaces.error} />
    </div>
  );
}
