import type { CodehostClient } from './codehost-api.ts';
import { publicEmail } from './fetch-collaborators.ts';

/**
 * How long a login's public e-mail (or its having none) is taken as known. A preview followed by
 * its apply, or a burst of webhooks, asks the code host once per person; a person who makes an
 * e-mail public (or stores their login in ctxhub, which needs no look-up) is matched by the next
 * sync after that.
 */
const PUBLIC_EMAIL_TTL_MS = 15 * 60_000;
/** Logins remembered per process at most; the oldest answers go first. */
const MAX_ENTRIES = 50_000;

const known = new Map<string, { email: string | null; at: number }>();

/**
 * A login's public e-mail at the code host (null: none shown), from this process's memory when it
 * was asked less than PUBLIC_EMAIL_TTL_MS ago, else from the code host. Per code host (API URL).
 */
export async function cachedPublicEmail(
  client: CodehostClient,
  apiUrl: string,
  login: string,
  nowMs: number,
): Promise<string | null> {
  const key = `${apiUrl}\0${login}`;
  const hit = known.get(key);
  if (hit && nowMs - hit.at < PUBLIC_EMAIL_TTL_MS && nowMs >= hit.at) return hit.email;
  const email = await publicEmail(client, login);
  known.delete(key);
  known.set(key, { email, at: nowMs });
  if (known.size > MAX_ENTRIES) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
  return email;
}
