/**
 * The baseline of the question eval: plain Okapi BM25 (k1 = 1.2, b = 0.75) over the corpus, with
 * tokens = lowercase runs of letters and digits. No stemming, no stop words, no expansion, no typo
 * tolerance, no type weight or recency: what a search box with nothing clever behind it would do.
 */

const K1 = 1.2;
const B = 0.75;

const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

interface Doc {
  id: string;
  content: string;
}

/**
 * Indexes `docs` once and answers a ranker: the ids of every document sharing at least one token
 * with the query, best first (ties keep corpus order). Each distinct query token counts once.
 */
export function bm25Ranker(docs: Doc[]): (query: string) => string[] {
  const termFreqs = docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const t of tokens(doc.content)) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  });
  const lengths = docs.map((doc) => tokens(doc.content).length);
  const avgLength = lengths.reduce((a, n) => a + n, 0) / Math.max(docs.length, 1);
  const docFreq = new Map<string, number>();
  for (const tf of termFreqs) for (const t of tf.keys()) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  const n = docs.length;
  // Lucene's form of the IDF: never negative, so a word in most memories still counts a little.
  const idf = (t: string) => {
    const df = docFreq.get(t) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };

  return (query) => {
    const terms = [...new Set(tokens(query))].filter((t) => docFreq.has(t));
    const scored: { index: number; score: number }[] = [];
    docs.forEach((_, index) => {
      const tf = termFreqs[index]!;
      const norm = K1 * (1 - B + (B * lengths[index]!) / avgLength);
      let score = 0;
      for (const t of terms) {
        const f = tf.get(t);
        if (f) score += (idf(t) * f * (K1 + 1)) / (f + norm);
      }
      if (score > 0) scored.push({ index, score });
    });
    scored.sort((x, y) => y.score - x.score || x.index - y.index);
    return scored.map((s) => docs[s.index]!.id);
  };
}
