import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Integration } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import type { FieldProps } from './config-fields.tsx';
import { draftOf, isDirty, PROVIDER_NAMES, type Draft } from './integration-draft.ts';
import { useSaveIntegration } from './integration-save.ts';
import { ChatTest } from './chat-test.tsx';
import { ChatFields, ReasonerFields, SiteFields } from './provider-fields.tsx';
import { ModelUsage } from './model-usage.tsx';
import { ProviderTest } from './provider-test.tsx';
import { SecretField } from './secret-field.tsx';
import { ReasonField, SaveButtons } from '../../ui/save-bar.tsx';

const FIELDS = { tracker: SiteFields, wiki: SiteFields, chat: ChatFields, audit_reasoner: ReasonerFields };
const SECRET_LABELS = {
  tracker: 'API token',
  wiki: 'API token',
  chat: 'Webhook URL',
  audit_reasoner: 'API key',
};

/** What applies to one provider, as badges: enabled, configured, where it comes from, locked. */
function StateBadges({ integration: i }: { integration: Integration }) {
  return (
    <>
      <span className={`badge ${i.enabled ? 'status-active' : 'status-pending'}`}>
        {i.enabled ? 'enabled' : 'disabled'}
      </span>
      <span className={`badge ${i.configured ? 'status-active' : 'status-pending'}`}>
        {i.configured ? 'configured' : 'incomplete'}
      </span>
      <span className={`badge source-${i.source}`}>
        {i.source === 'workspace' ? 'saved' : i.source === 'env' ? 'environment only' : 'nothing set'}
      </span>
      {i.locked && <span className="badge status-expired">locked</span>}
    </>
  );
}

/**
 * One provider: its state, its form (read-only when locked or for a non-admin), its secret
 * (write-only), and for tracker and wiki a test search.
 */
export function ProviderCard({
  workspace,
  integration,
  canEdit,
}: {
  workspace: string;
  integration: Integration;
  canEdit: boolean;
}) {
  const provider = integration.provider;
  const save = useSaveIntegration(workspace, provider);
  const [draft, setDraft] = useState<Draft>(() => draftOf(integration));
  // A new answer (after a save, or changed elsewhere) starts the form again from it; `generation`
  // also resets fields keeping their own text (the JSON lists).
  const [basis, setBasis] = useState(integration);
  const [generation, setGeneration] = useState(0);
  const restart = () => {
    setDraft(draftOf(integration));
    setGeneration((g) => g + 1);
  };
  if (basis !== integration) {
    setBasis(integration);
    restart();
  }
  const editable = canEdit && !integration.locked;
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const set: FieldProps['set'] = (field, value) =>
    setDraft((d) => {
      const values = { ...d.values };
      if (value === undefined) delete values[field];
      else values[field] = value;
      return { ...d, values };
    });
  const dirty = isDirty(integration, draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const Fields = FIELDS[provider];
  const titleId = `int-${provider}-title`;
  return (
    <section className="card integration" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {PROVIDER_NAMES[provider]} <span className="mono small">{provider}</span>
      </h2>
      <p className="integration-state">
        <StateBadges integration={integration} />
        {integration.updated_at && <span className="muted small"> saved {when(integration.updated_at)}</span>}
      </p>
      {integration.missing.length > 0 && (
        <p className="muted small">
          Missing (no source gives them): <span className="mono">{integration.missing.join(', ')}</span>
        </p>
      )}
      {provider === 'audit_reasoner' && (
        <p className="muted small">
          When on, a language model explains in a sentence or two each chat notification whose change carries
          no reason; the explanation shows in the message, the{' '}
          <Link to={`/audit?workspace=${encodeURIComponent(workspace)}`}>Audit log</Link> and{' '}
          <Link to={`/deliveries?workspace=${encodeURIComponent(workspace)}`}>Deliveries</Link>. While it is
          off, nothing is sent to a model. The environment&apos;s values come first here. A message waits at
          most <span className="mono">SERVICE_AUDIT_REASONER_WAIT_MS</span> (5 s unless set) for its
          explanation, then goes out without it.
        </p>
      )}
      {provider === 'chat' && (
        <p className="muted small">
          The workspace&apos;s audit entries are posted to the webhook by these rules; each message&apos;s
          progress is in <Link to={`/deliveries?workspace=${encodeURIComponent(workspace)}`}>Deliveries</Link>
          .
        </p>
      )}
      {integration.locked && (
        <p className="card notice locked-note" role="note">
          Locked by the server (<span className="mono">SERVICE_INTEGRATION_LOCKED_PROVIDERS</span>): only the
          environment&apos;s configuration applies, and the server refuses changes from any workspace.
        </p>
      )}
      <form onSubmit={submit} aria-label={`${PROVIDER_NAMES[provider]} configuration`}>
        <fieldset disabled={!editable || save.isPending} className="integration-fields">
          <legend className="visually-hidden">{PROVIDER_NAMES[provider]} fields</legend>
          <div className="field checkbox field-wide">
            <input
              id={`int-${provider}-enabled`}
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => change({ enabled: e.target.checked })}
            />
            <label htmlFor={`int-${provider}-enabled`}>Enabled</label>
          </div>
          <Fields
            key={generation}
            integration={integration}
            values={draft.values}
            set={set}
            error={save.error}
          />
          <SecretField
            integration={integration}
            draft={draft}
            onChange={change}
            onClear={() => save.mutate({ ...draftOf(integration), secretMode: 'clear' })}
            label={SECRET_LABELS[provider]}
            canEdit={editable}
          />
        </fieldset>
        {editable && (
          <div className="form-row">
            <ReasonField
              id={`int-${provider}-reason`}
              value={draft.reason}
              onChange={(reason) => change({ reason })}
              error={save.error}
            />
            <SaveButtons
              label={`Save ${provider.replace('_', ' ')}`}
              dirty={dirty}
              save={save}
              onUndo={restart}
              errorTitle={`The ${provider} configuration was not saved`}
            />
          </div>
        )}
      </form>
      {(provider === 'tracker' || provider === 'wiki') && (
        <ProviderTest workspace={workspace} provider={provider} />
      )}
      {provider === 'chat' && canEdit && <ChatTest workspace={workspace} />}
      {provider === 'audit_reasoner' && <ModelUsage workspace={workspace} />}
    </section>
  );
}
