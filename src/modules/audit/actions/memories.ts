import { z } from 'zod';
import { count, defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

/*
 * Memory types, statuses and sources belong to the memories module (above this one): they are
 * strings here, described, so a new value there never fails an append.
 */
const MEMORY_ID = param(z.string(), 'Id of the memory', 'mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EH');
const MEMORY_TYPE = param(
  z.string(),
  'Kind of memory: decision, constraint, goal, problem, active_work, activity, note, summary or caveat',
  'decision',
);
const REDACTIONS = param(count(), 'How many secrets were masked in the text', 0);

/** Project memories. */
export const MEMORY_ACTIONS = {
  'memory.created': defineAction('A memory was stored in the project.', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    memory_id: MEMORY_ID,
    type: MEMORY_TYPE,
    status: param(z.string(), 'draft, confirmed or rejected', 'draft'),
    source: param(z.string(), 'Where it came from: human, import or auto', 'human'),
    redactions: REDACTIONS,
  }),
  'memory.updated': defineAction('A memory was changed (its text, type, status or evidence).', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    memory_id: MEMORY_ID,
    changed: param(z.array(z.string()), 'Names of the fields changed (a list)', ['status']),
    version: param(z.number().int().positive(), 'The version number after the change', 3),
    from_status: param(z.string().optional(), 'The status before, when it changed', 'draft'),
    to_status: param(z.string().optional(), 'The status after, when it changed', 'confirmed'),
    redactions: REDACTIONS,
  }),
  'memory.deleted': defineAction('A memory was deleted from the project.', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    memory_id: MEMORY_ID,
    type: MEMORY_TYPE,
    status: param(z.string(), 'Its status when deleted: draft, confirmed or rejected', 'rejected'),
  }),
};
