import { localeLabel } from './locale-words.ts';

/** A select's options, one per locale, each named as people read it: `German (de)`. */
export function LocaleOptions({ locales }: { locales: readonly string[] }) {
  return (
    <>
      {locales.map((l) => (
        <option key={l} value={l}>
          {localeLabel(l)}
        </option>
      ))}
    </>
  );
}
