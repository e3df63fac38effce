import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import { recordCiEvent } from '../../api/queries/ci-events.ts';
import { projectQueries } from '../../api/queries/projects.ts';
import type { CiEvent } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { nameAndKey } from '../../ui/format.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { EMPTY_RUN, RUN_FIELDS, runOf, type RunField } from './ci-run.ts';

/**
 * Records a CI run's result (POST /v1/ci-events): success or failure, optionally for one of the
 * workspace's projects (its writers), with the run's details. Empty fields are left out; the
 * server checks the rest and its refusal is shown as it worded it. Workspace members.
 */
export function CiEventForm({
  workspace,
  onCreated,
}: {
  workspace: string;
  onCreated: (e: CiEvent) => void;
}) {
  const client = useQueryClient();
  const projects = usePagedList(projectQueries.list(workspace, 200));
  const [status, setStatus] = useState<'success' | 'failure'>('success');
  const [project, setProject] = useState('');
  const [values, setValues] = useState(EMPTY_RUN);
  const record = useMutation({
    mutationFn: () =>
      recordCiEvent({
        status,
        workspace_key: workspace,
        ...(project ? { project_key: project } : {}),
        ...runOf(values),
      }),
    onSuccess: (created) => {
      onCreated(created);
      void client.invalidateQueries({ queryKey: auditQueries.logs(workspace) });
    },
  });
  const set = (field: RunField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate();
  };
  return (
    <form className="card form-row ci-form" onSubmit={submit} noValidate aria-labelledby="ci-form-title">
      <h2 id="ci-form-title">Record a CI result in {workspace}</h2>
      <fieldset className="checks field-wide">
        <legend>Result</legend>
        {(['success', 'failure'] as const).map((s) => (
          <span key={s} className="field checkbox">
            <input
              id={`ci-status-${s}`}
              type="radio"
              name="ci-status"
              value={s}
              checked={status === s}
              onChange={() => setStatus(s)}
            />
            <label htmlFor={`ci-status-${s}`}>{s}</label>
          </span>
        ))}
      </fieldset>
      <Field id="ci-project" label="Project (optional)" error={record.error} name="project_key">
        {(control) => (
          <select {...control} value={project} onChange={(e) => setProject(e.target.value)}>
            <option value="">{projects.isPending ? 'Loading…' : 'No project'}</option>
            {projects.items.map((p) => (
              <option key={p.key} value={p.key}>
                {nameAndKey(p.name, p.key)} · {p.role}
              </option>
            ))}
          </select>
        )}
      </Field>
      {RUN_FIELDS.map(([field, label, max, example]) => (
        <Field key={field} id={`ci-${field}`} label={label} error={record.error} name={field}>
          {(control) => (
            <input
              {...control}
              value={values[field]}
              maxLength={max}
              placeholder={example}
              className={field === 'sha' ? 'mono' : undefined}
              onChange={(e) => set(field, e.target.value)}
            />
          )}
        </Field>
      ))}
      <Field id="ci-run_url" label="Run URL" className="field-wide" error={record.error} name="run_url">
        {(control) => (
          <input
            {...control}
            type="url"
            value={values.run_url}
            maxLength={2000}
            placeholder="https://github.com/acme/api/actions/runs/1234"
            onChange={(e) => set('run_url', e.target.value)}
          />
        )}
      </Field>
      <Field
        id="ci-message"
        label="Message"
        className="field-wide"
        hint="Secrets in it are masked before it is stored."
        error={record.error}
        name="message"
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={values.message}
            maxLength={4000}
            onChange={(e) => set('message', e.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={record.isPending}>
        {record.isPending ? 'Recording…' : `Record ${status}`}
      </button>
      <ErrorMessage error={record.error} title="The CI result was not recorded" />
      <ErrorMessage error={projects.error} title="The projects could not be read" />
    </form>
  );
}
