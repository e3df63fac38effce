import { describe, expect, it } from 'vitest';
import type { MemoryVersion } from '../../api/types.ts';
import { changesFrom } from './version-changes.ts';

const v1: MemoryVersion = {
  memory_id: 'mem_1',
  version: 1,
  change: 'created',
  type: 'decision',
  content: 'We retry three times',
  status: 'draft',
  source: 'human',
  metadata: {},
  evidence_ref: null,
  occurred_at: '2024-05-01T10:00:00.000Z',
  superseded_by: null,
  supersedes: [],
  flags: [],
  review_after: null,
  reason: null,
  changed_by: 'usr_1',
  changed_at: '2024-05-01T10:00:00.000Z',
};

describe('changesFrom', () => {
  it('says nothing for the first version', () => {
    expect(changesFrom(v1, undefined)).toEqual([]);
  });

  it('names each field that changed, with the old and new type and status', () => {
    const v2 = {
      ...v1,
      version: 2,
      type: 'constraint' as const,
      status: 'confirmed' as const,
      content: 'We retry five times',
      metadata: { subpath: 'api' },
      evidence_ref: 'PR-12',
    };
    expect(changesFrom(v2, v1)).toEqual([
      'type Decision → Constraint',
      'status Draft → Confirmed',
      'content',
      'metadata',
      'evidence',
    ]);
    expect(changesFrom({ ...v1, version: 2, change: 'deleted' }, v1)).toEqual([]);
  });

  it('names the flags set and cleared, the review date and the memories newly superseded', () => {
    const v2 = {
      ...v1,
      version: 2,
      flags: ['instruction_like' as const],
      review_after: '2024-06-01T00:00:00.000Z',
      supersedes: ['mem_OLD'],
    };
    expect(changesFrom(v2, v1)).toEqual(['review date', 'supersedes mem_OLD', 'Instruction-like set']);
    const v3 = { ...v2, version: 3, flags: ['stale' as const], review_after: null };
    expect(changesFrom(v3, v2)).toEqual(['review date cleared', 'Stale set', 'Instruction-like cleared']);
  });
});
