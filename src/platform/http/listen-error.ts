/** The server could not listen on HOST:PORT; the message says why in one line and what to change. */
export class ListenError extends Error {}

/** A listen failure in one line naming PORT or HOST, or undefined for an error of another kind. */
export function listenError(err: unknown, host: string, port: number): ListenError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new ListenError(
        `port ${port} is already in use on ${host} (EADDRINUSE): stop the program using it, or set PORT to a free port`,
      );
    case 'EACCES':
      return new ListenError(
        `not allowed to listen on ${where} (EACCES): ports below 1024 need privileges; set PORT to a port above 1023, or HOST`,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(
        `cannot listen on ${where} (EADDRNOTAVAIL): ${host} is not an address of this machine; set HOST (127.0.0.1, or 0.0.0.0 for every interface)`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        `cannot listen on ${where} (${code}): HOST ${host} does not resolve; set HOST to an address`,
      );
    default:
      return undefined;
  }
}
