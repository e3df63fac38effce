import { StringListEditor } from '../../ui/string-list-editor.tsx';
import { ChoiceField, JsonListField, TextField, YES_NO, type FieldProps } from './config-fields.tsx';
import { FieldSource } from './field-source.tsx';

/** Tracker and wiki (Jira and Confluence Cloud): site, account e-mail, write flags. */
export function SiteFields(props: FieldProps) {
  return (
    <>
      <TextField {...props} field="base_url" label="Base URL" type="url" />
      <TextField {...props} field="email" label="Account e-mail" type="email" />
      <ChoiceField {...props} field="write_on_commit" label="Write on commit" options={YES_NO} />
      <ChoiceField {...props} field="write_on_merge" label="Write on merge" options={YES_NO} />
    </>
  );
}

/** Chat notifications of audit entries: the webhook's defaults and the rules choosing what goes where. */
export function ChatFields(props: FieldProps) {
  const prefixes = props.values.action_prefixes;
  const id = `int-chat-action_prefixes`;
  return (
    <>
      <TextField {...props} field="default_channel" label="Default channel" />
      <ChoiceField
        {...props}
        field="format"
        label="Format"
        options={[
          ['detailed', 'detailed'],
          ['compact', 'compact'],
        ]}
      />
      <ChoiceField {...props} field="include_target_json" label="Include target JSON" options={YES_NO} />
      <ChoiceField {...props} field="mask_secrets" label="Mask secrets" options={YES_NO} />
      <div className="field field-wide">
        <StringListEditor
          id={id}
          label="Action prefixes"
          values={Array.isArray(prefixes) ? (prefixes as string[]) : []}
          placeholder="access."
          onChange={(v) => props.set('action_prefixes', v.length > 0 ? v : undefined)}
        />
        <span className="muted small field-hint">
          <FieldSource integration={props.integration} field="action_prefixes" />
        </span>
      </div>
      <JsonListField
        {...props}
        field="routes"
        label="Routes"
        example='[{"action_prefix": "access.", "channel": "#security", "min_severity": "high"}]'
      />
      <JsonListField
        {...props}
        field="severity_rules"
        label="Severity rules"
        example='[{"action_prefix": "integration.", "severity": "medium"}]'
      />
    </>
  );
}

/** The audit reasoner's language model: its API shape, model and base URL. Here the environment comes first. */
export function ReasonerFields(props: FieldProps) {
  return (
    <>
      <ChoiceField
        {...props}
        field="llm_provider"
        label="LLM provider"
        options={[
          ['openai', 'OpenAI'],
          ['anthropic', 'Anthropic'],
        ]}
      />
      <TextField {...props} field="model" label="Model" />
      <TextField {...props} field="base_url" label="Base URL" type="url" />
    </>
  );
}
