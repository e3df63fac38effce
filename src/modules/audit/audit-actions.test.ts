import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AUDIT_ACTIONS, checkedParams, type AuditAction } from './audit-actions.ts';

const ACTIONS = Object.entries(AUDIT_ACTIONS) as [AuditAction, (typeof AUDIT_ACTIONS)[AuditAction]][];
const paramsOf = (action: AuditAction) =>
  Object.entries(AUDIT_ACTIONS[action].params.shape) as [string, z.ZodType][];

/** An entry's params made of each param's example: every one, or the required ones only. */
const exampleParams = (action: AuditAction, keep = (_schema: z.ZodType) => true): Record<string, unknown> =>
  Object.fromEntries(paramsOf(action).flatMap(([name, s]) => (keep(s) ? [[name, s.meta()?.example]] : [])));
const required = (s: z.ZodType) => !s.safeParse(undefined).success;

describe('the audit action registry', () => {
  it('describes every action and every param, with an example its schema takes', () => {
    expect(ACTIONS.length).toBeGreaterThan(40);
    for (const [action, definition] of ACTIONS) {
      expect(definition.description, action).toMatch(/^[A-Z].*\.$/);
      for (const [name, schema] of paramsOf(action)) {
        const meta = schema.meta();
        expect(meta?.description, `${action} ${name}`).toMatch(/\S/);
        expect(meta && 'example' in meta, `${action} ${name} has an example`).toBe(true);
        // Only a param that is always null has null for its example.
        if (schema.def.type !== 'null') expect(meta?.example, `${action} ${name}`).not.toBeNull();
        expect(schema.safeParse(meta?.example).success, `${action} ${name}: its example`).toBe(true);
      }
      expect(checkedParams(action, exampleParams(action))).toEqual(exampleParams(action));
      expect(checkedParams(action, exampleParams(action, required))).toEqual(exampleParams(action, required));
    }
  });

  it('refuses a param of the wrong type, naming the action and the field', () => {
    const params = { ...exampleParams('memory.created'), redactions: 'none' };
    expect(() => checkedParams('memory.created', params)).toThrow(
      /^internal error: the params of audit entry memory\.created do not match its schema: redactions: Invalid input: expected number, received string$/,
    );
    // Inside an object param too, by its path.
    const stats = { ...(exampleParams('import.parsed').stats as object), sessions: -1 };
    expect(() => checkedParams('import.parsed', { ...exampleParams('import.parsed'), stats })).toThrow(
      /audit entry import\.parsed .*: stats\.sessions: Too small/,
    );
  });

  it('refuses a param the action does not take, at any depth of a strict object', () => {
    expect(() =>
      checkedParams('session.signed_out', { session_id: 'ses_1', user_id: 'usr_1', note: 'x' }),
    ).toThrow(/audit entry session\.signed_out .*: unknown param user_id, note$/);
    const stats = { ...(exampleParams('import.extracted').stats as object), extra: 1 };
    expect(() => checkedParams('import.extracted', { ...exampleParams('import.extracted'), stats })).toThrow(
      /audit entry import\.extracted .*: unknown param stats\.extra$/,
    );
  });

  it('refuses a missing required param, and takes one that is optional or null where allowed', () => {
    const { is_admin: _, ...params } = exampleParams('user.created');
    expect(() => checkedParams('user.created', params)).toThrow(
      /audit entry user\.created .*: is_admin: Invalid input: expected boolean, received undefined$/,
    );
    const key = { key_id: 'key_1', user_id: 'usr_1' };
    expect(checkedParams('api_key.created', key)).toEqual(key);
    expect(checkedParams('api_key.created', { ...key, label: null, expires_at: null })).toMatchObject(key);
    // An always-null param is required, and null.
    const added = exampleParams('access.workspace_member.added');
    expect(() => checkedParams('access.workspace_member.added', { ...added, old_role: 'MEMBER' })).toThrow(
      /old_role: Invalid input: expected null, received string$/,
    );
  });

  it('refuses an action outside the registry', () => {
    expect(() => checkedParams('memory.archived', {})).toThrow(
      'internal error: memory.archived is not an audit action',
    );
    expect(() => checkedParams('constructor', {})).toThrow(
      'internal error: constructor is not an audit action',
    );
  });
});
