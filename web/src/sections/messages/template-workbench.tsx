import { useMemo, useRef, useState } from 'react';
import type { OutboundPolicy, TemplateVariable } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { Field } from '../../ui/field.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { exampleParams, readParams } from './example-params.ts';
import { localeName } from './locale-words.ts';
import { useRender, useSavePolicy } from './outbound-api.ts';
import { draftOfPolicy, withTemplate } from './policy-draft.ts';
import { RenderedMessage } from './rendered-message.tsx';
import { TemplateVariables } from './template-variables.tsx';
import { useDebounced } from './use-debounced.ts';

const PREVIEW_DELAY_MS = 300;

/**
 * The template of one action in one locale: what the workspace sends now, the current message in
 * that locale, the editor (starting from the saved override, else empty) with its live preview,
 * the example values, the variables, and saving or removing the override.
 */
export function TemplateWorkbench({
  policy,
  action,
  locale,
  common,
  own,
  canEdit,
}: {
  policy: OutboundPolicy;
  action: string;
  locale: string;
  common: TemplateVariable[];
  own: TemplateVariable[];
  canEdit: boolean;
}) {
  const { workspace_key: workspace, integration_type: type } = policy;
  const saved = policy.template_overrides[action]?.[locale];
  const [text, setText] = useState(saved ?? '');
  const [basis, setBasis] = useState(saved);
  if (basis !== saved) {
    setBasis(saved);
    setText(saved ?? '');
  }
  const [paramsText, setParamsText] = useState(() => exampleParams(common, own));
  const editor = useRef<HTMLTextAreaElement>(null);
  const save = useSavePolicy(workspace, type);
  const [done, setDone] = useState('');

  const settledText = useDebounced(text, PREVIEW_DELAY_MS);
  const settledParams = useDebounced(paramsText, PREVIEW_DELAY_MS);
  const read = useMemo(() => readParams(settledParams), [settledParams]);
  const params = 'params' in read ? read.params : null;
  const base = params ? { workspace, type, action, params } : null;
  const asSent = useRender(base);
  const current = useRender(base && { ...base, locale });
  const preview = useRender(base && settledText.trim() ? { ...base, locale, template: settledText } : null);

  const insert = (name: string) => {
    const el = editor.current;
    const token = `{{ ${name} }}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    setText(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const put = (template: string | null) =>
    save.mutate(
      {
        ...draftOfPolicy(policy),
        template_overrides: withTemplate(policy.template_overrides, action, locale, template),
      },
      { onSuccess: () => setDone(template === null ? 'Override removed.' : 'Override saved.') },
    );
  const dirty = text !== (saved ?? '');
  const language = localeName(locale);
  return (
    <div className="workbench">
      <RenderedMessage title="Preview as sent" render={asSent} type={type} testId="as-sent" />
      <RenderedMessage
        title={`Current message in ${language}`}
        render={current}
        type={type}
        testId="current-message"
      />
      {current.data && current.data.locale !== locale && (
        <p className="notice card small" role="note">
          {language} is not allowed for {type} messages (the workspace or this policy does not support it):
          they would go out in {localeName(current.data.locale)}.
        </p>
      )}
      <Field
        id="msg-template"
        label={`Template in ${language} (Liquid)${saved === undefined ? ': none saved, the built-in one applies' : ''}`}
        error={save.error}
        name="template_overrides"
      >
        {(control) => (
          <textarea
            {...control}
            ref={editor}
            className="mono template-text"
            rows={5}
            maxLength={10_000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      {saved === undefined && current.data && text !== current.data.template && (
        <button type="button" className="secondary" onClick={() => setText(current.data?.template ?? '')}>
          Start from the current template
        </button>
      )}
      {!canEdit && (
        <p className="muted small">
          You may try a template here; only the workspace&apos;s owners and admins save one.
        </p>
      )}
      {text.trim() === '' ? (
        <p className="muted small" data-testid="preview">
          Type a template to see it rendered here.
        </p>
      ) : (
        <RenderedMessage title="Live preview" render={preview} type={type} testId="preview" />
      )}
      {canEdit && (
        <div className="form-row form-buttons">
          <button
            type="button"
            disabled={!dirty || text.trim() === '' || save.isPending}
            onClick={() => put(text)}
          >
            {save.isPending ? 'Saving…' : 'Save override'}
          </button>
          {saved !== undefined && (
            <ConfirmButton
              label="Remove override"
              question={`Remove the ${action} template in ${language}? Its messages go back to the built-in one.`}
              confirmLabel="Remove it"
              disabled={save.isPending}
              onConfirm={() => put(null)}
            />
          )}
          {save.isSuccess && !dirty && (
            <p className="ok" role="status">
              {done}
            </p>
          )}
          <ErrorMessage error={save.error} title="The override was not saved" />
        </div>
      )}
      <Field
        id="msg-params"
        label="Example values (JSON, used by the previews)"
        hint={
          <>
            The action&apos;s params, as an audit entry holds them; in the previews you are the actor and{' '}
            <span className="mono">project_key</span> and <span className="mono">severity</span> come from
            here.
          </>
        }
        problem={'problem' in read ? read.problem : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            className="mono"
            rows={Math.min(10, paramsText.split('\n').length)}
            value={paramsText}
            onChange={(e) => setParamsText(e.target.value)}
          />
        )}
      </Field>
      <TemplateVariables common={common} own={own} onInsert={insert} />
    </div>
  );
}
