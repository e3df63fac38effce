import { useState } from 'react';
import { localeLabel } from './locale-words.ts';

/**
 * A set of locales as checkboxes (the candidates, then any checked one beyond them), and a field
 * to add another locale code (`pt-BR`); the server checks the code when the form is saved.
 */
export function LocaleChecks({
  id,
  legend,
  candidates,
  checked,
  onChange,
  disabled = false,
  readOnly = false,
}: {
  id: string;
  legend: string;
  candidates: readonly string[];
  checked: string[];
  onChange: (locales: string[]) => void;
  disabled?: boolean;
  /** No field to add a locale (a reader's view). */
  readOnly?: boolean;
}) {
  const [other, setOther] = useState('');
  const shown = [...candidates, ...checked.filter((l) => !candidates.includes(l))];
  const toggle = (locale: string, on: boolean) =>
    onChange(on ? [...checked, locale] : checked.filter((l) => l !== locale));
  const add = () => {
    const code = other.trim();
    if (code && !checked.includes(code)) onChange([...checked, code]);
    setOther('');
  };
  return (
    <fieldset className="checks locale-checks" disabled={disabled}>
      <legend>{legend}</legend>
      {shown.map((locale) => (
        <div className="field checkbox" key={locale}>
          <input
            id={`${id}-${locale}`}
            type="checkbox"
            checked={checked.includes(locale)}
            onChange={(e) => toggle(locale, e.target.checked)}
          />
          <label htmlFor={`${id}-${locale}`}>{localeLabel(locale)}</label>
        </div>
      ))}
      {!readOnly && (
        <div className="inline-add">
          <label htmlFor={`${id}-other`}>Another locale</label>
          <input
            id={`${id}-other`}
            className="narrow"
            value={other}
            placeholder="pt-BR"
            maxLength={35}
            onChange={(e) => setOther(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="secondary" onClick={add} disabled={other.trim() === ''}>
            Add locale
          </button>
        </div>
      )}
    </fieldset>
  );
}
