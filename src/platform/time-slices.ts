import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long long-running work keeps the event loop before it lets other requests in. */
const SLICE_MS = 10;

/**
 * Cuts long work (an import's parse, extract and commit) into slices so the server goes on
 * answering other requests while it runs. Awaiting a query does not by itself give the event loop
 * a turn: PGlite runs in this thread and its queries settle as promise callbacks, so a loop of
 * queries and parsing never lets a waiting request be read. Call `pass()` between units of work:
 * once the current slice has run `sliceMs`, it waits one event-loop turn (after pending I/O),
 * otherwise it returns at once. Never call it inside a transaction: on PGlite every other query
 * waits for the transaction to end.
 */
export class TimeSlices {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  async pass(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
