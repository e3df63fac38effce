/**
 * One term's postings: the documents (by number, ascending) that hold it and how often. Grows by
 * doubling; documents are appended in increasing order, so the list stays sorted.
 */
export class Postings {
  docs = new Int32Array(4);
  counts = new Uint16Array(4);
  size = 0;

  add(doc: number, count: number): void {
    if (this.size === this.docs.length) {
      const docs = new Int32Array(this.size * 2);
      docs.set(this.docs);
      this.docs = docs;
      const counts = new Uint16Array(this.size * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.docs[this.size] = doc;
    this.counts[this.size] = Math.min(count, 0xffff);
    this.size++;
  }

  /** How often `doc` holds the term (0: not at all), by binary search. */
  countOf(doc: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = this.docs[mid] ?? 0;
      if (d === doc) return this.counts[mid] ?? 0;
      if (d < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }

  /** Keeps only the documents `renumber` maps (>= 0), under their new numbers (order kept). */
  compact(renumber: Int32Array): void {
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      const to = renumber[this.docs[i] ?? 0] ?? -1;
      if (to < 0) continue;
      this.docs[n] = to;
      this.counts[n] = this.counts[i] ?? 0;
      n++;
    }
    this.size = n;
  }
}
