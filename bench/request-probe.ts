import { Agent, request } from 'node:http';
import type { RunningServer } from './server.ts';

/** Latency figures of a probe, in ms. */
export interface ProbeFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Another client of a busy server: `GET /v1/me` one request at a time on one keep-alive
 * connection, a new one `intervalMs` after the previous one started (or at once if it took
 * longer). Each answer's time is what a user of the server waits while something else runs; a
 * request sent during a stall waits for its end, so `max` shows the longest stall. An interval of
 * 0 turns the probe off (it sends nothing and reports zeros), to measure the server alone.
 */
export class RequestProbe {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private times: number[] = [];
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly server: RunningServer,
    private readonly intervalMs = 20,
  ) {}

  get enabled(): boolean {
    return this.intervalMs > 0;
  }

  /** Starts probing (until `stop`). */
  start(): void {
    if (this.running) throw new Error('probe already running');
    this.stopping = false;
    this.times = [];
    this.running = this.enabled ? this.loop() : Promise.resolve();
  }

  /** Stops after the request in flight and answers the figures since `start`. */
  async stop(): Promise<ProbeFigures> {
    this.stopping = true;
    await this.running;
    this.running = null;
    return figures(this.times);
  }

  /** Probes for `ms` on its own: the figures of the server with nothing else to do. */
  async idle(ms: number): Promise<ProbeFigures> {
    this.start();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.stop();
  }

  close(): void {
    this.agent.destroy();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const started = performance.now();
      await this.once();
      const took = performance.now() - started;
      this.times.push(took);
      if (took < this.intervalMs) await new Promise((r) => setTimeout(r, this.intervalMs - took));
    }
  }

  private once(): Promise<void> {
    const url = new URL('/v1/me', this.server.baseUrl);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { agent: this.agent, headers: { authorization: `Bearer ${this.server.adminKey}` } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`GET /v1/me answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
}

function figures(times: number[]): ProbeFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const ms = (v: number) => Math.round(v * 10) / 10;
  return { requests: sorted.length, p50: ms(at(0.5)), p99: ms(at(0.99)), max: ms(sorted.at(-1) ?? 0) };
}
