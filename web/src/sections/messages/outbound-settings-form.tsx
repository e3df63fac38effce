import { useState, type FormEvent } from 'react';
import type { OutboundSettings } from '../../api/types.ts';
import { LocaleChecks } from './locale-checks.tsx';
import { localeLabel } from './locale-words.ts';
import { useSaveSettings } from './outbound-api.ts';
import { ReasonField, SaveButtons } from '../../ui/save-bar.tsx';
import { Field } from '../../ui/field.tsx';

interface Draft {
  default_outbound_locale: string;
  supported_locales: string[];
}

const draftOf = (s: OutboundSettings): Draft => ({
  default_outbound_locale: s.default_outbound_locale,
  supported_locales: s.supported_locales,
});

/**
 * The workspace's outbound locales: the default and the supported ones (the built-in locales as
 * checkboxes, another code added by hand), saved with an optional reason for the audit log. The
 * server refuses a default that is not supported; its message is shown as it words it.
 */
export function OutboundSettingsForm({
  settings,
  canEdit,
}: {
  settings: OutboundSettings;
  canEdit: boolean;
}) {
  const save = useSaveSettings(settings.workspace_key);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [reason, setReason] = useState('');
  // A new answer (after a save, or another workspace) starts the form again from it.
  const [basis, setBasis] = useState(settings);
  if (basis !== settings) {
    setBasis(settings);
    setDraft(draftOf(settings));
  }
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
  const choices = [
    ...settings.built_in_locales,
    ...draft.supported_locales.filter((l) => !(settings.built_in_locales as string[]).includes(l)),
  ];
  if (!choices.includes(draft.default_outbound_locale)) choices.push(draft.default_outbound_locale);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...draft, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => setReason('') },
    );
  };
  return (
    <section className="card messages-card" aria-labelledby="msg-settings-title">
      <h2 id="msg-settings-title">Workspace locales</h2>
      <p className="muted small">
        Messages go out in one of the supported locales; the default applies unless a policy below says
        otherwise. Built-in templates exist in {settings.built_in_locales.join(', ')}; another locale uses its
        language&apos;s (es-MX → es), else English.
      </p>
      <form onSubmit={submit} aria-label="Workspace locales">
        <fieldset className="bare" disabled={!canEdit || save.isPending}>
          <legend className="visually-hidden">Workspace locales</legend>
          <LocaleChecks
            id="msg-ws-locales"
            legend="Supported locales"
            candidates={settings.built_in_locales}
            checked={draft.supported_locales}
            readOnly={!canEdit}
            onChange={(supported_locales) => setDraft((d) => ({ ...d, supported_locales }))}
          />
          <div className="form-row">
            <Field
              id="msg-ws-default"
              label="Default outbound locale"
              error={save.error}
              name="default_outbound_locale"
            >
              {(control) => (
                <select
                  {...control}
                  value={draft.default_outbound_locale}
                  onChange={(e) => setDraft((d) => ({ ...d, default_outbound_locale: e.target.value }))}
                >
                  {choices.map((l) => (
                    <option key={l} value={l}>
                      {localeLabel(l)}
                      {draft.supported_locales.includes(l) ? '' : ' (not supported)'}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {canEdit && (
              <ReasonField id="msg-ws-reason" value={reason} onChange={setReason} error={save.error} />
            )}
          </div>
        </fieldset>
        {canEdit && (
          <div className="form-row form-buttons">
            <SaveButtons
              label="Save locales"
              dirty={dirty}
              save={save}
              onUndo={() => setDraft(draftOf(settings))}
              errorTitle="The locales were not saved"
            />
          </div>
        )}
      </form>
    </section>
  );
}
