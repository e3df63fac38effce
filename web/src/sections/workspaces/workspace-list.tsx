import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { workspaceQueries, workspaceWrites } from '../../api/queries/workspaces.ts';
import type { Session } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { Field } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ErrorMessage } from '../../ui/status.tsx';

export function WorkspaceList({ session }: { session: Session }) {
  const workspaces = usePagedList(workspaceQueries.list());
  return (
    <Page
      title="Workspaces"
      lead={
        session.user.is_admin
          ? 'Every workspace on this server (you act as owner of each).'
          : 'The workspaces you belong to, with your role.'
      }
    >
      {session.user.is_admin && <CreateWorkspace />}
      <PagedTable
        list={workspaces}
        what="workspaces"
        empty={
          session.user.is_admin
            ? 'No workspace yet: create the first one above.'
            : 'You belong to no workspace yet: ask an administrator to add you.'
        }
        columns={['Workspace', 'Your role', 'Projects are created', 'Created']}
      >
        {(w) => (
          <tr key={w.workspace_key}>
            <td>
              <Link to={`/workspaces/${encodeURIComponent(w.workspace_key)}`}>{w.name}</Link>
              <div className="muted small mono">{w.workspace_key}</div>
            </td>
            <td data-label="Your role">
              <span className="badge">{w.role ?? 'server admin'}</span>
            </td>
            <td data-label="Projects are created">
              {w.auto_create_project ? 'automatically, on first sight' : 'by admins'}
            </td>
            <td data-label="Created">{when(w.created_at)}</td>
          </tr>
        )}
      </PagedTable>
    </Page>
  );
}

function CreateWorkspace() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () =>
      workspaceWrites.create({ workspace_key: key.trim(), ...(name.trim() ? { name: name.trim() } : {}) }),
    onSuccess: (w) => {
      void client.invalidateQueries({ queryKey: workspaceQueries.lists() });
      void navigate(`/workspaces/${encodeURIComponent(w.workspace_key)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form-row" onSubmit={submit} aria-labelledby="new-workspace-title">
      <h2 id="new-workspace-title">New workspace</h2>
      <Field
        id="workspace-key"
        label="Key"
        error={create.error}
        name="workspace_key"
        hint={
          <>
            Lower-case letters, digits, <code>.</code>, <code>_</code> and <code>-</code>; it cannot be
            changed later. You become its owner.
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            required
            value={key}
            placeholder="acme"
            onChange={(e) => setKey(e.target.value)}
          />
        )}
      </Field>
      <Field id="workspace-name" label="Name (optional)" error={create.error} name="name">
        {(control) => (
          <input {...control} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create workspace'}
      </button>
      <ErrorMessage error={create.error} title="The workspace was not created" />
    </form>
  );
}
