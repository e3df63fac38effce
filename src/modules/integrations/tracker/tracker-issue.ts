import { at, list, text, type Json } from '../provider/provider-json.ts';
import type { TrackerIssueSummary } from './schemas.ts';

const issueUrl = (site: string, key: string) => `${site}/browse/${encodeURIComponent(key)}`;

/** The fields of an issue (`fields.<name>`), read without trusting their shape. */
export const issueField = (issue: Json, ...path: string[]) => at(issue, 'fields', ...path);

/** A search result as answered, or null when it has no key. */
export function issueSummary(site: string, issue: unknown): TrackerIssueSummary | null {
  const key = text(at(issue, 'key'));
  if (!key) return null;
  const field = (...path: string[]) => text(at(issue, 'fields', ...path));
  return {
    key,
    summary: field('summary') ?? '',
    status: field('status', 'name'),
    issue_type: field('issuetype', 'name'),
    assignee: field('assignee', 'displayName'),
    updated: field('updated'),
    url: issueUrl(site, key),
  };
}

/** An issue's comments, oldest first, as Jira answers them. */
export const issueComments = (issue: Json) => list(issueField(issue, 'comment', 'comments'));
