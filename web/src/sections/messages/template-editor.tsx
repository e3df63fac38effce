import type { OutboundPolicy, OutboundSettings, TemplateVariables } from '../../api/types.ts';
import { Empty } from '../../ui/status.tsx';
import { LocaleOptions } from './locale-options.tsx';
import { TemplateWorkbench } from './template-workbench.tsx';
import { Field } from '../../ui/field.tsx';

/**
 * The template editor: an action (from the catalogue, with its description) and a locale (in the
 * address), then the workbench for that pair. The locale offered first is the policy's default,
 * else the workspace's.
 */
export function TemplateEditor({
  settings,
  policy,
  variables,
  action,
  locale,
  onChoose,
  canEdit,
}: {
  settings: OutboundSettings;
  policy: OutboundPolicy;
  variables: TemplateVariables;
  action: string;
  locale: string;
  onChoose: (next: { action?: string; locale?: string }) => void;
  canEdit: boolean;
}) {
  const type = policy.integration_type;
  const chosenLocale = locale || policy.locale_default || settings.default_outbound_locale;
  const entry = variables.actions.find((a) => a.action_key === action);
  const actions = variables.actions.map((a) => a.action_key);
  for (const key of Object.keys(policy.template_overrides)) if (!actions.includes(key)) actions.push(key);
  if (action && !actions.includes(action)) actions.push(action);
  const locales = [
    ...new Set([
      ...settings.supported_locales,
      ...(policy.supported_locales ?? []),
      ...Object.keys(policy.template_overrides[action] ?? {}),
      chosenLocale,
    ]),
  ];
  return (
    <section className="card messages-card" aria-labelledby="msg-editor-title">
      <h2 id="msg-editor-title">
        Template editor <span className="mono small">{type}</span>
      </h2>
      <div className="form-row">
        <Field id="msg-action" label="Action" className="grow">
          {(control) => (
            <select {...control} value={action} onChange={(e) => onChoose({ action: e.target.value })}>
              <option value="">Choose an action</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="msg-locale" label="Locale">
          {(control) => (
            <select {...control} value={chosenLocale} onChange={(e) => onChoose({ locale: e.target.value })}>
              <LocaleOptions locales={locales} />
            </select>
          )}
        </Field>
      </div>
      {!action ? (
        <Empty>Choose an action to see its message, its variables and its template.</Empty>
      ) : (
        <>
          <p className="action-description" data-testid="action-description">
            {entry ? entry.description : 'Not in the catalogue: messages about it use the generic sentence.'}
          </p>
          <TemplateWorkbench
            key={`${type}/${action}/${chosenLocale}`}
            policy={policy}
            action={action}
            locale={chosenLocale}
            common={variables.common}
            own={entry?.variables ?? []}
            canEdit={canEdit}
          />
        </>
      )}
    </section>
  );
}
