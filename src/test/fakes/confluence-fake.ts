import { STATUS_CODES } from 'node:http';
import {
  QuerySyntaxError,
  evaluateQuery,
  matchesText,
  orderItems,
  parseQuery,
  queryClauses,
  searchTerms,
  type ParsedQuery,
  type QueryClause,
  type QueryNode,
} from './atlassian-query.ts';
import { excerpt, highlight, storageToText } from './confluence-text.ts';
import {
  FakeServer,
  intParam,
  pageToken,
  readPageToken,
  type Credentials,
  type FakeReply,
  type FakeRequest,
} from './fake-server.ts';

export { storageToText } from './confluence-text.ts';

/** A page as a test gives it; `body` is storage format (XHTML), e.g. `<p>Deploys run at noon.</p>`. */
export interface ConfluencePageFixture {
  id?: string;
  title: string;
  body: string;
  spaceKey?: string;
  spaceName?: string;
  spaceId?: string;
  version?: number;
  lastModified?: string;
}
export interface ConfluenceFakeOptions {
  credentials?: Credentials;
  pages?: ConfluencePageFixture[];
}

type StoredPage = Required<ConfluencePageFixture>;

export const CONFLUENCE_CREDENTIALS: Credentials = {
  email: 'bot@example.com',
  apiToken: 'confluence-api-token',
};

/** Text fields take ~ and !~; exact fields =, !=, IN, NOT IN. `title` takes both. */
const TEXT_FIELDS: Record<string, (page: StoredPage) => string> = {
  text: (p) => `${p.title}\n${storageToText(p.body)}`,
  sitesearch: (p) => `${p.title}\n${storageToText(p.body)}`,
  title: (p) => p.title,
};
const EXACT_FIELDS: Record<string, (page: StoredPage) => string> = {
  id: (p) => p.id,
  content: (p) => p.id,
  type: () => 'page',
  space: (p) => p.spaceKey,
  'space.key': (p) => p.spaceKey,
  title: (p) => p.title,
};
const SORT_FIELDS: Record<string, (page: StoredPage) => string> = {
  lastmodified: (p) => p.lastModified,
  title: (p) => p.title,
  id: (p) => p.id,
};

const isTextOp = (op: string): boolean => op === '~' || op === '!~';
const isExactOp = (op: string): boolean => ['=', '!=', 'in', 'not in'].includes(op);

function clauseMatches(page: StoredPage, { field, op, values }: QueryClause): boolean {
  if (isTextOp(op)) return matchesText(TEXT_FIELDS[field]!(page), values[0]!) === (op === '~');
  const value = EXACT_FIELDS[field]!(page).toLowerCase();
  return values.some((v) => v.toLowerCase() === value) === (op === '=' || op === 'in');
}

/** The words a search result highlights: the terms of every positive text clause. */
function highlightTerms(where: QueryNode): string[] {
  const clauses = queryClauses(where).filter((c) => c.op === '~' && c.field in TEXT_FIELDS);
  return clauses.flatMap((c) => searchTerms(c.values[0]!));
}

const webui = (page: StoredPage): string =>
  `/spaces/${page.spaceKey}/pages/${page.id}/${encodeURIComponent(page.title).replace(/%20/g, '+')}`;
const v2Error = (status: number, code: string, title: string): FakeReply => ({
  status,
  body: { errors: [{ status, code, title, detail: null }] },
});

/**
 * A fake Confluence Cloud: CQL search (REST v1) and pages (REST v2), behind basic auth. Pages in
 * `forbidden` (by id) are left out of searches and answer `forbiddenStatus` (403 by default).
 */
export class ConfluenceFake extends FakeServer {
  forbiddenStatus: 403 | 404 = 403;
  private readonly pages = new Map<string, StoredPage>();
  private nextId = 65537;

  constructor(options: ConfluenceFakeOptions = {}) {
    super(options.credentials ?? CONFLUENCE_CREDENTIALS);
    for (const page of options.pages ?? []) this.putPage(page);
  }

  /** Adds a page, or replaces the one with the same id; returns the page id. */
  putPage(fixture: ConfluencePageFixture): string {
    const id = fixture.id ?? String(this.nextId++);
    this.pages.set(id, {
      ...fixture,
      id,
      spaceKey: fixture.spaceKey ?? 'ENG',
      spaceName: fixture.spaceName ?? 'Engineering',
      spaceId: fixture.spaceId ?? '98305',
      version: fixture.version ?? 1,
      lastModified: fixture.lastModified ?? '2024-01-01T00:00:00.000Z',
    });
    return id;
  }

  removePage(id: string): void {
    this.pages.delete(id);
  }

  override reset(): void {
    super.reset();
    this.forbiddenStatus = 403;
  }

  protected route(req: FakeRequest): FakeReply {
    if (req.method !== 'GET') return { status: 405, body: this.errorBody(405, 'Method Not Allowed') };
    if (req.path === '/wiki/rest/api/search') return this.search(req.query);
    const match = /^\/wiki\/api\/v2\/pages\/([^/]+)\/?$/.exec(req.path);
    if (match) return this.page(decodeURIComponent(match[1]!), req.query.get('body-format'));
    return { status: 404, body: this.errorBody(404, `No resource found for ${req.path}`) };
  }

  protected unauthorized(req: FakeRequest): FakeReply {
    if (req.path.startsWith('/wiki/api/v2/')) return v2Error(401, 'UNAUTHORIZED', 'Unauthorized');
    return { status: 401, body: this.errorBody(401, 'This request is not authorized.') };
  }

  protected errorBody(status: number, message: string): unknown {
    const data = { authorized: false, valid: true, errors: [], successful: false };
    return { statusCode: status, data, message, reason: STATUS_CODES[status] ?? 'Error' };
  }

  private search(query: URLSearchParams): FakeReply {
    const cql = query.get('cql') ?? '';
    const parsed = this.readCql(cql);
    if ('status' in parsed) return parsed;
    const limit = intParam(query.get('limit'), 25, 1, 100);
    const cursor = query.get('cursor');
    const start = cursor
      ? readPageToken(cursor, cql)
      : intParam(query.get('start'), 0, 0, Number.MAX_SAFE_INTEGER);
    if (start === undefined || Number.isNaN(start) || Number.isNaN(limit)) return this.badRequest(cql);
    const visible = [...this.pages.values()].filter((p) => !this.forbidden.has(p.id));
    const matches = visible.filter((page) => evaluateQuery(parsed.where, (c) => clauseMatches(page, c)));
    const sorted = orderItems(matches, parsed.orderBy, (page, field) => SORT_FIELDS[field]!(page));
    const terms = highlightTerms(parsed.where);
    const expandSpace = (query.get('expand') ?? '').split(',').includes('content.space');
    const results = sorted.slice(start, start + limit).map((page) => this.result(page, terms, expandSpace));
    const end = start + results.length;
    const links = this.searchLinks(query, cql, limit, end < sorted.length ? end : undefined);
    const body = { results, start, limit, size: results.length, totalSize: sorted.length, cqlQuery: cql };
    return { status: 200, body: { ...body, searchDuration: 7, _links: links } };
  }

  /** The CQL parsed and checked (syntax, a restriction, known fields and operators), or the 400. */
  private readCql(cql: string): FakeReply | (ParsedQuery & { where: QueryNode }) {
    const parsed = parseQuery(cql);
    if (parsed instanceof QuerySyntaxError) return this.badRequest(cql);
    const { where, orderBy } = parsed;
    const fieldsKnown = queryClauses(where).every(
      ({ field, op }) => (isTextOp(op) && field in TEXT_FIELDS) || (isExactOp(op) && field in EXACT_FIELDS),
    );
    const sortable = orderBy.every((o) => o.field in SORT_FIELDS);
    return where && fieldsKnown && sortable ? { where, orderBy } : this.badRequest(cql);
  }

  private badRequest(cql: string): FakeReply {
    const message = `com.atlassian.confluence.api.service.exceptions.BadRequestException: Could not parse cql : ${cql}`;
    return { status: 400, body: this.errorBody(400, message) };
  }

  private result(page: StoredPage, terms: string[], expandSpace: boolean): object {
    const space = expandSpace
      ? { space: { key: page.spaceKey, name: page.spaceName } }
      : { _expandable: { space: `/rest/api/space/${page.spaceKey}` } };
    const self = `${this.baseUrl}/wiki/rest/api/content/${page.id}`;
    return {
      content: {
        id: page.id,
        type: 'page',
        status: 'current',
        title: page.title,
        ...space,
        _links: { webui: webui(page), self },
      },
      title: highlight(page.title, terms),
      excerpt: excerpt(page.body, terms),
      url: webui(page),
      resultGlobalContainer: { title: page.spaceName, displayUrl: `/spaces/${page.spaceKey}` },
      breadcrumbs: [],
      entityType: 'content',
      iconCssClass: 'aui-icon content-type-page',
      lastModified: page.lastModified,
      friendlyLastModified: page.lastModified.slice(0, 10),
      score: 1,
    };
  }

  private searchLinks(query: URLSearchParams, cql: string, limit: number, next: number | undefined): object {
    const base = `${this.baseUrl}/wiki`;
    const self = `${base}/rest/api/search?${query.toString()}`;
    if (next === undefined) return { base, context: '/wiki', self };
    const params = new URLSearchParams({ next: 'true', cursor: pageToken(cql, next), limit: String(limit) });
    params.set('start', String(next));
    params.set('cql', cql);
    const expand = query.get('expand');
    if (expand) params.set('expand', expand);
    return { base, context: '/wiki', self, next: `/rest/api/search?${params.toString()}` };
  }

  private page(id: string, bodyFormat: string | null): FakeReply {
    if (!/^\d+$/.test(id)) {
      const title = `Provided value {${id}} for 'id' is not the correct type. Expected type is ContentId`;
      return v2Error(400, 'INVALID_REQUEST_PARAMETER', title);
    }
    const page = this.pages.get(id);
    if (!page) return v2Error(404, 'NOT_FOUND', 'Not Found');
    if (this.forbidden.has(id)) {
      if (this.forbiddenStatus === 404) return v2Error(404, 'NOT_FOUND', 'Not Found');
      return v2Error(403, 'PERMISSION_DENIED', 'Permission denied');
    }
    const storage = { value: page.body, representation: 'storage' };
    const version = { number: page.version, createdAt: page.lastModified, message: '', minorEdit: false };
    const _links = { webui: webui(page), tinyui: `/x/${page.id}`, base: `${this.baseUrl}/wiki` };
    const body = bodyFormat === 'storage' ? { storage } : {};
    const summary = { id, status: 'current', title: page.title, spaceId: page.spaceId };
    return { status: 200, body: { ...summary, createdAt: page.lastModified, version, body, _links } };
  }
}

/** Starts a fake Confluence Cloud on 127.0.0.1. */
export function startConfluenceFake(options: ConfluenceFakeOptions = {}): Promise<ConfluenceFake> {
  return new ConfluenceFake(options).listen();
}
