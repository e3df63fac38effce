import { z } from 'zod';
import { count, defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

const Q = param(z.string(), 'The search text, with secrets masked', 'retry backoff');
const LIMIT = param(count(), 'The most results asked for', 20);
const COUNT = param(
  count().optional(),
  'How many results were found (absent when the provider call failed)',
  3,
);

/** Reads that are audited: raw session text, and the tracker and wiki through their integrations. */
export const READ_ACTIONS = {
  'raw.search': defineAction("The project's raw session messages were searched.", {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    q: Q,
    count: param(count(), 'How many messages matched', 3),
  }),
  'raw.view': defineAction('A raw session message was read in full.', {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    message_id: param(z.string(), 'Id of the message', 'rmsg_01JQ8ZN2T5W8N1K4M7X3B6C9DK'),
    session_id: param(z.string(), 'Id of the raw session it belongs to', 'rses_01JQ8ZP4W7N2K5M8X1B3C6D9EL'),
  }),
  'tracker.search': defineAction(
    'The issue tracker was searched through its integration (failed calls included).',
    { q: Q, limit: LIMIT, count: COUNT },
  ),
  'tracker.read': defineAction('An issue was read from the tracker (failed calls included).', {
    issue_key: param(z.string(), 'The issue key', 'API-142'),
  }),
  'wiki.search': defineAction('The wiki was searched through its integration (failed calls included).', {
    q: Q,
    limit: LIMIT,
    count: COUNT,
  }),
  'wiki.read': defineAction('A wiki page was read (failed calls included).', {
    page_id: param(z.string(), 'Id of the page', '884736'),
  }),
};
