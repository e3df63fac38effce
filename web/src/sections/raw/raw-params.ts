import { text, wholeNumber, type AddressValues } from '../../ui/address-fields.ts';

/**
 * The raw search kept in the address beside the workspace and project: `q` (words, "quoted
 * phrases" and -excluded words; empty: no search yet), `limit` (results, 1-20) and `max_chars`
 * (snippet length, 50-1500).
 */
export const RAW_SEARCH_ADDRESS = {
  q: text,
  limit: wholeNumber(1, 20, 10),
  max_chars: wholeNumber(50, 1500, 500),
};

export type RawSearch = AddressValues<typeof RAW_SEARCH_ADDRESS>;
