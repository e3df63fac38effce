import { describe, expect, it } from 'vitest';
import { readAddress, writeAddress } from '../../ui/address-fields.ts';
import { ACTIVE_WORK_ADDRESS } from './active-work-address.ts';

const read = (query: string) => readAddress(ACTIVE_WORK_ADDRESS, new URLSearchParams(query));
const ID = 'awi_01JQ8ZQ6N9R3T6W9K2M5X8B1CM';

describe('the Active Work page in the address', () => {
  it('reads the open statuses, no item and every type of event when it names none', () => {
    expect(read('')).toEqual({ status: ['active', 'stale', 'confirmed'], item: '', type: '' });
  });

  it('reads statuses, an item and a type the API knows, and nothing of others', () => {
    expect(read(`status=closed,bogus,stale&item=${ID}&type=stale_marked`)).toEqual({
      status: ['closed', 'stale'],
      item: ID,
      type: 'stale_marked',
    });
    expect(read('status=open&item=awi_nope&type=moved')).toEqual({
      status: ['active', 'stale', 'confirmed'],
      item: '',
      type: '',
    });
  });

  it('leaves the open statuses out of the address, and names closed ones when asked', () => {
    const params = new URLSearchParams('workspace=acme&status=closed');
    expect(
      writeAddress(ACTIVE_WORK_ADDRESS, params, { status: ['confirmed', 'active', 'stale'] }).toString(),
    ).toBe('workspace=acme');
    expect(
      writeAddress(ACTIVE_WORK_ADDRESS, new URLSearchParams(), {
        status: ['active', 'stale', 'confirmed', 'closed'],
        item: ID,
      }).toString(),
    ).toBe(`status=active%2Cstale%2Cconfirmed%2Cclosed&item=${ID}`);
  });
});
