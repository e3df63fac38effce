import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { mappingQueries, mappingWrites, type MappingKind } from '../../api/queries/mappings.ts';
import { workspaceQueries } from '../../api/queries/workspaces.ts';
import type { ProjectMapping, Workspace } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { Field } from '../../ui/field.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ErrorMessage } from '../../ui/status.tsx';

const KIND_HELP: Record<MappingKind, string> = {
  codehost_remote: 'a git remote (any form: git@…, https://…)',
  repo_root_slug: 'a repository folder name',
  manual: 'a name a person types',
};

/** The mappings project resolution tries before key prefixes, in the order it tries them. */
export function ProjectMappings({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const client = useQueryClient();
  const ws = workspace.workspace_key;
  const mappings = useQuery(mappingQueries.list(ws));
  // The workspace's settings list its mappings too.
  const refresh = () => {
    void client.invalidateQueries({ queryKey: mappingQueries.list(ws).queryKey });
    void client.invalidateQueries({ queryKey: workspaceQueries.detail(ws).queryKey });
  };
  const update = useMutation({
    mutationFn: (m: { id: string; changes: Partial<Pick<ProjectMapping, 'priority' | 'enabled'>> }) =>
      mappingWrites.update(ws, m.id, m.changes),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => mappingWrites.remove(ws, id),
    onSuccess: refresh,
  });
  return (
    <>
      <p className="muted">
        Resolution tries these before the key prefixes: among the mappings that match, the highest priority
        wins. Disabled mappings are kept but never match.
      </p>
      {canEdit && <NewMapping workspace={ws} onDone={refresh} />}
      <ErrorMessage error={update.error ?? remove.error} title="Refused" />
      <PagedTable
        list={{ ...mappings, items: mappings.data?.items ?? [] }}
        what="project mappings"
        empty="No project mappings."
        columns={['Matches', 'Project', 'Priority', 'Enabled', { hidden: 'Actions' }]}
      >
        {(m) => (
          <tr key={m.id}>
            <td>
              <span className="badge">{m.kind}</span> <span className="mono">{m.external_id}</span>
            </td>
            <td data-label="Project" className="mono">
              {m.project_key}
            </td>
            <td data-label="Priority">
              {canEdit ? (
                <PriorityEditor
                  mapping={m}
                  onSave={(priority) => update.mutate({ id: m.id, changes: { priority } })}
                />
              ) : (
                m.priority
              )}
            </td>
            <td data-label="Enabled">
              <input
                type="checkbox"
                aria-label={`Enabled: ${m.external_id}`}
                checked={m.enabled}
                disabled={!canEdit || update.isPending}
                onChange={(e) => update.mutate({ id: m.id, changes: { enabled: e.target.checked } })}
              />
            </td>
            <td className="actions">
              {canEdit && (
                <ConfirmButton
                  label="Delete"
                  question={<>Delete the mapping of {m.external_id}?</>}
                  confirmLabel="Delete mapping"
                  onConfirm={() => remove.mutate(m.id)}
                  disabled={remove.isPending}
                />
              )}
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}

function PriorityEditor({
  mapping,
  onSave,
}: {
  mapping: ProjectMapping;
  onSave: (priority: number) => void;
}) {
  const [value, setValue] = useState(String(mapping.priority));
  const changed = value !== String(mapping.priority);
  return (
    <span className="inline-add">
      <label className="visually-hidden" htmlFor={`priority-${mapping.id}`}>
        Priority of {mapping.external_id}
      </label>
      <input
        id={`priority-${mapping.id}`}
        className="narrow"
        type="number"
        min={0}
        max={1000000}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      {changed && (
        <button type="button" className="secondary small-button" onClick={() => onSave(Number(value))}>
          Save
        </button>
      )}
    </span>
  );
}

function NewMapping({ workspace, onDone }: { workspace: string; onDone: () => void }) {
  const [kind, setKind] = useState<MappingKind>('codehost_remote');
  const [externalId, setExternalId] = useState('');
  const [projectKey, setProjectKey] = useState('');
  const [priority, setPriority] = useState('0');
  const create = useMutation({
    mutationFn: () =>
      mappingWrites.create(workspace, {
        kind,
        external_id: externalId.trim(),
        project_key: projectKey.trim(),
        priority: Number(priority),
      }),
    onSuccess: () => {
      setExternalId('');
      setProjectKey('');
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card form-row" onSubmit={submit} aria-labelledby="new-mapping-title">
      <h2 id="new-mapping-title">New mapping</h2>
      <Field id="mapping-kind" label="Source" error={create.error} name="kind">
        {(control) => (
          <select {...control} value={kind} onChange={(e) => setKind(e.target.value as MappingKind)}>
            {(Object.keys(KIND_HELP) as MappingKind[]).map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="mapping-external"
        label={`Matches (${KIND_HELP[kind]})`}
        error={create.error}
        name="external_id"
      >
        {(control) => (
          <input {...control} required value={externalId} onChange={(e) => setExternalId(e.target.value)} />
        )}
      </Field>
      <Field id="mapping-project" label="Project key" error={create.error} name="project_key">
        {(control) => (
          <input {...control} required value={projectKey} onChange={(e) => setProjectKey(e.target.value)} />
        )}
      </Field>
      <Field id="mapping-priority" label="Priority" error={create.error} name="priority">
        {(control) => (
          <input
            {...control}
            className="narrow"
            type="number"
            min={0}
            max={1000000}
            value={priority}
            onChange={(e) => setPriority(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={create.isPending}>
        Add mapping
      </button>
      <ErrorMessage error={create.error} title="The mapping was not added" />
    </form>
  );
}
