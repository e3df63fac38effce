import type { ReactNode } from 'react';
import type { MemoryStatus, MemoryType } from '../api/types.ts';
import { Field } from './field.tsx';
import { WRITABLE_STATUSES, MEMORY_TYPES, statusLabel, typeLabel } from './memory-vocabulary.ts';

/** A memory (or a staged one, which has no status) as its forms edit it. */
export interface MemoryDraft {
  type: MemoryType;
  status?: MemoryStatus;
  content: string;
}

/** The longest content the API takes. */
const MAX_CONTENT = 8000;

/**
 * A memory's type, its status (`withStatus`: for maintainers) and its content, as fields of one
 * form; each shows what the server said about it when the save was refused (`error`).
 */
export function MemoryFields({
  idPrefix,
  draft,
  onChange,
  withStatus = false,
  contentLabel = 'Content',
  contentHint,
  rows = 3,
  error,
}: {
  idPrefix: string;
  draft: MemoryDraft;
  onChange: (patch: Partial<MemoryDraft>) => void;
  withStatus?: boolean;
  contentLabel?: string;
  contentHint?: ReactNode;
  rows?: number;
  error: unknown;
}) {
  return (
    <>
      <Field id={`${idPrefix}-type`} label="Type" error={error} name="type">
        {(control) => (
          <select
            {...control}
            value={draft.type}
            onChange={(e) => onChange({ type: e.target.value as MemoryType })}
          >
            {MEMORY_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {withStatus && (
        <Field id={`${idPrefix}-status`} label="Status" error={error} name="status">
          {(control) => (
            <select
              {...control}
              value={draft.status}
              onChange={(e) => onChange({ status: e.target.value as MemoryStatus })}
            >
              {WRITABLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        id={`${idPrefix}-content`}
        label={contentLabel}
        className="field-wide"
        hint={contentHint}
        error={error}
        name="content"
      >
        {(control) => (
          <textarea
            {...control}
            rows={rows}
            required
            maxLength={MAX_CONTENT}
            value={draft.content}
            onChange={(e) => onChange({ content: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
