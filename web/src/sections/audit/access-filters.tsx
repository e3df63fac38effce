import { useState, type FormEvent } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { auditQueries } from '../../api/queries/audit.ts';
import { memberQueries } from '../../api/queries/members.ts';
import { projectQueries } from '../../api/queries/projects.ts';
import { Field } from '../../ui/field.tsx';
import { nameAndKey } from '../../ui/format.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import type { AccessAddress } from './access-address.ts';
import { fromLocalInput, toLocalInput } from './local-time.ts';
import { PageSizeField } from './page-size-field.tsx';

type FormValues = Omit<AccessAddress, 'workspace' | 'correlation' | 'limit'> & { limit: string };

const SOURCES = ['manual', 'codehost', 'oidc', 'system'];
const ACTIONS: Record<string, string> = { add: 'added', change: 'role changed', remove: 'removed' };

/**
 * Every filter the access timeline takes, applied to the address together. Users: the workspace's
 * members, and the people of its latest 200 access changes who are no longer members. `error`: the
 * timeline's, whose words about a filter (a range that ends before it starts) show at its field.
 */
export function AccessFilters({
  workspace,
  values,
  onApply,
  error,
}: {
  workspace: string;
  values: AccessAddress;
  onApply: (patch: Partial<AccessAddress>) => void;
  error: unknown;
}) {
  const [form, setForm] = useState<FormValues>({
    project: values.project,
    user: values.user,
    source: values.source,
    action: values.action,
    from: toLocalInput(values.from),
    to: toLocalInput(values.to),
    limit: String(values.limit),
  });
  const members = usePagedList(memberQueries.list({ workspace }, 200));
  const projects = usePagedList(projectQueries.list(workspace, 200));
  const recent = usePagedList(auditQueries.accessTimeline(workspace, { limit: 200 }));
  const former = [...new Map(recent.items.map((e) => [e.target_user.id, e.target_user])).values()].filter(
    (o) => !members.items.some((m) => m.user_id === o.id),
  );
  if (
    form.user &&
    !members.items.some((m) => m.user_id === form.user) &&
    !former.some((o) => o.id === form.user)
  )
    former.push({ id: form.user, email: null });
  const bind = (name: keyof FormValues) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...form,
      from: fromLocalInput(form.from, 'start', values.from),
      to: fromLocalInput(form.to, 'end', values.to),
      limit: Number(form.limit),
    });
  };
  const clear = () => onApply({ project: '', user: '', source: '', action: '', from: '', to: '', limit: 50 });
  return (
    <form className="card form-row" onSubmit={submit} aria-label="Filter the access timeline">
      <Field id="access-project" label="Project" error={error} name="project_key">
        {(control) => (
          <select {...control} {...bind('project')}>
            <option value="">All (workspace and projects)</option>
            {projects.items.map((p) => (
              <option key={p.key} value={p.key}>
                {nameAndKey(p.name, p.key)}
              </option>
            ))}
            {form.project && !projects.items.some((p) => p.key === form.project) && (
              <option value={form.project}>{form.project}</option>
            )}
          </select>
        )}
      </Field>
      <Field id="access-user" label="User (whose access changed)" error={error} name="user_id">
        {(control) => (
          <select {...control} {...bind('user')}>
            <option value="">Everyone</option>
            <optgroup label="Members">
              {members.items.map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.email}
                </option>
              ))}
            </optgroup>
            {former.length > 0 && (
              <optgroup label="Not members now">
                {former.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.email ?? o.id}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <Field id="access-source" label="Source" className="narrow" error={error} name="source">
        {(control) => (
          <select {...control} {...bind('source')}>
            <option value="">Any</option>
            {SOURCES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="access-action" label="Change" className="narrow" error={error} name="action">
        {(control) => (
          <select {...control} {...bind('action')}>
            <option value="">Any</option>
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="access-from" label="From (your time)" error={error} name="from">
        {(control) => <input {...control} type="datetime-local" step={1} {...bind('from')} />}
      </Field>
      <Field id="access-to" label="To (your time)" error={error} name="to">
        {(control) => <input {...control} type="datetime-local" step={1} {...bind('to')} />}
      </Field>
      <PageSizeField id="access-limit" value={form.limit} onChange={(limit) => setForm({ ...form, limit })} />
      <button type="submit">Apply filters</button>
      <button type="button" className="secondary" onClick={clear}>
        Clear
      </button>
      <ErrorMessage error={members.error ?? projects.error ?? recent.error} />
    </form>
  );
}
