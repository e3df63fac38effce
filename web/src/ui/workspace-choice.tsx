import type { ReactNode } from 'react';
import { usePagedList } from '../api/paged.ts';
import { workspaceQueries } from '../api/queries/workspaces.ts';
import type { Workspace } from '../api/types.ts';
import { text } from './address-fields.ts';
import { Field } from './field.tsx';
import { nameAndKey } from './format.ts';
import { Empty, ErrorMessage } from './status.tsx';

/** The address of a page working on one workspace (`?workspace=`); a page adds its own fields. */
export const WORKSPACE_ADDRESS = { workspace: text };

/** The caller's workspaces and, among them, the one named (`undefined` while loading or when not listed). */
export function useWorkspaces(chosen: string) {
  const list = usePagedList(workspaceQueries.list(200));
  return {
    isPending: list.isPending,
    error: list.error,
    items: list.items,
    current: list.items.find((w) => w.workspace_key === chosen),
  };
}

const label = (w: Workspace) => `${nameAndKey(w.name, w.workspace_key)} · ${w.role}`;

/**
 * A select of the caller's workspaces (with their role in each) for a page working on one
 * workspace. The key from the address stays chosen while the list loads, and when it is not
 * listed at all, so the server says why.
 * `children`: more fields of the same row (a page's other choices).
 */
export function WorkspaceChoice({
  id,
  workspace,
  spaces,
  onChoose,
  children,
}: {
  id: string;
  workspace: string;
  spaces: ReturnType<typeof useWorkspaces>;
  onChoose: (workspace: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="form-row picker">
      <Field id={id} label="Workspace">
        {(control) => (
          <select {...control} value={workspace} onChange={(e) => onChoose(e.target.value)}>
            <option value="">{spaces.isPending ? 'Loading…' : 'Choose a workspace'}</option>
            {spaces.items.map((w) => (
              <option key={w.workspace_key} value={w.workspace_key}>
                {label(w)}
              </option>
            ))}
            {workspace && !spaces.current && <option value={workspace}>{workspace}</option>}
          </select>
        )}
      </Field>
      {children}
      <ErrorMessage error={spaces.error} />
    </div>
  );
}

/** What a workspace's page shows until one is chosen, once the caller's workspaces are read. */
export function ChooseWorkspace({
  spaces,
  children,
}: {
  spaces: ReturnType<typeof useWorkspaces>;
  children: ReactNode;
}) {
  if (spaces.isPending) return null;
  return <Empty>{spaces.items.length === 0 ? 'You are a member of no workspace yet.' : children}</Empty>;
}
