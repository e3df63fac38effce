import { describe, expect, it } from 'vitest';
import { chatTargets, severityOf } from './chat-routing.ts';

const entry = (action: string, params: Record<string, unknown> = {}) => ({ action, params });

describe('chat routing', () => {
  it('sends every entry when no action prefixes are set, only matching ones when they are', () => {
    expect(chatTargets(entry('memory.created'), {})).toEqual([{ channel: null, severity: 'low' }]);
    const fields = { action_prefixes: ['ci.', 'access.'], default_channel: '#audit' };
    expect(chatTargets(entry('ci.failure'), fields)).toEqual([{ channel: '#audit', severity: 'high' }]);
    expect(chatTargets(entry('access.workspace_member.added'), fields)).toHaveLength(1);
    expect(chatTargets(entry('memory.created'), fields)).toEqual([]);
    expect(chatTargets(entry('cia.thing'), { action_prefixes: ['ci.'] })).toEqual([]);
  });

  it('takes the severity of the first matching rule, low without one', () => {
    const fields = {
      severity_rules: [
        { action_prefix: 'access.workspace_member.removed', severity: 'critical' as const },
        { action_prefix: 'access.', severity: 'medium' as const },
      ],
    };
    expect(severityOf(entry('access.workspace_member.removed'), fields)).toBe('critical');
    expect(severityOf(entry('access.project_member.added'), fields)).toBe('medium');
    expect(severityOf(entry('raw.search'), fields)).toBe('low');
  });

  it('makes a CI failure high whatever the rules say, and lets a rule raise it further', () => {
    expect(severityOf(entry('ci.failure', { status: 'failure' }), {})).toBe('high');
    const low = { severity_rules: [{ action_prefix: 'ci.', severity: 'low' as const }] };
    expect(severityOf(entry('ci.failure', { status: 'failure' }), low)).toBe('high');
    expect(severityOf(entry('ci.success', { status: 'success' }), low)).toBe('low');
    const critical = { severity_rules: [{ action_prefix: 'ci.failure', severity: 'critical' as const }] };
    expect(severityOf(entry('ci.failure', { status: 'failure' }), critical)).toBe('critical');
  });

  it('sends to each matching route whose minimum severity is met, else to the default channel', () => {
    const fields = {
      default_channel: '#audit',
      severity_rules: [{ action_prefix: 'access.', severity: 'medium' as const }],
      routes: [
        { action_prefix: 'ci.', min_severity: 'high' as const, channel: '#oncall' },
        { action_prefix: 'ci.', channel: '#builds' },
        { action_prefix: 'access.', min_severity: 'high' as const, channel: '#security' },
        { action_prefix: 'access.workspace_member.' },
      ],
    };
    expect(chatTargets(entry('ci.failure'), fields)).toEqual([
      { channel: '#oncall', severity: 'high' },
      { channel: '#builds', severity: 'high' },
    ]);
    expect(chatTargets(entry('ci.success'), fields)).toEqual([{ channel: '#builds', severity: 'low' }]);
    // A route without a channel sends to the default one; below #security's minimum: not there.
    expect(chatTargets(entry('access.workspace_member.added'), fields)).toEqual([
      { channel: '#audit', severity: 'medium' },
    ]);
    // No route applies: the default channel.
    expect(chatTargets(entry('access.project_member.added'), fields)).toEqual([
      { channel: '#audit', severity: 'medium' },
    ]);
    // Two routes naming one channel: one message.
    const twice = {
      routes: [
        { action_prefix: 'ci.', channel: '#x' },
        { action_prefix: 'ci.f', channel: '#x' },
      ],
    };
    expect(chatTargets(entry('ci.failure'), twice)).toEqual([{ channel: '#x', severity: 'high' }]);
  });
});
