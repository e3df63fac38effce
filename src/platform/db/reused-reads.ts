import { accessGeneration } from './access-changes.ts';
import type { Db } from './database.ts';

/** A read begun: what was kept for its key, and how to keep what it found. */
export interface ReusedRead<T> {
  cached: T | undefined;
  /**
   * Keeps what the read found, unless access changed since it began; until `ttlMs` after it began,
   * or `until` (ms since the epoch) if sooner.
   */
  keep(value: T, until?: number): void;
}

const MAX_ENTRIES = 10_000;

/**
 * What access checks and key lookups read from one database, answered again by this process for a
 * while (ADR 0017). An entry lives `ttlMs` from when its read began, and only within the
 * generation of access changes that read began in (access-changes.ts): a read that raced a change
 * keeps nothing, every entry is dead once this process hears of a change, and nothing is kept or
 * answered while it might miss one. At most 10,000 entries; the oldest go first.
 */
export class ReusedReads<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private generation: number | undefined;

  constructor(private readonly db: Db) {}

  /** Begins a read of `key`; undefined when nothing may be reused now (or `ttlMs` is 0). */
  read(key: string, now: Date, ttlMs: number): ReusedRead<T> | undefined {
    if (ttlMs <= 0) return undefined;
    const began = accessGeneration(this.db);
    if (began === undefined) return undefined;
    if (began !== this.generation) {
      this.entries.clear();
      this.generation = began;
    }
    const at = now.getTime();
    const entry = this.entries.get(key);
    const live = entry !== undefined && entry.until > at;
    if (entry && !live) this.entries.delete(key);
    return {
      cached: live ? entry.value : undefined,
      keep: (value, until = Infinity) => {
        if (accessGeneration(this.db) !== began) return;
        if (this.entries.size >= MAX_ENTRIES) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(key, { value, until: Math.min(until, at + ttlMs) });
      },
    };
  }
}
