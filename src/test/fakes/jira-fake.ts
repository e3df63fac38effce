import { adfDoc, type AdfDoc } from './adf.ts';
import { evaluateQuery, orderItems } from './atlassian-query.ts';
import {
  FakeServer,
  intParam,
  pageToken,
  readPageToken,
  type Credentials,
  type FakeReply,
  type FakeRequest,
} from './fake-server.ts';
import {
  SORT_FIELDS,
  clauseMatches,
  jiraError,
  readJql,
  type StoredComment,
  type StoredIssue,
} from './jira-jql.ts';

// The ADF builders moved to adf.ts; re-exported so existing imports keep working.
export { adfBulletList, adfCodeBlock, adfDoc, adfHeading, adfToText } from './adf.ts';
export type { AdfDoc } from './adf.ts';

// Fixtures: what a test gives; strings stand for one-paragraph ADF documents.

export interface JiraCommentFixture {
  id?: string;
  author: string;
  created: string;
  updated?: string;
  body: AdfDoc | string;
}
export interface JiraIssueFixture {
  key: string;
  id?: string;
  summary: string;
  status?: string;
  issuetype?: string;
  assignee?: string | null;
  updated?: string;
  description?: AdfDoc | string | null;
  comments?: JiraCommentFixture[];
}
export interface JiraFakeOptions {
  credentials?: Credentials;
  issues?: JiraIssueFixture[];
}

export const JIRA_CREDENTIALS: Credentials = { email: 'bot@example.com', apiToken: 'jira-api-token' };
const ISSUE_NOT_FOUND = 'Issue does not exist or you do not have permission to see it.';
const asDoc = (value: AdfDoc | string): AdfDoc => (typeof value === 'string' ? adfDoc(value) : value);

/**
 * A fake Jira Cloud (REST v3): enhanced JQL search, issues and their comments, behind basic auth.
 * Issues in `forbidden` (by key) behave as Jira treats issues the account may not browse: 404, and
 * absent from searches.
 */
export class JiraFake extends FakeServer {
  private readonly issues = new Map<string, StoredIssue>();
  private nextId = 10001;

  constructor(options: JiraFakeOptions = {}) {
    super(options.credentials ?? JIRA_CREDENTIALS);
    for (const issue of options.issues ?? []) this.putIssue(issue);
  }

  /** Adds an issue, or replaces the one with the same key (keeping its id unless one is given). */
  putIssue(fixture: JiraIssueFixture): void {
    const key = fixture.key.toUpperCase();
    const id = fixture.id ?? this.issues.get(key)?.id ?? String(this.nextId++);
    const comments = (fixture.comments ?? []).map((c) => ({
      id: c.id ?? String(this.nextId++),
      author: c.author,
      created: c.created,
      updated: c.updated ?? c.created,
      body: asDoc(c.body),
    }));
    this.issues.set(key, {
      id,
      key,
      summary: fixture.summary,
      status: fixture.status ?? 'To Do',
      issuetype: fixture.issuetype ?? 'Task',
      assignee: fixture.assignee ?? null,
      updated: fixture.updated ?? '2024-01-01T00:00:00.000+0000',
      description: fixture.description == null ? null : asDoc(fixture.description),
      comments,
    });
  }

  removeIssue(key: string): void {
    this.issues.delete(key.toUpperCase());
  }

  protected route(req: FakeRequest): FakeReply {
    if (req.method !== 'GET') return jiraError(405, `Method ${req.method} is not allowed here.`);
    if (req.path === '/rest/api/3/search/jql') return this.search(req.query);
    const match = /^\/rest\/api\/3\/issue\/([^/]+)(\/comment)?\/?$/.exec(req.path);
    if (!match) return jiraError(404, 'null for uri: ' + req.path);
    const issue = this.find(decodeURIComponent(match[1]!));
    if (!issue) return jiraError(404, ISSUE_NOT_FOUND);
    if (match[2]) return this.comments(issue, req.query);
    return { status: 200, body: this.present(issue, fieldFilter(req.query.get('fields'))) };
  }

  protected unauthorized(): FakeReply {
    return { status: 401, body: 'Client must be authenticated to access this resource.' };
  }

  protected errorBody(_status: number, message: string): unknown {
    return { errorMessages: [message], errors: {} };
  }

  /** A visible issue by key (any case) or id. */
  private find(keyOrId: string): StoredIssue | undefined {
    const issue =
      this.issues.get(keyOrId.toUpperCase()) ?? [...this.issues.values()].find((i) => i.id === keyOrId);
    return issue && !this.forbidden.has(issue.key) ? issue : undefined;
  }

  private search(query: URLSearchParams): FakeReply {
    const jql = query.get('jql') ?? '';
    const parsed = readJql(jql, (key) => this.find(key) !== undefined);
    if ('status' in parsed) return parsed;
    const page = readPage(query, jql);
    if ('status' in page) return page;
    const visible = [...this.issues.values()].filter((i) => !this.forbidden.has(i.key));
    const matches = visible.filter((issue) => evaluateQuery(parsed.where, (c) => clauseMatches(issue, c)));
    const sorted = orderItems(matches, parsed.orderBy, (issue, field) => SORT_FIELDS[field]!(issue));
    const end = page.offset + page.maxResults;
    const fields = query.get('fields');
    const present = (issue: StoredIssue) =>
      fields ? this.present(issue, fieldFilter(fields)) : { id: issue.id };
    const issues = sorted.slice(page.offset, end).map(present);
    const last = end >= sorted.length;
    return {
      status: 200,
      body: { issues, ...(last ? {} : { nextPageToken: pageToken(jql, end) }), isLast: last },
    };
  }

  private present(issue: StoredIssue, wants: (field: string) => boolean): object {
    const comments = issue.comments.map((c) => this.presentComment(issue, c));
    const all: Record<string, unknown> = {
      summary: issue.summary,
      status: { name: issue.status },
      issuetype: { name: issue.issuetype },
      assignee: issue.assignee === null ? null : { displayName: issue.assignee },
      updated: issue.updated,
      description: issue.description,
      comment: { comments, maxResults: comments.length, total: comments.length, startAt: 0 },
    };
    const fields = Object.fromEntries(Object.entries(all).filter(([name]) => wants(name)));
    return {
      expand: 'renderedFields,names,schema',
      id: issue.id,
      self: this.issueUrl(issue),
      key: issue.key,
      fields,
    };
  }

  private presentComment(issue: StoredIssue, comment: StoredComment): object {
    const self = `${this.issueUrl(issue)}/comment/${comment.id}`;
    return {
      self,
      id: comment.id,
      author: { displayName: comment.author },
      body: comment.body,
      created: comment.created,
      updated: comment.updated,
    };
  }

  private comments(issue: StoredIssue, query: URLSearchParams): FakeReply {
    const startAt = intParam(query.get('startAt'), 0, 0, Number.MAX_SAFE_INTEGER);
    const maxResults = intParam(query.get('maxResults'), 5000, 0, 5000);
    if (Number.isNaN(startAt) || Number.isNaN(maxResults))
      return jiraError(400, 'startAt and maxResults must be numbers.');
    const orderBy = query.get('orderBy') ?? 'created';
    if (!/^[+-]?created$/.test(orderBy)) return jiraError(400, `Invalid orderBy value '${orderBy}'.`);
    const sorted = orderItems(
      issue.comments,
      [{ field: 'created', desc: orderBy.startsWith('-') }],
      (c) => c.created,
    );
    const comments = sorted.slice(startAt, startAt + maxResults).map((c) => this.presentComment(issue, c));
    return { status: 200, body: { comments, startAt, maxResults, total: issue.comments.length } };
  }

  private issueUrl(issue: StoredIssue): string {
    return `${this.baseUrl}/rest/api/3/issue/${issue.id}`;
  }
}

/** maxResults (default 50, at most 5000) and the offset a nextPageToken stands for, or Jira's 400. */
function readPage(query: URLSearchParams, jql: string): FakeReply | { offset: number; maxResults: number } {
  const maxResults = intParam(query.get('maxResults'), 50, 1, 5000);
  if (Number.isNaN(maxResults)) return jiraError(400, "The value for 'maxResults' is not a valid number.");
  const token = query.get('nextPageToken');
  const offset = token ? readPageToken(token, jql) : 0;
  if (offset === undefined) return jiraError(400, 'The provided next page token is invalid or expired.');
  return { offset, maxResults };
}

/**
 * Which fields a `fields` parameter asks for: names, `*all`, `*navigable`, `-name` to drop one; all
 * when absent. (Enhanced search without `fields` answers ids only, as the real one does.)
 */
function fieldFilter(param: string | null): (field: string) => boolean {
  const items = (param ?? '').split(',').map((item) => item.trim());
  const all =
    items.every((item) => item === '' || item.startsWith('-')) || items.some((item) => item.startsWith('*'));
  return (field) => !items.includes(`-${field}`) && (all || items.includes(field));
}

/** Starts a fake Jira Cloud on 127.0.0.1. */
export function startJiraFake(options: JiraFakeOptions = {}): Promise<JiraFake> {
  return new JiraFake(options).listen();
}
