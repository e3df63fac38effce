/**
 * Text rendered from a provider's document format, tidied: line ends normalized, trailing spaces
 * dropped, runs of blank lines collapsed into one, the whole trimmed.
 */
export function tidyText(text: string): string {
  const out: string[] = [];
  for (const raw of text.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line === '' && out.at(-1) === '') continue;
    out.push(line);
  }
  return out.join('\n').trim();
}
