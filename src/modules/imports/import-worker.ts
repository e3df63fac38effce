/**
 * The worker thread of imports (ADR 0018): the CPU-bound parts of parse and extract, off the
 * server's event loop. Compiled as its own entry point (dist/import-worker.js); the server's side
 * is import-threads.ts.
 */
import { serveThreadCalls } from '../../platform/threads.ts';
import type { ImportThreadAnswer, ImportThreadCall } from './import-threads.ts';
import { messageDrafts } from './message-drafts.ts';
import { storableEvents, type StorableEvent } from './storable-events.ts';

/** Events per answer to a parse call, at most, and about this many characters of messages. */
const CHUNK_EVENTS = 1_000;
const CHUNK_CHARS = 2_000_000;

let upload: AsyncGenerator<StorableEvent> | null = null;

async function nextEvents(): Promise<StorableEvent[] | null> {
  const events: StorableEvent[] = [];
  let chars = 0;
  while (upload && events.length < CHUNK_EVENTS && chars < CHUNK_CHARS) {
    const next = await upload.next();
    if (next.done) {
      upload = null;
      break;
    }
    events.push(next.value);
    if (next.value.type === 'message') chars += next.value.content.length;
  }
  return events.length ? events : null;
}

serveThreadCalls<ImportThreadCall, ImportThreadAnswer>(async (call) => {
  switch (call.kind) {
    case 'extract':
      return { kind: 'extract', drafts: call.messages.map(messageDrafts) };
    case 'parse':
      await upload?.return(undefined);
      upload = storableEvents(call.input);
      return { kind: 'parse', events: await nextEvents() };
    case 'parse-next':
      return { kind: 'parse', events: await nextEvents() };
  }
});
