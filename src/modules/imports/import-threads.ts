import type { Config } from '../../config/index.ts';
import { missing } from '../../platform/missing.ts';
import { Thread, type ThreadEntry } from '../../platform/threads.ts';
import { TimeSlices } from '../../platform/time-slices.ts';
import { messageDrafts, type Draft, type ExtractedMessage } from './message-drafts.ts';
import { storableEvents, type ParseInput, type StorableEvent } from './storable-events.ts';

/** What the import worker thread is asked (import-worker.ts), and what it answers. */
export type ImportThreadCall =
  | { kind: 'extract'; messages: ExtractedMessage[] }
  /** Opens the upload (a thread parses one at a time) and answers its first events. */
  | { kind: 'parse'; input: ParseInput }
  | { kind: 'parse-next' };
export type ImportThreadAnswer =
  | { kind: 'extract'; drafts: Draft[][] }
  /** The next events of the upload; null once all were answered. */
  | { kind: 'parse'; events: StorableEvent[] | null };

const IMPORT_WORKER: ThreadEntry = {
  built: 'import-worker',
  source: new URL('./import-worker.ts', import.meta.url),
};

/**
 * Below these sizes a step runs in the server's own thread: starting a thread (about 0.2 s from
 * dist/, seconds from the sources under tsx) would cost more than it saves.
 */
export const THREADED_BYTES = 2_000_000;
export const THREADED_MESSAGES = 3_000;
/** Characters of messages handed to threads and not yet staged, at most (memory stays bounded). */
const MAX_CHARS_AHEAD = 4_000_000;

/** Starts an import thread; its answers are checked to be of the kind asked. */
function importThread(): {
  drafts(messages: ExtractedMessage[]): Promise<Draft[][]>;
  events(call: Extract<ImportThreadCall, { kind: 'parse' | 'parse-next' }>): Promise<StorableEvent[] | null>;
  close(): Promise<void>;
} {
  const thread = new Thread<ImportThreadCall, ImportThreadAnswer>(IMPORT_WORKER);
  return {
    drafts: async (messages) => {
      const answer = await thread.call({ kind: 'extract', messages });
      return answer.kind === 'extract' ? answer.drafts : missing('the drafts of an extract call');
    },
    events: async (call) => {
      const answer = await thread.call(call);
      return answer.kind === 'parse' ? answer.events : missing('the events of a parse call');
    },
    close: () => thread.close(),
  };
}

/**
 * The upload's storable events, in order: parsed in a worker thread a chunk ahead of the caller
 * for a large upload, else here.
 */
export async function* uploadEvents(
  config: Pick<Config, 'importThreads'>,
  input: ParseInput,
  bytes: number,
): AsyncGenerator<StorableEvent> {
  if (config.importThreads === 0 || bytes < THREADED_BYTES) {
    yield* storableEvents(input);
    return;
  }
  const thread = importThread();
  try {
    let next = thread.events({ kind: 'parse', input });
    for (;;) {
      const events = await next;
      if (events === null) return;
      next = thread.events({ kind: 'parse-next' });
      next.catch(() => {}); // awaited (and thrown) on the next turn, unless the caller stopped
      yield* events;
    }
  } finally {
    await thread.close();
  }
}

/**
 * Turns pages of messages into their drafts, in page order: in `SERVICE_IMPORT_THREADS` worker
 * threads, a page each in turn, while the caller reads the next pages and stages the last; or, for
 * a small import or with no threads configured, in the server's thread, giving the event loop a
 * turn between messages (ADR 0013).
 */
export interface DraftMaker {
  /** The drafts of each message of `page`; may be called again before the last one settled. */
  drafts(page: ExtractedMessage[]): Promise<Draft[][]>;
  /** Whether one more page may be handed over before the oldest is awaited. */
  canTakeMore(pagesWaiting: number, charsWaiting: number): boolean;
  close(): Promise<void>;
}

export function startDraftMaker(config: Pick<Config, 'importThreads'>, messages: number): DraftMaker {
  if (config.importThreads === 0 || messages < THREADED_MESSAGES) {
    const slices = new TimeSlices();
    return {
      drafts: async (page) => {
        const drafts: Draft[][] = [];
        for (const message of page) {
          await slices.pass();
          drafts.push(messageDrafts(message));
        }
        return drafts;
      },
      canTakeMore: (pages) => pages === 0,
      close: async () => {},
    };
  }
  const threads = Array.from({ length: config.importThreads }, importThread);
  let turn = 0;
  return {
    drafts: (page) => (threads[turn++ % threads.length] ?? missing('an import thread')).drafts(page),
    // Every thread busy with a page and one more waiting its turn: the next is read meanwhile.
    canTakeMore: (pages, chars) => pages <= threads.length && chars < MAX_CHARS_AHEAD,
    close: async () => {
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}
