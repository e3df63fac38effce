import type { Integration } from '../../api/types.ts';
import { SOURCE_NAMES } from './integration-draft.ts';

/** A value as shown in a hint: text as is, lists and objects as compact JSON. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Where a field's applied value comes from (as the API reports it), as a badge. */
function SourceBadge({ integration, field }: { integration: Integration; field: string }) {
  const source = integration.field_sources[field];
  if (!source) return <span className="badge source-none">not set</span>;
  return <span className={`badge source-${source}`}>from {SOURCE_NAMES[source] ?? source}</span>;
}

/**
 * A field's hint: its source, and the value that applies when it is not the workspace's own (an
 * environment fallback, a default, the tracker's), so an empty field says what it falls back to.
 */
export function FieldSource({ integration, field }: { integration: Integration; field: string }) {
  const source = integration.field_sources[field];
  const value = integration.config[field];
  return (
    <>
      <SourceBadge integration={integration} field={field} />
      {source && source !== 'workspace' && value !== undefined && (
        <>
          {' '}
          applies: <span className="mono">{shown(value)}</span>
        </>
      )}
    </>
  );
}
