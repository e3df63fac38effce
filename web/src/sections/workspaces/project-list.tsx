import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePagedList } from '../../api/paged.ts';
import { projectQueries, projectWrites } from '../../api/queries/projects.ts';
import type { Workspace } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { Field } from '../../ui/field.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ErrorMessage } from '../../ui/status.tsx';

/** The projects of a workspace the caller can read, and (admins, or anyone with auto-create) a new one. */
export function ProjectList({ workspace, canCreate }: { workspace: Workspace; canCreate: boolean }) {
  const client = useQueryClient();
  const projects = usePagedList(projectQueries.list(workspace.workspace_key));
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () =>
      projectWrites.create(workspace.workspace_key, {
        key: key.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
      }),
    onSuccess: () => {
      setKey('');
      setName('');
      void client.invalidateQueries({ queryKey: projectQueries.lists(workspace.workspace_key) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      {canCreate && (
        <form className="card form-row" onSubmit={submit} aria-labelledby="new-project-title">
          <h2 id="new-project-title">New project</h2>
          <Field id="project-key" label="Key" error={create.error} name="key">
            {(control) => (
              <input
                {...control}
                required
                value={key}
                placeholder={`${workspace.key_prefixes[0] ?? 'codehost:acme'}/api`}
                onChange={(e) => setKey(e.target.value)}
              />
            )}
          </Field>
          <Field id="project-name" label="Name (optional)" error={create.error} name="name">
            {(control) => (
              <input {...control} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
          <button type="submit" disabled={create.isPending}>
            Create project
          </button>
          <ErrorMessage error={create.error} title="The project was not created" />
        </form>
      )}
      <h2>Projects</h2>
      <PagedTable
        list={projects}
        what="projects"
        empty="No project you can read in this workspace."
        columns={['Project', 'Your role', 'Created']}
      >
        {(p) => (
          <tr key={p.key}>
            <td>
              <Link
                to={`/workspaces/${encodeURIComponent(workspace.workspace_key)}/projects/${encodeURIComponent(p.key)}`}
              >
                {p.name}
              </Link>
              {p.name !== p.key && <div className="muted small mono">{p.key}</div>}
            </td>
            <td data-label="Your role">
              <span className="badge">{p.role}</span>
            </td>
            <td data-label="Created">{when(p.created_at)}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
