import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.ts';
import type { App } from './types.ts';

/** The most of an unread request body the server reads and discards to keep the connection. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * Before an error answer: the request body that has not arrived yet (an answer given before the
 * body was read, e.g. a refused upload) must not stay on the connection, unread, where the next
 * request would wait behind it. A small one (Content-Length up to 64 KiB) is read and discarded,
 * keeping the connection; a larger or chunked one closes the connection after the answer.
 * Injected requests (tests) have no `complete` flag and no connection.
 */
export function settleUnreadBody(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete !== false) return;
  const chunked = raw.headers['transfer-encoding'] !== undefined;
  const length = Number(raw.headers['content-length'] ?? 0);
  if (!chunked && !(length > 0)) return;
  if (!chunked && length <= DRAIN_LIMIT_BYTES) {
    raw.unpipe();
    raw.resume();
    return;
  }
  closeAfterAnswer(raw, reply);
}

/** How long a connection refused mid-upload goes on reading, and discarding, what still arrives. */
const LINGER_MS = 2000;

/**
 * Answers with `Connection: close` and closes the connection after the answer without losing it.
 * Closing a socket while the client is still sending makes the kernel answer with a reset, and a
 * client still uploading then often loses the answer it had received (it reports EPIPE or "socket
 * hang up" instead of, say, 401). So after the answer the connection is half-closed and what the
 * client still sends is read and discarded until the body ends or the client closes, for at most
 * LINGER_MS ("lingering close", as web servers do). Node ends a `Connection: close` connection
 * through the socket's `destroySoon`, which is replaced here for this one socket.
 */
function closeAfterAnswer(raw: IncomingMessage, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    raw.once('end', () => socket.destroy());
    socket.end();
    raw.unpipe();
    raw.resume();
  };
}

/** Ends a connection once what was written to it has been sent. */
function endSoon(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writableFinished) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end();
}

/**
 * What the server does with its connections when it shuts down (`app.close()`): a connection with
 * no request in flight is closed at once (an idle keep-alive one, and also one that was opened but
 * has not sent a whole request: Node counts that one as busy and would wait for it); a busy one
 * gets `Connection: close` on its answer and is closed after it. A request that still arrives
 * (pipelined behind one in flight) is answered 503 `service_unavailable` in the envelope.
 */
export function installShutdownDrain(app: App): void {
  const answersOf = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    answersOf.set(socket, new Set());
    socket.once('close', () => answersOf.delete(socket));
    if (closing) endSoon(socket);
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const answers = answersOf.get(req.socket);
    if (!answers || res.closed) return;
    answers.add(res);
    res.once('close', () => {
      answers.delete(res);
      if (closing && answers.size === 0) endSoon(req.socket);
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, answers] of answersOf) {
      if (answers.size === 0) endSoon(socket);
      for (const res of answers) if (!res.headersSent) res.setHeader('connection', 'close');
    }
  });
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new AppError('service_unavailable', 'The server is shutting down; retry in a moment', undefined, {
        'retry-after': '1',
        connection: 'close',
      });
    }
  });
}
