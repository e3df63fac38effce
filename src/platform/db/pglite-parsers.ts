import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * The type parsers Drizzle's PGlite driver passes with every query (dates, intervals and their
 * arrays stay text; Drizzle maps them itself). Given once to PGlite at construction instead.
 */
export const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type QueryFn = PGlite['query'];

/** Drops the per-query `parsers` option, keeping everything else. */
function queryWithoutParsers<T extends { query: QueryFn }>(target: T): QueryFn {
  return ((sql: string, params?: unknown[], options?: Parameters<QueryFn>[2]) => {
    if (!options?.parsers) return target.query(sql, params, options);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { parsers, ...rest } = options;
    return target.query(sql, params, rest);
  }) as QueryFn;
}

/**
 * PGlite copies its whole parser table (several hundred array types) on every query that carries
 * its own `parsers`, which Drizzle's driver always does: measured here at +0.48 ms per query, more
 * than the query itself. The client Drizzle sees drops that option; the same parsers were given to
 * PGlite at construction (`DRIZZLE_PARSERS`), so results are identical.
 */
export function withConstructionParsers(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') return queryWithoutParsers(target);
      if (prop === 'transaction') {
        return <R>(fn: (tx: Transaction) => Promise<R>) =>
          target.transaction((tx) =>
            fn(
              new Proxy(tx, { get: (t, p) => (p === 'query' ? queryWithoutParsers(t) : Reflect.get(t, p)) }),
            ),
          );
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
