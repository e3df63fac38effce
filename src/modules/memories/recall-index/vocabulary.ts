/**
 * A project's words as written (letters only, lower-case) and their stems: what a query word may
 * be a prefix of, or a misspelling of. Words are never removed (a word once seen stays a valid
 * correction), like a dictionary.
 */
export class Vocabulary {
  readonly stemOf = new Map<string, string>();
  /** The stems of the words written. */
  private readonly stems = new Set<string>();
  /** Sorted, for prefix ranges; words added since the last merge wait in `recent`. */
  private sorted: string[] = [];
  private recent: string[] = [];
  /** First letter and length -> words: the neighbours a two-edit misspelling is searched among. */
  private readonly buckets = new Map<string, string[]>();

  add(word: string, stem: string): void {
    if (this.stemOf.has(word)) return;
    this.stemOf.set(word, stem);
    this.stems.add(stem);
    this.recent.push(word);
    if (this.recent.length > 2048) this.merge();
    const key = bucketKey(word.slice(0, 1), word.length);
    const bucket = this.buckets.get(key);
    if (bucket) bucket.push(word);
    else this.buckets.set(key, [word]);
  }

  /**
   * Words starting with `prefix`, `prefix` itself excluded: at most `max` from the sorted part (a
   * binary search, then a walk), plus those still waiting in `recent` (a short scan).
   */
  withPrefix(prefix: string, max: number): string[] {
    const found = this.recent.filter((w) => w !== prefix && w.startsWith(prefix));
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] ?? 0) < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo, n = 0; i < this.sorted.length && n < max; i++, n++) {
      const word = this.sorted[i];
      if (word === undefined || !word.startsWith(prefix)) break;
      if (word !== prefix) found.push(word);
    }
    return found;
  }

  /** Some word written has this stem. */
  hasStem(stem: string): boolean {
    return this.stems.has(stem);
  }

  /** Words of this first letter and length. */
  bucket(first: string, length: number): readonly string[] {
    return this.buckets.get(bucketKey(first, length)) ?? [];
  }

  private merge(): void {
    this.recent.sort();
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    while (i < this.sorted.length || j < this.recent.length) {
      const a = this.sorted[i];
      const b = this.recent[j];
      if (a !== undefined && (b === undefined || a < b)) {
        merged.push(a);
        i++;
      } else if (b !== undefined) {
        merged.push(b);
        j++;
      }
    }
    this.sorted = merged;
    this.recent = [];
  }
}

const bucketKey = (first: string, length: number) => `${first}${length}`;
