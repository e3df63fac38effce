import { randomBytes } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Client } from 'pg';

/**
 * Work a server process claims in the database (an import step; later, queued jobs) records its
 * owner: `<boot id>.<claim number>`, where the boot id is drawn at random when the process starts.
 * A claim is live exactly while its process runs and has not ended it, so work left by a process
 * that died (kill -9, a crash, a lost host) can be claimed again at once, with no timeout:
 *
 * - this process knows its own live claims (a claim it has ended, or failed to release, is free);
 *   SQL built by `free` is a snapshot: build it for each statement, never keep it;
 * - PGlite is used by one process only (the data-dir lock), so every other boot id is dead;
 * - on PostgreSQL each process holds a session-level advisory lock, keyed by its boot id, on a
 *   connection of its own for its lifetime. PostgreSQL drops that lock the moment it sees the
 *   connection close (at once for a killed process; within about a minute for a lost host, through
 *   the keepalives set on that connection), and `pg_try_advisory_lock` tells whether it is held.
 */
export interface ProcessClaims {
  /** This process's boot id. */
  readonly bootId: string;
  /**
   * No other process can use this database (PGlite, whose data dir one process holds): every
   * write to it is this process's own.
   */
  readonly onlyProcess: boolean;
  /** Opens a claim of this process: write `owner` into the claimed row; live until `end()`. */
  begin(): Claim;
  /**
   * SQL that is true when `owner` (an owner column, null when nothing is claimed) names no live
   * claim, so the work may be claimed now. On PostgreSQL it probes the owner's lock: use it in a
   * statement that touches few claimed rows.
   */
  free(owner: AnyColumn | SQL): SQL;
  close(): Promise<void>;
}

export interface Claim {
  readonly owner: string;
  /** Ends the claim here (call it whether or not the row was released). Idempotent. */
  end(): void;
}

/** A channel name as an SQL identifier (LISTEN takes no parameter). */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The advisory lock key of a boot id, computed in SQL the same way by holder and prober. */
const lockKey = (bootId: SQL) => sql`('x' || left(md5(${bootId}), 16))::bit(64)::bigint`;

/** What every engine shares: the boot id and the claims this process has not ended. */
function localClaims() {
  const bootId = randomBytes(16).toString('hex');
  const live = new Set<string>();
  let count = 0;
  return {
    bootId,
    begin(): Claim {
      count += 1;
      const owner = `${bootId}.${count}`;
      live.add(owner);
      return { owner, end: () => void live.delete(owner) };
    },
    /**
     * SQL: `owner`, a claim of this process, has ended. Claims begun after this SQL was built count
     * as live: with a pool, a claim may reach the database before a statement built earlier.
     */
    endedHere: (owner: AnyColumn | SQL) =>
      sql`(split_part(${owner}, '.', 2)::bigint <= ${count}
        and ${owner} not in (select jsonb_array_elements_text(${JSON.stringify([...live])}::jsonb)))`,
  };
}

/** Claims on PGlite: one process per data dir, so a claim of any other boot is dead. */
export function singleProcessClaims(): ProcessClaims {
  const local = localClaims();
  return {
    bootId: local.bootId,
    onlyProcess: true,
    begin: local.begin,
    free: (owner) =>
      sql`(${owner} is null or split_part(${owner}, '.', 1) <> ${local.bootId} or ${local.endedHere(owner)})`,
    close: async () => {},
  };
}

/** LISTEN on the process's own connection (the one holding its lock), kept across reconnections. */
export interface ListenOnConnection {
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, and once after every reconnection (what was
   * notified while the connection was down is lost). Answers the unsubscribe.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

/**
 * Something that lives on the process's own connection (how it hears access changes,
 * access-hearing.ts): told when the connection opens (listening on `channels` by then), of each
 * NOTIFY on them (with the sending backend's pid), and when the connection is lost (what it held
 * went with it; notifications may have been missed).
 */
export interface ConnectionWatch {
  channels: string[];
  /** `run` sends SQL on the connection, in order with everything else sent on it. */
  opened(run: (text: string, values?: unknown[]) => Promise<unknown>): void;
  notified(channel: string, payload: string, processId: number): void;
  lost(): void;
}

/** Reconnection delays of the lock connection after it is lost, then the one that repeats. */
const RECONNECT_MS = [500, 1_000, 2_000, 5_000, 10_000];
const RECONNECT_LAST_MS = 30_000;

/**
 * Claims on PostgreSQL, shared by several processes: opens the connection that holds this boot's
 * advisory lock (resolves once held), and opens it again if it is lost, while the process runs.
 * `watch`, if given, lives on that connection too.
 */
export async function sharedClaims(
  url: string,
  watch?: ConnectionWatch,
): Promise<ProcessClaims & ListenOnConnection> {
  // The driver is loaded when used: an embedded (PGlite) server never loads it.
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const local = localClaims();
  const listeners = new Map<string, Set<() => void>>();
  let client: Client | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const hold = async () => {
    const c = new pg.Client({ connectionString: url, application_name: 'ctxhub-claims', keepAlive: true });
    // Lost (an error, or closed by the server): the lock went with it. Take it again on a new one.
    const lost = () => {
      if (client === c) reconnect();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    try {
      // A dead peer (host lost, no FIN) is noticed after about idle + interval * count seconds.
      await c.query(
        'set tcp_keepalives_idle = 30; set tcp_keepalives_interval = 10; set tcp_keepalives_count = 3',
      );
      const { rows } = await drizzle(c).execute<{ held: boolean }>(
        sql`select pg_try_advisory_lock(${lockKey(sql`${local.bootId}`)}) as held`,
      );
      if (!rows[0]?.held) throw new Error('the advisory lock of this boot id is held by another session');
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    c.on('notification', (n) => {
      if (watch?.channels.includes(n.channel)) watch.notified(n.channel, n.payload ?? '', n.processId);
      listeners.get(n.channel)?.forEach((notify) => notify());
    });
    for (const channel of watch?.channels ?? []) await c.query(`listen ${quoteIdent(channel)}`);
    for (const channel of listeners.keys()) await c.query(`listen ${quoteIdent(channel)}`);
    const reconnected = client === undefined && failures > 0;
    client = c;
    failures = 0;
    watch?.opened((text, values) => c.query(text, values));
    if (reconnected) for (const set of listeners.values()) set.forEach((notify) => notify());
  };
  const reconnect = () => {
    const lost = client;
    client = undefined;
    watch?.lost();
    void lost?.end().catch(() => undefined);
    if (closed || retry) return;
    const delay = RECONNECT_MS[failures] ?? RECONNECT_LAST_MS;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) hold().catch(() => reconnect());
    }, delay);
    retry.unref();
  };

  await hold();
  const bootId = local.bootId;
  return {
    bootId,
    onlyProcess: false,
    begin: local.begin,
    free: (owner) => {
      const boot = sql`split_part(${owner}, '.', 1)`;
      const key = lockKey(boot);
      return sql`(${owner} is null
        or (${boot} = ${bootId} and ${local.endedHere(owner)})
        or (${boot} <> ${bootId}
          and case when pg_try_advisory_lock(${key}) then pg_advisory_unlock(${key}) else false end))`;
    },
    listen: async (channel, onNotify) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client?.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      watch?.lost();
      await c?.end().catch(() => undefined);
    },
  };
}
