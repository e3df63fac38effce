import { useState, type FormEvent } from 'react';
import type { OutboundPolicy } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { LocaleChecks } from './locale-checks.tsx';
import { LocaleOptions } from './locale-options.tsx';
import { useSavePolicy } from './outbound-api.ts';
import { OverrideList } from './override-list.tsx';
import { ReasonField, SaveButtons } from '../../ui/save-bar.tsx';
import { Field } from '../../ui/field.tsx';

interface Draft {
  locale_default: string | null;
  supported_locales: string[] | null;
}

const draftOf = (p: OutboundPolicy): Draft => ({
  locale_default: p.locale_default,
  supported_locales: p.supported_locales,
});

/**
 * One integration type's policy: its own default locale (or none), its own supported locales (or
 * the workspace's), and the list of its template overrides. Saving replaces the whole policy, so
 * the overrides go along as the server holds them.
 */
export function PolicyForm({
  policy,
  workspaceLocales,
  canEdit,
  onEdit,
}: {
  policy: OutboundPolicy;
  workspaceLocales: string[];
  canEdit: boolean;
  onEdit: (action: string, locale: string) => void;
}) {
  const type = policy.integration_type;
  const save = useSavePolicy(policy.workspace_key, type);
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy));
  const [reason, setReason] = useState('');
  // A new answer (a template saved below, or this form's save) starts the form again from it,
  // unless the form holds changes not saved yet.
  const [basis, setBasis] = useState(policy);
  if (basis !== policy) {
    setBasis(policy);
    if (JSON.stringify(draft) === JSON.stringify(draftOf(basis))) setDraft(draftOf(policy));
  }
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(policy));
  const own = draft.supported_locales;
  const defaults = [
    ...new Set([...(own ?? workspaceLocales), ...(draft.locale_default ? [draft.locale_default] : [])]),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...draft, template_overrides: policy.template_overrides, reason },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer));
          setReason('');
        },
      },
    );
  };
  return (
    <section className="card messages-card" aria-labelledby="msg-policy-title">
      <h2 id="msg-policy-title">
        Policy for <span className="mono">{type}</span>
      </h2>
      <p className="muted small">
        {policy.updated_at
          ? `Saved ${when(policy.updated_at)}.`
          : `No policy of its own yet: ${type} messages follow the workspace's locales and the built-in templates.`}
      </p>
      <form onSubmit={submit} aria-label={`Policy for ${type}`}>
        <fieldset className="bare" disabled={!canEdit || save.isPending}>
          <legend className="visually-hidden">Locales of {type} messages</legend>
          <div className="form-row">
            <Field
              id="msg-policy-default"
              label={`Default locale of ${type} messages`}
              error={save.error}
              name="locale_default"
            >
              {(control) => (
                <select
                  {...control}
                  value={draft.locale_default ?? ''}
                  onChange={(e) => setDraft((d) => ({ ...d, locale_default: e.target.value || null }))}
                >
                  <option value="">None: the workspace default</option>
                  <LocaleOptions locales={defaults} />
                </select>
              )}
            </Field>
            <div className="field checkbox">
              <input
                id="msg-policy-own"
                type="checkbox"
                checked={own !== null}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    supported_locales: e.target.checked ? [...workspaceLocales] : null,
                  }))
                }
              />
              <label htmlFor="msg-policy-own">Its own supported locales</label>
            </div>
          </div>
          <p className="muted small">
            {own === null
              ? `Supported: the workspace's (${workspaceLocales.join(', ')}).`
              : 'A locale is used only when the workspace supports it too.'}
          </p>
          {own !== null && (
            <LocaleChecks
              id="msg-policy-locales"
              legend={`Supported locales of ${type} messages`}
              candidates={workspaceLocales}
              checked={own}
              readOnly={!canEdit}
              onChange={(supported_locales) => setDraft((d) => ({ ...d, supported_locales }))}
            />
          )}
          {canEdit && (
            <div className="form-row">
              <ReasonField id="msg-policy-reason" value={reason} onChange={setReason} error={save.error} />
            </div>
          )}
        </fieldset>
        {canEdit && (
          <div className="form-row form-buttons">
            <SaveButtons
              label="Save policy"
              dirty={dirty}
              save={save}
              onUndo={() => setDraft(draftOf(policy))}
              errorTitle="The policy was not saved"
            />
          </div>
        )}
      </form>
      <OverrideList overrides={policy.template_overrides} onEdit={onEdit} />
    </section>
  );
}
