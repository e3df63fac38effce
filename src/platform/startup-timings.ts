/** Runs one named step of the server's start and records how long it took. */
export type StartupPhase = <T>(name: string, run: () => Promise<T> | T) => Promise<T>;

const ms = (x: number) => Math.round(x);

/**
 * Where a server start spends its time: `modules` is the time from the process's start to the
 * first phase (Node's own start and loading the code), then each phase as it runs, and `total`.
 * The server logs the summary once, at debug level.
 */
export class StartupTimings {
  private readonly phases: Record<string, number> = { modules: ms(performance.now()) };

  readonly phase: StartupPhase = async (name, run) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.phases[name] = ms(performance.now() - started);
    }
  };

  /** Milliseconds per phase, in the order they ran, and since the process started. */
  summary(): Record<string, number> {
    return { ...this.phases, total: ms(performance.now()) };
  }
}
