import { Agent, request } from 'node:http';

/** One GET of the suite: a label, its path (with query) and any headers besides the key. */
export interface RouteCall {
  label: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * A client of one server on one keep-alive connection (as an assistant's client keeps it): each
 * GET is sent after the previous answer was read, so each is measured alone. Any answer but 200
 * stops the benchmark.
 */
export class RouteClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** Milliseconds from sending the request to the end of the answer. */
  async time(call: RouteCall): Promise<number> {
    const started = performance.now();
    const { status, body } = await this.get(call.path, call.headers);
    const took = performance.now() - started;
    if (status !== 200) throw new Error(`GET ${call.path}: ${status} ${body.slice(0, 300)}`);
    return took;
  }

  /** A GET answered 200, its JSON. */
  async json<T>(path: string, headers?: Record<string, string>): Promise<T> {
    const { status, body } = await this.get(path, headers);
    if (status !== 200) throw new Error(`GET ${path}: ${status} ${body.slice(0, 300)}`);
    return JSON.parse(body) as T;
  }

  close(): void {
    this.agent.destroy();
  }

  private get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    const auth: Record<string, string> =
      headers.cookie === undefined ? { authorization: `Bearer ${this.apiKey}` } : {};
    return new Promise((resolve, reject) => {
      const req = request(
        new URL(path, this.baseUrl),
        { agent: this.agent, headers: { ...auth, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
}
