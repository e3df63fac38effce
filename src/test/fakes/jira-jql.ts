import { adfToText, type AdfDoc } from './adf.ts';
import {
  QuerySyntaxError,
  matchesText,
  parseQuery,
  queryClauses,
  type ParsedQuery,
  type QueryClause,
  type QueryNode,
} from './atlassian-query.ts';
import type { FakeReply } from './fake-server.ts';

// JQL as the Jira fake applies it: which fields take which operators, how a clause matches an
// issue, and the 400s Jira gives for queries it refuses.

export interface StoredComment {
  id: string;
  author: string;
  created: string;
  updated: string;
  body: AdfDoc;
}
export interface StoredIssue {
  id: string;
  key: string;
  summary: string;
  status: string;
  issuetype: string;
  assignee: string | null;
  updated: string;
  description: AdfDoc | null;
  comments: StoredComment[];
}

const UNBOUNDED =
  'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.';
const EXACT_OPERATORS = new Set(['=', '!=', 'in', 'not in', 'is', 'is not']);
const KEY_FORMAT = /^[A-Z][A-Z0-9_]*-\d+$/i;
/** Jira's error body: messages in `errorMessages`, no field errors. */
export const jiraError = (status: number, ...errorMessages: string[]): FakeReply => ({
  status,
  body: { errorMessages, errors: {} },
});

/** Text fields (operators ~ and !~) and exact fields (=, !=, IN, NOT IN, IS [NOT] EMPTY) of the JQL. */
const TEXT_FIELDS: Record<string, (issue: StoredIssue) => string> = {
  text: (i) => [i.summary, adfToText(i.description), ...i.comments.map((c) => adfToText(c.body))].join('\n'),
  summary: (i) => i.summary,
  description: (i) => adfToText(i.description),
  comment: (i) => i.comments.map((c) => adfToText(c.body)).join('\n'),
};
const EXACT_FIELDS: Record<string, (issue: StoredIssue) => string | null> = {
  key: (i) => i.key,
  issuekey: (i) => i.key,
  id: (i) => i.id,
  project: (i) => i.key.split('-')[0]!,
  status: (i) => i.status,
  type: (i) => i.issuetype,
  issuetype: (i) => i.issuetype,
  assignee: (i) => i.assignee,
};
/** The fields ORDER BY accepts, each read as a string. */
export const SORT_FIELDS: Record<string, (issue: StoredIssue) => string> = {
  key: (i) => i.key,
  issuekey: (i) => i.key,
  updated: (i) => i.updated,
  summary: (i) => i.summary,
};

/** Whether an issue satisfies one clause (already checked by readJql). */
export function clauseMatches(issue: StoredIssue, clause: QueryClause): boolean {
  const text = TEXT_FIELDS[clause.field];
  if (text) return matchesText(text(issue), clause.values[0]!) === (clause.op === '~');
  const value = EXACT_FIELDS[clause.field]!(issue)?.toLowerCase() ?? null;
  if (clause.op.startsWith('is')) return (value === null) === (clause.op === 'is');
  const hit = value !== null && clause.values.some((v) => v.toLowerCase() === value);
  return hit === (clause.op === '=' || clause.op === 'in');
}

/** The JQL parsed and checked as Jira checks it (syntax, bounds, fields, operators, keys), or Jira's 400. */
export function readJql(
  jql: string,
  exists: (key: string) => boolean,
): FakeReply | (ParsedQuery & { where: QueryNode }) {
  const parsed = parseQuery(jql);
  if (parsed instanceof QuerySyntaxError) {
    return jiraError(
      400,
      `Error in the JQL Query: ${parsed.message} (line 1, character ${parsed.position + 1})`,
    );
  }
  const { where, orderBy } = parsed;
  if (!where) return jiraError(400, UNBOUNDED);
  const problems = queryClauses(where).flatMap((clause) => clauseProblems(clause, exists));
  for (const { field } of orderBy)
    if (!SORT_FIELDS[field]) problems.push(`Not able to sort using field '${field}'.`);
  return problems.length > 0 ? jiraError(400, ...problems) : { where, orderBy };
}

/** Jira's 400 reasons for one clause: unknown field, wrong operator, or a key that is not there. */
function clauseProblems({ field, op, values }: QueryClause, exists: (key: string) => boolean): string[] {
  const isText = field in TEXT_FIELDS;
  if (!isText && !(field in EXACT_FIELDS))
    return [`Field '${field}' does not exist or you do not have permission to view it.`];
  if (isText ? !op.endsWith('~') : !EXACT_OPERATORS.has(op))
    return [`The operator '${op}' is not supported by the '${field}' field.`];
  if (op.startsWith('is') && !/^(empty|null)$/i.test(values[0]!))
    return [`The value '${values[0]}' is not valid with IS.`];
  if (field !== 'key' && field !== 'issuekey') return [];
  return values.flatMap((value) => {
    if (!KEY_FORMAT.test(value)) return [`The issue key '${value}' for field '${field}' is invalid.`];
    return exists(value)
      ? []
      : [`An issue with key '${value.toUpperCase()}' does not exist for field '${field}'.`];
  });
}
