import type { Integration } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { SOURCE_NAMES, SECRET_OF, type Draft } from './integration-draft.ts';

/**
 * A write-only secret: whether one is set (and from where), never its value. Replace reveals an
 * empty password field; Clear (the workspace's own secret only) saves at once with `null`.
 */
export function SecretField({
  integration,
  draft,
  onChange,
  onClear,
  label,
  canEdit,
}: {
  integration: Integration;
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
  onClear: () => void;
  label: string;
  canEdit: boolean;
}) {
  const field = SECRET_OF[integration.provider];
  const id = `int-${integration.provider}-${field}`;
  const isSet = integration.config[`has_${field}`] === true;
  const source = integration.field_sources[field];
  return (
    <div className="field field-wide secret-field">
      <span className="label" id={`${id}-label`}>
        {label}
        {isSet ? (
          <span className="badge status-active">set</span>
        ) : (
          <span className="badge status-pending">not set</span>
        )}
        {isSet && source && <span className={`badge source-${source}`}>from {SOURCE_NAMES[source]}</span>}
        {integration.secrets_unreadable && (
          <span className="badge status-expired">unreadable: enter it again</span>
        )}
      </span>
      {draft.secretMode === 'replace' ? (
        <div className="inline-add">
          <label className="visually-hidden" htmlFor={id}>
            New {label}
          </label>
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={draft.secret}
            onChange={(e) => onChange({ secret: e.target.value })}
          />
          <button
            type="button"
            className="secondary"
            onClick={() => onChange({ secretMode: 'keep', secret: '' })}
          >
            Keep the stored one
          </button>
        </div>
      ) : (
        canEdit && (
          <div className="actions-left">
            <button
              type="button"
              className="secondary"
              aria-label={`${isSet ? 'Replace' : 'Set'} ${label}`}
              onClick={() => onChange({ secretMode: 'replace', secret: '' })}
            >
              {isSet ? 'Replace' : 'Set'}
            </button>
            {isSet && source === 'workspace' && (
              <ConfirmButton
                label={`Clear ${label}`}
                question={`Remove the workspace's ${label}?${integration.locked ? '' : ' An environment value applies then, if any.'}`}
                confirmLabel="Clear it"
                onConfirm={onClear}
              />
            )}
          </div>
        )
      )}
    </div>
  );
}
