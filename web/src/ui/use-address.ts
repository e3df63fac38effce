import { useSearchParams } from 'react-router';
import { readAddress, writeAddress, type AddressShape, type AddressValues } from './address-fields.ts';

/**
 * A page's state kept in its address, as `shape` declares it: the values read, `set` to write
 * some at once (a new history entry, so back returns), and the whole query string.
 */
export function useAddress<S extends AddressShape>(shape: S) {
  const [params, setParams] = useSearchParams();
  return {
    values: readAddress(shape, params),
    set: (patch: Partial<AddressValues<S>>) => setParams(writeAddress(shape, params, patch)),
    params,
  };
}
