import { join } from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from './package-root.ts';

/**
 * A module run in worker threads, for CPU-bound work that would otherwise hold the event loop
 * (ADR 0018). It exists twice: compiled into dist/ (scripts/build.js bundles it on its own) and
 * as TypeScript under src/, which only tests and tsx run.
 */
export interface ThreadEntry {
  /** Its file in dist/, without `.js`. */
  built: string;
  /** Its source, `new URL('./x.ts', import.meta.url)` beside the caller. */
  source: URL;
}

/**
 * Threads do short, allocation-heavy work on bounded inputs: with a young generation of 8 MB
 * instead of V8's default, each stayed about 20 MB smaller for the same CPU time (classifying the
 * 100 MB bench transcript in two threads).
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Running from the TypeScript sources (tests, tsx) rather than from the compiled dist/. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

type Reply<Res> = { id: number; value: Res } | { id: number; error: string };

/**
 * One worker thread answering calls in the order they were made (`serveThreadCalls` on its side).
 * A call that throws there rejects here with its message; a thread that dies rejects every call
 * still waiting, and every later one. An idle thread does not keep the process alive (close it
 * when done anyway: it holds its memory until then).
 */
export class Thread<Req, Res> {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(value: Res): void; reject(err: Error): void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(entry: ThreadEntry) {
    this.worker = FROM_SOURCES
      ? // The sources need tsx's loader, which a worker does not inherit from its parent.
        new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
            .then(({ register }) => { register(); return import(${JSON.stringify(entry.source.href)}); })`,
          { eval: true, resourceLimits: RESOURCE_LIMITS },
        )
      : new Worker(join(PACKAGE_ROOT, 'dist', `${entry.built}.js`), { resourceLimits: RESOURCE_LIMITS });
    this.worker.unref();
    this.worker.on('message', (reply: Reply<Res>) => {
      const call = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ('error' in reply) call?.reject(new Error(reply.error));
      else call?.resolve(reply.value);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`worker thread ${entry.built} exited (${code})`)));
  }

  /** The thread's answer to `request` (copied both ways, as postMessage does). */
  call(request: Req): Promise<Res> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, request });
    });
  }

  /** Stops the thread; calls still waiting are rejected. */
  async close(): Promise<void> {
    this.fail(new Error('worker thread closed'));
    await this.worker.terminate();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const call of this.waiting.values()) call.reject(this.failure);
    this.waiting.clear();
    this.worker.unref();
  }
}

/**
 * The thread's side: answers each call with `handle`, one at a time in the order they came (a
 * handler may keep state from one call to the next). Errors go back as their message.
 */
export function serveThreadCalls<Req, Res>(handle: (request: Req) => Res | Promise<Res>): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadCalls runs in a worker thread');
  let queue = Promise.resolve();
  port.on('message', ({ id, request }: { id: number; request: Req }) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ id, value: await handle(request) });
      } catch (err) {
        port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
      }
    });
  });
}
