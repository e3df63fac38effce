import { missing } from '../../../platform/missing.ts';
import {
  MEMORY_FLAGS,
  MEMORY_STATUSES,
  MEMORY_TYPES,
  type MemoryFlag,
  type MemoryStatus,
  type MemoryType,
} from '../../tenancy/index.ts';
import { documentTerms } from './document-terms.ts';
import { Postings } from './postings.ts';
import { Vocabulary } from './vocabulary.ts';

/** What the index keeps of a memory: enough to match, filter and rank it without the database. */
export interface IndexedMemory {
  id: string;
  version: number;
  type: MemoryType;
  status: MemoryStatus;
  flags: readonly MemoryFlag[];
  subpath: string | null;
  occurredAtMs: number;
  createdAtMs: number;
  content: string;
}

export const TYPE_CODES: readonly MemoryType[] = MEMORY_TYPES;
export const STATUS_CODES: readonly MemoryStatus[] = MEMORY_STATUSES;
/** A document's flags as a bit mask: bit i set for MEMORY_FLAGS[i]. */
export const flagMask = (flags: readonly MemoryFlag[]) =>
  flags.reduce((mask, f) => mask | (1 << MEMORY_FLAGS.indexOf(f)), 0);
export const flagsOfMask = (mask: number): MemoryFlag[] =>
  MEMORY_FLAGS.filter((_, i) => (mask & (1 << i)) !== 0);

/** Compaction renumbers documents once this share of them is replaced or deleted. */
const DEAD_SHARE = 0.3;
const MIN_DEAD_TO_COMPACT = 1000;

/**
 * One project's memories as an inverted index in this process's memory. Documents are numbered
 * in the order they arrive; a changed memory becomes a new document and its old one is marked
 * dead (skipped when matching) until compaction renumbers the live ones.
 */
export class ProjectIndex {
  readonly postings = new Map<string, Postings>();
  readonly vocabulary = new Vocabulary();
  private readonly numberOf = new Map<string, number>();
  ids: string[] = [];
  versions: number[] = [];
  subpaths: (string | null)[] = [];
  occurredAt = new Float64Array(64);
  createdAt = new Float64Array(64);
  lengths = new Uint32Array(64);
  types = new Uint8Array(64);
  statuses = new Uint8Array(64);
  flags = new Uint8Array(64);
  live = new Uint8Array(64);
  /** Documents numbered so far (live and dead). */
  size = 0;
  liveCount = 0;
  totalLength = 0;
  /** Counts every put and removal: a page ranked at one count holds while it stays the same. */
  changes = 0;

  /** The version of a memory as indexed, or undefined. */
  versionOf(id: string): number | undefined {
    const doc = this.numberOf.get(id);
    return doc === undefined ? undefined : this.versions[doc];
  }

  /** Indexes `memory`, replacing what was indexed of it. */
  put(memory: IndexedMemory): void {
    this.remove(memory.id);
    this.changes++;
    if (this.size === this.live.length) this.grow();
    const doc = this.size++;
    const { terms, length, words } = documentTerms(memory.content);
    for (const [term, count] of terms) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = new Postings()));
      list.add(doc, count);
    }
    for (const [word, stem] of words) this.vocabulary.add(word, stem);
    this.numberOf.set(memory.id, doc);
    this.ids[doc] = memory.id;
    this.versions[doc] = memory.version;
    this.subpaths[doc] = memory.subpath;
    this.occurredAt[doc] = memory.occurredAtMs;
    this.createdAt[doc] = memory.createdAtMs;
    this.lengths[doc] = length;
    this.types[doc] = TYPE_CODES.indexOf(memory.type);
    this.statuses[doc] = STATUS_CODES.indexOf(memory.status);
    this.flags[doc] = flagMask(memory.flags);
    this.live[doc] = 1;
    this.liveCount++;
    this.totalLength += length;
  }

  /** Forgets a memory (deleted, or about to be indexed anew). */
  remove(id: string): void {
    const doc = this.numberOf.get(id);
    if (doc === undefined) return;
    this.changes++;
    this.numberOf.delete(id);
    this.live[doc] = 0;
    this.liveCount--;
    this.totalLength -= this.lengths[doc] ?? 0;
    const dead = this.size - this.liveCount;
    if (dead >= MIN_DEAD_TO_COMPACT && dead > this.size * DEAD_SHARE) this.compact();
  }

  idOf(doc: number): string {
    return this.ids[doc] ?? missing(`the id of document ${doc}`);
  }

  typeOf(doc: number): MemoryType {
    return TYPE_CODES[this.types[doc] ?? -1] ?? missing(`the type of document ${doc}`);
  }

  statusOf(doc: number): MemoryStatus {
    return STATUS_CODES[this.statuses[doc] ?? -1] ?? missing(`the status of document ${doc}`);
  }

  flagsOf(doc: number): MemoryFlag[] {
    return flagsOfMask(this.flags[doc] ?? 0);
  }

  get averageLength(): number {
    return this.liveCount ? this.totalLength / this.liveCount : 1;
  }

  private grow(): void {
    const n = this.live.length * 2;
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T) => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.occurredAt = grown(this.occurredAt, (k) => new Float64Array(k));
    this.createdAt = grown(this.createdAt, (k) => new Float64Array(k));
    this.lengths = grown(this.lengths, (k) => new Uint32Array(k));
    this.types = grown(this.types, (k) => new Uint8Array(k));
    this.statuses = grown(this.statuses, (k) => new Uint8Array(k));
    this.flags = grown(this.flags, (k) => new Uint8Array(k));
    this.live = grown(this.live, (k) => new Uint8Array(k));
  }

  /** Renumbers the live documents 0..n-1 (order kept) and drops the dead from every list. */
  private compact(): void {
    const renumber = new Int32Array(this.size).fill(-1);
    let n = 0;
    for (let doc = 0; doc < this.size; doc++) {
      if (!this.live[doc]) continue;
      renumber[doc] = n;
      this.ids[n] = this.idOf(doc);
      this.versions[n] = this.versions[doc] ?? 0;
      this.subpaths[n] = this.subpaths[doc] ?? null;
      this.occurredAt[n] = this.occurredAt[doc] ?? 0;
      this.createdAt[n] = this.createdAt[doc] ?? 0;
      this.lengths[n] = this.lengths[doc] ?? 0;
      this.types[n] = this.types[doc] ?? 0;
      this.statuses[n] = this.statuses[doc] ?? 0;
      this.flags[n] = this.flags[doc] ?? 0;
      this.live[n] = 1;
      n++;
    }
    this.live.fill(0, n, this.size);
    this.ids.length = n;
    this.versions.length = n;
    this.subpaths.length = n;
    this.size = n;
    for (const [term, list] of this.postings) {
      list.compact(renumber);
      if (list.size === 0) this.postings.delete(term);
    }
    for (let doc = 0; doc < n; doc++) this.numberOf.set(this.idOf(doc), doc);
  }
}
