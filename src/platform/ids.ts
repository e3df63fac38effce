import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

export type IdPrefix = 'usr' | 'key' | 'otl' | 'ws' | 'prj' | 'aud' | 'req' | 'cor';

/** Prefixed, time-sortable ids (`ws_01J...`): ordering by id is ordering by creation. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next()}`;
}
