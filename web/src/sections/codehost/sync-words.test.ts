import { describe, expect, it } from 'vitest';
import type { CodehostLastSync } from '../../api/types.ts';
import { lastSyncOutcome, syncSentence, triggerWords } from './sync-words.ts';

const counts = { added: 3, updated: 1, deactivated: 0, total: 42, projects_created: 2 };
const at = '2026-01-02T03:04:05.000Z';

describe('syncSentence', () => {
  it('says what changed, how many repositories are active and how many projects were created', () => {
    expect(syncSentence(counts)).toBe(
      '3 added, 1 updated, 0 deactivated; 42 active repositories; 2 projects created',
    );
  });

  it('says one repository and one project in the singular, none in the plural', () => {
    expect(syncSentence({ ...counts, total: 1, projects_created: 1 })).toBe(
      '3 added, 1 updated, 0 deactivated; 1 active repository; 1 project created',
    );
    expect(syncSentence({ added: 0, updated: 0, deactivated: 0, total: 0, projects_created: 0 })).toBe(
      '0 added, 0 updated, 0 deactivated; 0 active repositories; 0 projects created',
    );
  });
});

describe('lastSyncOutcome', () => {
  it("is a successful sync's sentence", () => {
    const last: CodehostLastSync = { at, status: 'ok', trigger: 'manual', ...counts };
    expect(lastSyncOutcome(last)).toBe(syncSentence(counts));
  });

  it("is a failed sync's error, as the server kept it", () => {
    const last: CodehostLastSync = { at, status: 'failed', trigger: 'webhook', error: 'GitHub answered 401' };
    expect(lastSyncOutcome(last)).toBe('failed: GitHub answered 401');
    expect(lastSyncOutcome({ ...last, error: undefined })).toBe('failed: no reason given');
  });

  it('says done for a successful sync whose counts are not all kept', () => {
    expect(lastSyncOutcome({ at, status: 'ok', trigger: 'schedule', added: 1 })).toBe('done');
  });
});

describe('triggerWords', () => {
  it('names each trigger the server writes, and an unknown one as it is', () => {
    expect(['manual', 'connected', 'webhook', 'schedule', 'backfill'].map(triggerWords)).toEqual([
      'by hand (Sync now)',
      'on connecting',
      'by a webhook of the code host',
      'on schedule',
      'backfill',
    ]);
  });
});
