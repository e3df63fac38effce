import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit/index.ts';
import { ACTION_CATALOGUE, ACTION_KEYS, COMMON_VARIABLES } from './action-catalogue.ts';

/** Whether entries of an action may lack the param, or hold null for it. */
const mayLack = (schema: z.ZodType) =>
  schema.meta()?.olderEntriesLack === true ||
  schema.safeParse(undefined).success ||
  schema.safeParse(null).success;

describe('the action catalogue, built from the audit registry', () => {
  it('has every action of the registry, described as there, and no other', () => {
    expect([...ACTION_KEYS].sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    for (const key of ACTION_KEYS)
      expect(ACTION_CATALOGUE[key].description).toBe(AUDIT_ACTIONS[key].description);
  });

  it("gives every action its params as variables, in the params' order, with their text and example", () => {
    for (const key of ACTION_KEYS) {
      const params = Object.entries(AUDIT_ACTIONS[key].params.shape) as [string, z.ZodType][];
      const shown = params.filter(
        ([name, s]) => !Object.hasOwn(COMMON_VARIABLES, name) && s.def.type !== 'null',
      );
      const names = shown.flatMap(([name]) => (name === 'target_user_id' ? ['target_user', name] : [name]));
      expect(Object.keys(ACTION_CATALOGUE[key].variables), key).toEqual(names);
      for (const [name, schema] of shown) {
        const { description, example } = schema.meta() ?? {};
        expect(ACTION_CATALOGUE[key].variables[name], `${key} ${name}`).toEqual({
          description,
          example,
          ...(mayLack(schema) ? { optional: true } : {}),
        });
      }
    }
  });

  it('leaves out the params that repeat a common variable, and those that are always null', () => {
    expect(Object.keys(AUDIT_ACTIONS['raw.search'].params.shape)).toEqual(
      expect.arrayContaining(['workspace_key', 'project_key', 'q', 'count']),
    );
    expect(Object.keys(ACTION_CATALOGUE['raw.search'].variables)).toEqual(['q', 'count']);
    expect(Object.keys(ACTION_CATALOGUE['access.workspace_member.added'].variables)).not.toContain(
      'old_role',
    );
    expect(Object.keys(ACTION_CATALOGUE['access.project_member.removed'].variables)).not.toContain(
      'new_role',
    );
    expect(ACTION_CATALOGUE['access.project_member.role_changed'].variables).toMatchObject({
      old_role: { example: 'MEMBER' },
      new_role: { example: 'ADMIN' },
    });
  });

  it('marks a param optional when entries may lack it, older entries included', () => {
    expect(ACTION_CATALOGUE['api_key.created'].variables.label?.optional).toBe(true);
    expect(ACTION_CATALOGUE['workspace_settings.updated'].variables.reason?.optional).toBe(true);
    expect(ACTION_CATALOGUE['import.committed'].variables.status?.optional).toBe(true);
    expect(ACTION_CATALOGUE['import.committed'].variables.stats?.optional).toBeUndefined();
  });
});
