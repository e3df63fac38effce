import { pageSize, text, type AddressValues } from '../../ui/address-fields.ts';

/**
 * The access timeline's address: `?workspace=`, each filter by name (the API filter of the same
 * meaning; times as ISO), `limit`, and `correlation` for the events of one batch.
 */
export const ACCESS_ADDRESS = {
  workspace: text,
  correlation: text,
  project: text,
  user: text,
  source: text,
  action: text,
  from: text,
  to: text,
  limit: pageSize,
};

/** The filters a correlation group turns off. */
export const ACCESS_FILTERS = ['project', 'user', 'source', 'action', 'from', 'to'] as const;

export type AccessAddress = AddressValues<typeof ACCESS_ADDRESS>;
