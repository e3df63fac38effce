/**
 * SIGTERM and SIGINT, caught from the first moment of start-up.
 *
 * Without a handler, Node dies at once on either signal: a signal that arrived while the database
 * was opening or just after the server began listening would leave the data directory's lock
 * behind and end `npm start` by the signal rather than with status 0. So the handlers go in before
 * anything is opened; a signal that comes before the server has finished starting is remembered,
 * and the stop runs as soon as `onStop` gives it something to stop.
 *
 * The force timer starts with the first signal: a shutdown (or a start-up followed by a shutdown)
 * that takes longer than `timeoutMs` exits with status 1. A repeated signal is ignored: Ctrl-C
 * under `npm start` delivers SIGINT twice (from the terminal, and forwarded by npm).
 */
export interface StopSignals {
  /** What to do on the first signal; runs at once if one already came. Called once. */
  onStop(stop: (signal: NodeJS.Signals) => Promise<void>): void;
  /** The signal received, if any (start-up may stop early on it). */
  readonly received: NodeJS.Signals | null;
}

export function catchStopSignals(timeoutMs: number, onTimeout: () => void): StopSignals {
  let received: NodeJS.Signals | null = null;
  let stop: ((signal: NodeJS.Signals) => Promise<void>) | null = null;
  let started = false;

  const run = () => {
    if (started || !stop || !received) return;
    started = true;
    void stop(received).finally(() => clearTimeout(force));
  };
  // Not unref'd: it keeps the process alive until the shutdown has finished or given up (a
  // connection stuck on an unread body would otherwise let it exit half-way, lock still held).
  let force: NodeJS.Timeout | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) return;
    received = signal;
    force = setTimeout(() => {
      onTimeout();
      process.exit(1);
    }, timeoutMs);
    run();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  return {
    onStop(fn) {
      stop = fn;
      run();
    },
    get received() {
      return received;
    },
  };
}
