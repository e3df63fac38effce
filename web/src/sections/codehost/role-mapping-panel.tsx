import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, type FormEvent } from 'react';
import { codehostQueries, codehostWrites } from '../../api/queries/codehost.ts';
import type { CodehostRoleMapping } from '../../api/types.ts';
import { Field } from '../../ui/field.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import {
  mappingSentence,
  PERMISSIONS,
  ROLE_CHOICES,
  roleOfChoice,
  roleWords,
  sameMapping,
} from './role-mapping.ts';

const DEFAULTS_HINT =
  'The defaults: admin and maintain give maintainer; write gives writer; triage and read give reader.';

/** What each permission gives, read-only (members, or while the caller's role is not known yet). */
function MappingFacts({ mapping }: { mapping: CodehostRoleMapping }) {
  return (
    <dl className="facts" aria-label="Project role of each code host permission">
      {PERMISSIONS.map((p) => (
        <Fragment key={p}>
          <dt className="mono">{p}</dt>
          <dd>{roleWords(mapping[p])}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * Which project role each code host permission gives in this workspace: five selects for its
 * admins (Save sends the whole mapping; "Use the defaults" sends none, so each takes its default),
 * the mapping read-only for its other members. The next permission sync applies it.
 */
export function RoleMappingPanel({
  workspace,
  mapping,
  canEdit,
}: {
  workspace: string;
  mapping: CodehostRoleMapping;
  canEdit: boolean;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useDraft(mapping);
  const installation = codehostQueries.installation(workspace);
  const save = useMutation({
    mutationFn: (body: Partial<CodehostRoleMapping>) => codehostWrites.setRoleMapping(workspace, body),
    onSuccess: (saved) => {
      setDraft(saved);
      client.setQueryData(installation.queryKey, (old) => old && { ...old, role_mapping: saved });
      void client.invalidateQueries({ queryKey: installation.queryKey });
    },
  });
  const dirty = !sameMapping(draft, mapping);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <section className="card codehost-panel" aria-labelledby="ch-mapping-title">
      <h3 id="ch-mapping-title">Role mapping</h3>
      <p>
        The project role each permission at the code host gives on the repository&apos;s project. The next
        permission sync applies it.
      </p>
      {!canEdit ? (
        <MappingFacts mapping={mapping} />
      ) : (
        <form onSubmit={submit} aria-label="Role mapping">
          <fieldset className="codehost-mapping" disabled={save.isPending}>
            <legend className="visually-hidden">Project role of each code host permission</legend>
            {PERMISSIONS.map((p) => (
              <Field
                key={p}
                id={`ch-map-${p}`}
                label={
                  <>
                    <span className="mono">{p}</span> gives
                  </>
                }
                className="narrow"
                error={save.error}
                name={p}
              >
                {(control) => (
                  <select
                    {...control}
                    value={draft[p] ?? ''}
                    onChange={(e) => setDraft((d) => ({ ...d, [p]: roleOfChoice(e.target.value) }))}
                  >
                    {ROLE_CHOICES.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </fieldset>
          <p className="muted small">{DEFAULTS_HINT}</p>
          <div className="codehost-buttons">
            <button type="submit" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save the mapping'}
            </button>
            <button type="button" className="secondary" disabled={!dirty} onClick={() => setDraft(mapping)}>
              Undo changes
            </button>
            <button
              type="button"
              className="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({})}
            >
              Use the defaults
            </button>
          </div>
          <div aria-live="polite">
            {save.isSuccess && !dirty && <p className="ok">Saved: {mappingSentence(save.data)}.</p>}
          </div>
          <ErrorMessage error={save.error} title="The mapping was not saved" />
        </form>
      )}
    </section>
  );
}
