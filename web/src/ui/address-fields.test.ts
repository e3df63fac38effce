import { describe, expect, it } from 'vitest';
import {
  day,
  oneOf,
  pageSize,
  readAddress,
  someOf,
  text,
  wholeNumber,
  writeAddress,
} from './address-fields.ts';

const SHAPE = {
  workspace: text,
  limit: wholeNumber(1, 20, 10),
  kind: oneOf(['chat', 'wiki'] as const, 'chat'),
  tags: someOf(['a', 'b', 'c'] as const, ['a']),
};

describe('readAddress', () => {
  it('reads each field, and the default for one absent or not valid', () => {
    const params = new URLSearchParams('workspace=acme&limit=30&kind=wiki&tags=c,x,b&other=1');
    expect(readAddress(SHAPE, params)).toEqual({
      workspace: 'acme',
      limit: 10,
      kind: 'wiki',
      tags: ['c', 'b'],
    });
    expect(readAddress(SHAPE, new URLSearchParams('kind=email&tags=x'))).toEqual({
      workspace: '',
      limit: 10,
      kind: 'chat',
      tags: ['a'],
    });
  });
});

describe('writeAddress', () => {
  it('sets the fields patched in place, appends new ones in the order given, keeps the rest', () => {
    const params = new URLSearchParams('other=1&limit=5&workspace=acme');
    const next = writeAddress(SHAPE, params, { workspace: 'beta', kind: 'wiki', limit: 7 });
    expect(next.toString()).toBe('other=1&limit=7&workspace=beta&kind=wiki');
    expect(params.toString()).toBe('other=1&limit=5&workspace=acme');
  });

  it('leaves out a value written as its default or as empty text', () => {
    const params = new URLSearchParams('workspace=acme&limit=5&tags=b');
    expect(writeAddress(SHAPE, params, { workspace: '  ', limit: 10, tags: ['a'] }).toString()).toBe('');
  });

  it('ignores names outside the shape and values left undefined', () => {
    const params = new URLSearchParams('workspace=acme');
    const patch = { workspace: undefined, stray: 'x' } as unknown as Parameters<typeof writeAddress>[2];
    expect(writeAddress(SHAPE, params, patch).toString()).toBe('workspace=acme');
  });
});

describe('fields', () => {
  it('text reads as written and writes trimmed', () => {
    expect(text.read(null)).toBe('');
    expect(text.read(' a b ')).toBe(' a b ');
    expect(text.write('  a b ')).toBe('a b');
  });

  it('wholeNumber takes whole numbers within its bounds only', () => {
    const n = wholeNumber(50, 1500, 500);
    expect([n.read('50'), n.read('1500'), n.read('49'), n.read('1501'), n.read('60.5'), n.read('x')]).toEqual(
      [50, 1500, 500, 500, 500, 500],
    );
    expect([n.write(500), n.write(700)]).toEqual(['', '700']);
  });

  it('oneOf writes its fallback too, so a shared link names it', () => {
    expect(SHAPE.kind.write('chat')).toBe('chat');
  });

  it('someOf keeps the order given and writes its fallback set, in any order, as nothing', () => {
    const statuses = someOf(['draft', 'confirmed', 'rejected'] as const, ['draft', 'confirmed']);
    expect(statuses.read('rejected,draft')).toEqual(['rejected', 'draft']);
    expect(statuses.write(['confirmed', 'draft'])).toBe('');
    expect(statuses.write(['rejected'])).toBe('rejected');
    expect(someOf(['a', 'b'] as const).read('')).toEqual([]);
  });

  it('day takes only YYYY-MM-DD', () => {
    expect([day.read('2024-02-29'), day.read('2024-2-29'), day.read('yesterday'), day.read(null)]).toEqual([
      '2024-02-29',
      '',
      '',
      '',
    ]);
  });

  it('pageSize takes the sizes offered, 50 by default, and leaves 50 out', () => {
    expect([pageSize.read('25'), pageSize.read('30'), pageSize.read(null)]).toEqual([25, 50, 50]);
    expect([pageSize.write(50), pageSize.write(200)]).toEqual(['', '200']);
  });
});
