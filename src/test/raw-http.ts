import { connect, type Socket } from 'node:net';

/** One HTTP answer as read off a socket (header names lower-cased). */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

/**
 * A client connection that writes bytes as given (malformed HTTP, pipelined or half-sent requests)
 * and reads answers one by one. Writes after the server closed are dropped, as a real client's
 * would fail; `ended` resolves when the server ends the connection, `closed` when it is closed.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private wake: () => void = () => undefined;
  private finished = false;
  readonly ended: Promise<void>;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake();
    });
    socket.on('error', () => undefined);
    this.ended = new Promise((resolve) => socket.once('end', () => resolve()));
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.finished = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(data);
  }

  /** Resolves once everything written so far has been handed to the kernel (or the socket failed). */
  flushed(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || !this.socket.writable) resolve();
      else this.socket.write('', () => resolve());
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The next answer; `head` for the answer to a HEAD request (a Content-Length but no body). */
  async answer(options: { head?: boolean } = {}): Promise<RawAnswer> {
    for (;;) {
      const parsed = this.take(options.head ?? false);
      if (parsed) return parsed;
      if (this.finished) throw new Error(`connection closed before a whole answer: ${this.buffer}`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private take(head: boolean): RawAnswer | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = head ? 0 : Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return undefined;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { statusCode: Number(statusLine!.split(' ')[1]), headers, body, json: () => JSON.parse(body) };
  }
}
