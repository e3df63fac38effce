/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection for CREATE/DROP DATABASE: the `postgres` maintenance database of the same server. */
export const adminUrl = (url: string) => withDatabase(url, 'postgres');
