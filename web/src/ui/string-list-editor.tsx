import { useState } from 'react';

/**
 * Edits a list of short strings: each shown with a remove button, a text field to add one, and
 * optionally up/down buttons to reorder (the order then matters, e.g. resolution order).
 */
export function StringListEditor({
  id,
  label,
  values,
  onChange,
  placeholder,
  ordered = false,
  addable = true,
  disabled = false,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  ordered?: boolean;
  addable?: boolean;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setDraft('');
  };
  const move = (from: number, to: number) => {
    const next = [...values];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="list-editor" disabled={disabled}>
      <legend>{label}</legend>
      {values.length === 0 ? (
        <p className="muted small">(none)</p>
      ) : (
        <ol className={ordered ? 'ordered' : 'plain'}>
          {values.map((value, i) => (
            <li key={value}>
              <span className="mono">{value}</span>
              {ordered && (
                <>
                  <button
                    type="button"
                    className="secondary small-button"
                    aria-label={`Move ${value} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="secondary small-button"
                    aria-label={`Move ${value} down`}
                    disabled={i === values.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
                </>
              )}
              {addable && (
                <button
                  type="button"
                  className="danger-outline small-button"
                  aria-label={`Remove ${value}`}
                  onClick={() => onChange(values.filter((v) => v !== value))}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {addable && (
        <div className="inline-add">
          <label className="visually-hidden" htmlFor={id}>
            Add to {label}
          </label>
          <input
            id={id}
            value={draft}
            placeholder={placeholder}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="secondary" onClick={add} disabled={draft.trim() === ''}>
            Add
          </button>
        </div>
      )}
    </fieldset>
  );
}
