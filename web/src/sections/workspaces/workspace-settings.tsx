import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { workspaceQueries, workspaceWrites } from '../../api/queries/workspaces.ts';
import type { MemoryType, Workspace } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { MEMORY_TYPES, typeLabel } from '../../ui/memory-vocabulary.ts';
import { StringListEditor } from '../../ui/string-list-editor.tsx';
import { ReasonField, SaveButtons } from '../../ui/save-bar.tsx';
import { changesOf, reviewDaysOf, settingsOf, type Settings } from './settings-changes.ts';

/** The settings that are on or off. */
type FlagName = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

const FLAGS: Array<[FlagName, string, string]> = [
  [
    'auto_create_project',
    'Create projects on first sight',
    'resolution creates an unknown repository’s project; members may create projects',
  ],
  [
    'auto_switch_repo',
    'Follow into another repository',
    'the MCP adapter switches project when the assistant moves to another repository',
  ],
  [
    'auto_switch_subproject',
    'Follow into another sub-project',
    'the same, between sub-projects of one repository',
  ],
  ['enable_monorepo_resolution', 'Monorepo sub-projects', 'a path inside a repository selects a sub-project'],
];

/** The workspace's settings: read by every member, changed by its admins (audited with a reason). */
export function WorkspaceSettings({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const client = useQueryClient();
  const saved = settingsOf(workspace);
  const [edited, setEdited] = useState<Settings>(saved);
  const [reason, setReason] = useState('');
  const changes = changesOf(saved, edited);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setEdited((s) => ({ ...s, [key]: value }));
  // An empty field leaves the type out: its memories never become stale.
  const setReviewDays = (type: MemoryType, value: string) => {
    const days: Settings['review_after_days'] = { ...edited.review_after_days };
    if (value === '') delete days[type];
    else days[type] = Number(value);
    set('review_after_days', reviewDaysOf(days));
  };
  const save = useMutation({
    mutationFn: () =>
      workspaceWrites.update(workspace.workspace_key, {
        ...changes,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSuccess: (w) => {
      client.setQueryData(workspaceQueries.detail(w.workspace_key).queryKey, w);
      void client.invalidateQueries({ queryKey: workspaceQueries.lists() });
      setEdited(settingsOf(w));
      setReason('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="settings" onSubmit={submit} aria-label="Workspace settings">
      {!canEdit && <p className="muted">Only the workspace’s owners and admins change its settings.</p>}
      <fieldset disabled={!canEdit || save.isPending}>
        <legend className="visually-hidden">Settings</legend>
        <div className="grid two">
          <div className="card">
            <h2>General</h2>
            <Field id="ws-name" label="Name" error={save.error} name="name">
              {(control) => (
                <input
                  {...control}
                  value={edited.name}
                  maxLength={200}
                  onChange={(e) => set('name', e.target.value)}
                />
              )}
            </Field>
            <Field
              id="ws-locale"
              label="Default outbound locale"
              error={save.error}
              name="default_outbound_locale"
            >
              {(control) => (
                <input
                  {...control}
                  value={edited.default_outbound_locale}
                  onChange={(e) => set('default_outbound_locale', e.target.value)}
                />
              )}
            </Field>
            <StringListEditor
              id="ws-locales"
              label="Supported locales"
              values={edited.supported_locales}
              placeholder="pt-BR"
              onChange={(v) => set('supported_locales', v)}
            />
            <Field
              id="ws-raw-role"
              label="Raw snippets and imports need"
              error={save.error}
              name="raw_access_min_role"
            >
              {(control) => (
                <select
                  {...control}
                  value={edited.raw_access_min_role}
                  onChange={(e) =>
                    set('raw_access_min_role', e.target.value as Settings['raw_access_min_role'])
                  }
                >
                  <option value="writer">project writer</option>
                  <option value="maintainer">project maintainer</option>
                </select>
              )}
            </Field>
          </div>
          <div className="card">
            <h2>Project resolution</h2>
            <StringListEditor
              id="ws-order"
              label="Resolution order (first tried first)"
              values={edited.resolution_order}
              ordered
              addable={false}
              onChange={(v) => set('resolution_order', v as Settings['resolution_order'])}
            />
            <StringListEditor
              id="ws-prefixes"
              label="Key prefixes"
              values={edited.key_prefixes}
              placeholder="codehost:acme"
              onChange={(v) => set('key_prefixes', v)}
            />
            {FLAGS.map(([key, label, help]) => (
              <Flag key={key} name={key} label={label} help={help} edited={edited} set={set} />
            ))}
            <Field
              id="ws-level"
              label="Monorepo detection level (path segments naming a sub-project)"
              error={save.error}
              name="monorepo_detection_level"
            >
              {(control) => (
                <select
                  {...control}
                  value={edited.monorepo_detection_level}
                  onChange={(e) => set('monorepo_detection_level', Number(e.target.value))}
                >
                  {[0, 1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="card">
            <h2>Active Work</h2>
            <Field
              id="ws-stale-days"
              label="Mark an item stale after this many days without evidence"
              error={save.error}
              name="active_work_stale_days"
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={365}
                  value={edited.active_work_stale_days}
                  onChange={(e) => set('active_work_stale_days', Number(e.target.value))}
                />
              )}
            </Field>
            <Field
              id="ws-auto-close-days"
              label="Close a stale item after this many days without evidence (empty: never)"
              error={save.error}
              name="active_work_auto_close_days"
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={3650}
                  value={edited.active_work_auto_close_days ?? ''}
                  onChange={(e) =>
                    set('active_work_auto_close_days', e.target.value === '' ? null : Number(e.target.value))
                  }
                />
              )}
            </Field>
          </div>
          <div className="card">
            <h2>Memory review</h2>
            <p id="ws-review-help" className="muted small">
              A memory of a type given a number of days is marked stale once it has gone that long without
              being used in a context bundle or confirmed by a maintainer: recall ranks it lower and the
              Memories section lists it under Needs review until then. A type left empty never becomes stale.
              A review date set on a memory itself goes first.
            </p>
            <fieldset className="review-days" aria-describedby="ws-review-help">
              <legend>Days until a memory becomes stale (empty: never)</legend>
              {MEMORY_TYPES.map((t) => (
                <Field
                  key={t}
                  id={`ws-review-${t}`}
                  label={typeLabel(t)}
                  className="narrow"
                  error={save.error}
                  name={`review_after_days.${t}`}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      min={1}
                      max={3650}
                      placeholder="never"
                      value={edited.review_after_days[t] ?? ''}
                      onChange={(e) => setReviewDays(t, e.target.value)}
                    />
                  )}
                </Field>
              ))}
            </fieldset>
          </div>
          <div className="card">
            <h2>Imports</h2>
            <Flag
              name="model_extraction"
              label="Extract with the language model"
              help={
                <>
                  import extract also asks the workspace’s language model (the audit reasoner’s, set up in{' '}
                  <Link to={`/integrations?workspace=${encodeURIComponent(workspace.workspace_key)}`}>
                    Integrations
                  </Link>
                  ) for memories; while off, nothing is sent to it
                </>
              }
              edited={edited}
              set={set}
            />
          </div>
        </div>
        {canEdit && (
          <div className="card form-row">
            <ReasonField id="ws-reason" value={reason} onChange={setReason} error={save.error} />
            <SaveButtons
              label="Save settings"
              dirty={dirty}
              save={save}
              onUndo={() => setEdited(saved)}
              errorTitle="The settings were not saved"
            />
          </div>
        )}
      </fieldset>
    </form>
  );
}

/** One on-or-off setting: its box, its label, a line on what it does. */
function Flag({
  name,
  label,
  help,
  edited,
  set,
}: {
  name: FlagName;
  label: string;
  help: ReactNode;
  edited: Settings;
  set: (key: FlagName, value: boolean) => void;
}) {
  return (
    <div className="field checkbox">
      <input
        id={`ws-${name}`}
        type="checkbox"
        checked={edited[name]}
        aria-describedby={`ws-${name}-help`}
        onChange={(e) => set(name, e.target.checked)}
      />
      <label htmlFor={`ws-${name}`}>{label}</label>
      <span id={`ws-${name}-help`} className="muted small">
        {help}
      </span>
    </div>
  );
}
