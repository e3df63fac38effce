import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { ACCESS_CHANNEL, type AccessWatch } from './access-changes.ts';
import type { ConnectionWatch } from './process-claims.ts';
import { queryRows } from './query-rows.ts';
import type { Db } from './database.ts';

/** Where each process says it heard a change: the payload names the change, the sender's pid the process. */
const HEARD_CHANNEL = 'ctxhub_access_heard';

/**
 * The hearing lock, held in shared mode by each process while it hears changes, on its own
 * connection. Nobody takes it exclusively: its holders are the processes that may reuse what they
 * read. Two int4 keys ('ctxh', 17): a lock space apart from the boot locks' bigint keys.
 */
const HEARING_LOCK = [1668577384, 17] as const;

/** A process that began to listen just after a change committed missed its NOTIFY: sent again this often. */
const RENOTIFY_MS = 250;
/** How often a change's verb looks again at who holds the hearing lock while it waits. */
const RECHECK_MS = 50;
/** Changes whose hearers this process remembers (its own are forgotten once settled). */
const MAX_CHANGES = 1_000;

/**
 * How a process on PostgreSQL hears every access change before the change's verb answers
 * (ADR 0017). On its own connection (the one holding its boot lock) it LISTENs on ACCESS_CHANNEL
 * and then holds the hearing lock; only then may it reuse what it reads. On each NOTIFY it forgets
 * everything (a new generation), then says so on HEARD_CHANNEL, from that connection. A verb that
 * changed access, once committed, waits until every process holding the hearing lock has said it
 * heard the change: its answer follows every process's forgetting. A process whose connection is
 * lost forgets everything and reuses nothing until it listens and holds the lock again; its lock
 * went with the connection, so nobody waits for it.
 *
 * A process that does not answer (hung, or cut off from the database while its connection still
 * looks open to the server) holds the verb back, at most `keptMs`: by then every entry read before
 * the change has expired. The NOTIFY is sent again every quarter of a second meanwhile.
 */
export function accessHearing(db: Db): { watch: AccessWatch; connection: ConnectionWatch } {
  let run: ((text: string, values?: unknown[]) => Promise<unknown>) | undefined;
  const heardBy = new Map<string, Set<number>>();
  const wake = new Map<string, () => void>();

  const forget = () => {
    watch.generation += 1;
    watch.hearing = false;
  };
  const heard = (change: string, pid: number) => {
    let pids = heardBy.get(change);
    if (!pids) {
      if (heardBy.size >= MAX_CHANGES) heardBy.delete(heardBy.keys().next().value as string);
      heardBy.set(change, (pids = new Set()));
    }
    pids.add(pid);
    wake.get(change)?.();
  };

  const watch: AccessWatch = {
    generation: 0,
    hearing: false,
    settle: async (_db, change, keptMs) => {
      const deadline = performance.now() + keptMs;
      let notifiedAt = performance.now();
      try {
        for (;;) {
          const hearers = await queryRows<{ pid: number }>(
            db,
            sql`select pid from pg_locks where locktype = 'advisory' and granted
              and database = (select oid from pg_database where datname = current_database())
              and classid = ${HEARING_LOCK[0]} and objid = ${HEARING_LOCK[1]} and objsubid = 2`,
          );
          const pids = heardBy.get(change);
          if (hearers.every((h) => pids?.has(h.pid))) return;
          const now = performance.now();
          if (now >= deadline) {
            process.emitWarning(
              `Not every server process said it heard an access change within ${keptMs} ms; answered once what they kept from before it had expired`,
              { code: 'CTXHUB_ACCESS_UNHEARD' },
            );
            return;
          }
          if (now - notifiedAt >= RENOTIFY_MS) {
            notifiedAt = now;
            await db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${change})`);
          }
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              wake.delete(change);
              resolve();
            };
            const timer = setTimeout(done, Math.min(RECHECK_MS, deadline - now));
            wake.set(change, done);
          });
        }
      } catch {
        // The database cannot be asked: wait until what other processes kept has expired.
        await sleep(Math.max(0, deadline - performance.now()));
      } finally {
        heardBy.delete(change);
        wake.delete(change);
      }
    },
  };

  const connection: ConnectionWatch = {
    channels: [ACCESS_CHANNEL, HEARD_CHANNEL],
    opened: (send) => {
      forget();
      run = send;
      send('select pg_advisory_lock_shared($1, $2)', [...HEARING_LOCK]).then(
        () => {
          if (run === send) watch.hearing = true;
        },
        () => undefined, // the connection failed: `lost` says so
      );
    },
    notified: (channel, payload, pid) => {
      if (channel === HEARD_CHANNEL) return heard(payload, pid);
      // Forgotten before saying so: whoever reads the answer reads it after the forgetting.
      watch.generation += 1;
      void run?.('select pg_notify($1, $2)', [HEARD_CHANNEL, payload]).catch(() => undefined);
    },
    lost: () => {
      run = undefined;
      forget();
    },
  };
  return { watch, connection };
}
