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
    supersedes: param(
      z.array(z.string()).optional(),
      'The older memories it replaces (each gets its own memory.updated entry)',
      ['mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EA'],
    ),
    flags: param(
      z.array(z.string()).optional(),
      'Flags set when it was written, e.g. instruction_like (its text reads as instructions to an assistant)',
      ['instruction_like'],
    ),
  }),
  'memory.updated': defineAction('A memory was changed (its text, type, status or evidence).', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    memory_id: MEMORY_ID,
    changed: param(z.array(z.string()), 'Names of the fields changed (a list)', ['status']),
    version: param(z.number().int().positive(), 'The version number after the change', 3),
    from_status: param(z.string().optional(), 'The status before, when it changed', 'draft'),
    to_status: param(z.string().optional(), 'The status after, when it changed', 'confirmed'),
    superseded_by: param(
      z.string().optional(),
      'The newer memory that replaced it (to_status superseded)',
      'mem_01JQ8ZJ4W7N1K5M8X2B6C9D3EK',
    ),
    flags: param(
      z.array(z.string()).optional(),
      'Its flags after the change, when they changed (stale, needs_review, instruction_like)',
      ['needs_review'],
    ),
    reason: param(
      z.string().optional(),
      'Why, when not an edit: superseded, a citation missing in a working tree ...',
      'cited path src/billing/invoice.ts not found',
    ),
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
