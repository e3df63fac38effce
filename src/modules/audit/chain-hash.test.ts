import { describe, expect, it } from 'vitest';
import { canonicalJson, entryHash, type HashedEntry } from './chain-hash.ts';

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: null } })).toBe('{"a":{"c":null,"d":[3,1,2]},"b":1}');
    expect(canonicalJson([{ z: 1, y: 2 }, 'x'])).toBe('[{"y":2,"z":1},"x"]');
  });

  it('gives the same text for the same value, whatever the key insertion order', () => {
    const a = { role: 'WRITER', evidence: { team: 't', repo: 'acme/api' }, list: [{ q: 1, p: 2 }] };
    const b = { list: [{ p: 2, q: 1 }], evidence: { repo: 'acme/api', team: 't' }, role: 'WRITER' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('tells apart values that differ only in nesting, type or array order', () => {
    const texts = [
      { a: '1' },
      { a: 1 },
      { a: [1] },
      { a: { b: 1 } },
      { 'a.b': 1 },
      { a: null },
      {},
      [1, 2],
      [2, 1],
      '1',
      1,
      null,
      true,
      'true',
    ].map(canonicalJson);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('is valid JSON that parses back to the same value', () => {
    const value = {
      text: 'quote " backslash \\ newline \n tab \t unicode é 😀 \u2028',
      'key "with" quotes': 1,
      '': 'empty key',
      nested: { n: -0.5, big: 1e21, small: 1e-7, t: true, f: false, nil: null },
      list: [[], {}, [null]],
    };
    const text = canonicalJson(value);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('drops undefined properties like JSON does, and writes undefined elsewhere as null', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe(JSON.stringify({ a: undefined, b: 1 }));
    expect(canonicalJson([undefined, 1])).toBe(JSON.stringify([undefined, 1]));
  });

  it('matches JSON.stringify for values whose keys are already sorted', () => {
    for (const value of [{ a: 1, b: [1, 'x', null], c: { d: 'é' } }, [1, 2, 3], 'plain', 42, null, false]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value));
    }
  });

  it('treats a key named __proto__ as data', () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"a":2}') as Record<string, unknown>;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"x":1},"a":2}');
  });
});

describe('entryHash', () => {
  const entry: HashedEntry = {
    id: 'aud_01',
    chain: 'ws_1',
    seq: 3,
    workspaceId: 'ws_1',
    action: 'access.project_member.added',
    targetType: 'project',
    targetId: 'prj_1',
    params: { source: 'manual', new_role: 'WRITER', old_role: null },
    metadata: {},
    actorUserId: 'usr_1',
    systemActor: null,
    correlationId: null,
    requestId: 'req_1',
    createdAt: new Date('2024-05-01T10:00:00.123Z'),
    prevHash: 'a'.repeat(64),
  };

  it('is a stable sha256 hex digest that ignores key order inside params', () => {
    const hash = entryHash(entry);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash({ ...entry })).toBe(hash);
    expect(entryHash({ ...entry, params: { old_role: null, new_role: 'WRITER', source: 'manual' } })).toBe(
      hash,
    );
    expect(entryHash({ ...entry, createdAt: new Date(entry.createdAt.getTime()) })).toBe(hash);
  });

  it('changes when any covered field changes', () => {
    const variants: Array<Partial<HashedEntry>> = [
      { id: 'aud_02' },
      { chain: 'ws_2' },
      { seq: 4 },
      { workspaceId: null },
      { action: 'access.project_member.removed' },
      { targetType: 'workspace' },
      { targetId: null },
      { params: { ...entry.params, new_role: 'READER' } },
      { params: { ...entry.params, extra: null } },
      { metadata: { note: 'x' } },
      { actorUserId: null },
      { systemActor: 'codehost' },
      { correlationId: 'cor_1' },
      { requestId: null },
      { createdAt: new Date(entry.createdAt.getTime() + 1) },
      { prevHash: null },
      { prevHash: 'b'.repeat(64) },
    ];
    const hashes = variants.map((v) => entryHash({ ...entry, ...v }));
    expect(hashes).not.toContain(entryHash(entry));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('does not confuse a value moved between fields', () => {
    expect(entryHash({ ...entry, actorUserId: null, systemActor: 'usr_1' })).not.toBe(
      entryHash({ ...entry, actorUserId: 'usr_1', systemActor: null }),
    );
    expect(entryHash({ ...entry, params: { x: 1 }, metadata: {} })).not.toBe(
      entryHash({ ...entry, params: {}, metadata: { x: 1 } }),
    );
  });
});
