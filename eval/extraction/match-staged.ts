/**
 * Matches an import's staged memories to the labelled statements of its transcript, one to one.
 *
 * Both sides are normalised first: lower case, curly quotes made straight, markdown emphasis,
 * backticks and links reduced to their words, whitespace collapsed, leading bullet or quote marks
 * and trailing punctuation (and a clipping ellipsis) removed. A staged memory then matches a label
 * when, best first:
 * 1. the two are equal;
 * 2. the staged text contains the label and the label is at least 40% of it (the extractor kept a
 *    "because" sentence or a whole bullet around the labelled statement);
 * 3. the label contains the staged text and the staged text is at least 60% of it (the statement
 *    was clipped, or its opening words were left out).
 * Each label is taken by at most one staged memory (the best match wins, then the first staged); a
 * staged memory that only matches an already taken label is a duplicate, and counts as wrong.
 */

export interface Label {
  type: string;
  text: string;
  /** A statement that may be staged or not: it counts neither for nor against the extractor. */
  optional?: boolean;
}

export interface Staged {
  type: string;
  content: string;
}

export type StagedOutcome =
  | { staged: Staged; label: Label; how: 'equal' | 'contains label' | 'inside label' }
  | { staged: Staged; label: null; duplicateOf: Label | null };

const CONTAINED_SHARE = 0.4;
const INSIDE_SHARE = 0.6;

function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\[([^\]\n]{0,200})\]\([^)\s]{0,500}\)/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-+•>\s]+/, '')
    .replace(/[\s.!;:,…]+$/, '');
}

function strength(staged: string, label: string): 0 | 1 | 2 | 3 {
  if (!staged || !label) return 0;
  if (staged === label) return 3;
  if (staged.includes(label) && label.length >= CONTAINED_SHARE * staged.length) return 2;
  if (label.includes(staged) && staged.length >= INSIDE_SHARE * label.length) return 1;
  return 0;
}

const HOW = { 3: 'equal', 2: 'contains label', 1: 'inside label' } as const;

/** Every staged memory with the label it matched, or none (a duplicate when it matched a taken one). */
export function matchStaged(staged: Staged[], labels: Label[]): StagedOutcome[] {
  const labelTexts = labels.map((l) => normalise(l.text));
  const pairs: Array<{ s: number; l: number; strength: number }> = [];
  staged.forEach((item, s) => {
    const text = normalise(item.content);
    labelTexts.forEach((label, l) => {
      const found = strength(text, label);
      if (found) pairs.push({ s, l, strength: found });
    });
  });
  pairs.sort((a, b) => b.strength - a.strength || a.s - b.s || a.l - b.l);
  const labelOf = new Map<number, { l: number; strength: 1 | 2 | 3 }>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (labelOf.has(pair.s) || taken.has(pair.l)) continue;
    labelOf.set(pair.s, { l: pair.l, strength: pair.strength as 1 | 2 | 3 });
    taken.add(pair.l);
  }
  return staged.map((item, s) => {
    const match = labelOf.get(s);
    if (match) return { staged: item, label: labels[match.l]!, how: HOW[match.strength] };
    const other = pairs.find((p) => p.s === s);
    return { staged: item, label: null, duplicateOf: other ? labels[other.l]! : null };
  });
}
