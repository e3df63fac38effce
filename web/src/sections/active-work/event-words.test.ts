import { describe, expect, it } from 'vitest';
import { actorName, eventFacts, statusChange } from './event-words.ts';

const evidence = { kind: 'memory', ref: 'memory:mem_1', summary: 'Ship the export (BILL-7)' };

describe('eventFacts', () => {
  it("says inference's evidence, its rule and the confidence before and after", () => {
    expect(eventFacts({ evidence, rule: 'new', confidence: { before: null, after: 0.5 } })).toEqual([
      'memory: Ship the export (BILL-7)',
      'matched no item: started this one',
      'confidence 50%',
    ]);
    expect(
      eventFacts({
        evidence: { kind: 'ci', ref: 'audit:aud_1', summary: 'CI failed on feature/x' },
        rule: 'branch',
        branch: 'feature/x',
        confidence: { before: 0.5, after: 0.6 },
      }),
    ).toEqual(['ci: CI failed on feature/x', 'joined by branch feature/x', 'confidence 50% → 60%']);
    expect(eventFacts({ rule: 'issue_key', issue_key: 'BILL-7' })).toEqual(['joined by issue key BILL-7']);
    expect(eventFacts({ rule: 'terms', score: 0.67, shared: 3 })).toEqual([
      'joined by its words (score 0.67, 3 shared)',
    ]);
  });

  it('reads confidence_before and confidence_after too', () => {
    expect(eventFacts({ confidence_before: 0.5, confidence_after: 0.7 })).toEqual(['confidence 50% → 70%']);
  });

  it("says the sweep's rule and days, why a closed item stayed closed, and a person's action", () => {
    expect(eventFacts({ rule: 'stale', days: 7, last_evidence_at: 'soon' })).toEqual([
      'no evidence for 7 days (newest soon)',
    ]);
    expect(eventFacts({ rule: 'auto_close', days: 30 })).toEqual([
      'stale, no evidence for 30 days: closed automatically',
    ]);
    expect(eventFacts({ evidence, rule: 'issue_key', kept_closed: 'closed by hand' })).toContain(
      'closed by hand',
    );
    expect(eventFacts({ action: 'confirm', by_hand: true })).toEqual(['by hand']);
    expect(eventFacts({ rule: 'later' })).toEqual(['rule later']);
    expect(eventFacts({})).toEqual([]);
  });
});

describe('actorName and statusChange', () => {
  it('names a person by e-mail (else id) and the system by its part', () => {
    expect(actorName({ user_id: 'usr_1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(actorName({ user_id: 'usr_1', email: null })).toBe('usr_1');
    expect(actorName({ system: 'sweep' })).toBe('sweep (system)');
  });

  it('says where the status went', () => {
    expect(statusChange({ prev_status: null, next_status: 'active' })).toBe('new, active');
    expect(statusChange({ prev_status: 'active', next_status: 'confirmed' })).toBe('active → confirmed');
    expect(statusChange({ prev_status: 'closed', next_status: 'closed' })).toBe('closed (unchanged)');
  });
});
