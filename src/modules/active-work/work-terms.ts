/**
 * The words work is matched on: lower-cased words of three or more letters or digits, without
 * common English words, with a plural or -ing/-ed ending cut (so "migrating invoices" and "migrate
 * invoice" meet). Issue keys (`BILL-142`) and branches are matched on their own, not here.
 */
const STOP = new Set(
  (
    'the and for with from into onto that this those these there their them they then than was were ' +
    'are been being have has had not but all any can could should would will shall may might must ' +
    "our ours you your yours its it's what when where which while who whom why how also just more " +
    'most some such only own same very too out off over under again further once here now new old ' +
    'via per about above after before below between both each few other same so yet use used using ' +
    'work working worked wip todo fix fixed fixes fixing add added adds adding update updated updates ' +
    'change changed changes make made merge merged branch commit commits'
  ).split(/\s+/),
);

const stem = (word: string): string => {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('e')) return word.slice(0, -1);
  return word;
};

/** The distinct matching terms of a text, in the order they first appear (at most `max`). */
export function workTerms(text: string, max = 40): string[] {
  const out = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length < 3 || STOP.has(word) || /^\d+$/.test(word)) continue;
    out.add(stem(word));
    if (out.size >= max) break;
  }
  return [...out];
}

/** Standards and encodings that look like issue keys (`UTF-8`, `SHA-256`, `ISO-8601`). */
const NOT_ISSUES = new Set([
  'UTF',
  'SHA',
  'ISO',
  'RFC',
  'TLS',
  'SSL',
  'HTTP',
  'MD',
  'PEP',
  'CVE',
  'ES',
  'IPV',
  'WCAG',
  'AES',
  'RSA',
  'X',
]);

/** Issue keys a text names (`BILL-142`, `API-7`), distinct, in order. */
export function issueKeysIn(text: string): string[] {
  const keys = [...text.matchAll(/\b([A-Z][A-Z0-9]{1,9})-([1-9]\d{0,6})\b/g)]
    .filter((m) => !NOT_ISSUES.has(m[1] ?? ''))
    .map((m) => `${m[1]}-${m[2]}`);
  return [...new Set(keys)];
}

/**
 * How much two sets of terms overlap: shared terms over the smaller set (0..1), and the count
 * shared. A short commit subject fully inside a long description scores 1.
 */
export function termOverlap(a: readonly string[], b: readonly string[]): { score: number; shared: number } {
  if (a.length === 0 || b.length === 0) return { score: 0, shared: 0 };
  const set = new Set(a);
  const shared = b.filter((t) => set.has(t)).length;
  return { score: shared / Math.min(a.length, new Set(b).size), shared };
}
