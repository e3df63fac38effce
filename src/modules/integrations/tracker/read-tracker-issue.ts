import type { Ctx } from '../../../platform/context.ts';
import { invalidField } from '../../../platform/http/errors.ts';
import { auditedProviderCall } from '../provider/audited-provider-call.ts';
import { siteUrl } from '../provider/base-url.ts';
import { clipContent } from '../provider/clip-content.ts';
import { providerGetJson } from '../provider/provider-call.ts';
import { adfToText } from './adf-to-text.ts';
import { normalizeIssueKey } from './jql.ts';
import { SEARCH_FIELDS } from './search-tracker.ts';
import { at, text, type Json } from '../provider/provider-json.ts';
import type { TrackerIssueSummary, TrackerIssueText } from './schemas.ts';
import { issueComments, issueField, issueSummary } from './tracker-issue.ts';
import { missing } from '../../../platform/missing.ts';

/** Comments shown with an issue, newest last. */
const RECENT_COMMENTS = 5;

function commentText(c: unknown): string {
  const who = text(at(c, 'author', 'displayName')) ?? 'someone';
  const created = text(at(c, 'created'));
  return `${who}${created ? ` (${created})` : ''}:\n${adfToText(at(c, 'body'))}`;
}

/** An issue as readable text: type, status and assignee, its description, then its recent comments. */
function issueText(summary: TrackerIssueSummary, issue: Json): string {
  const facts = [
    summary.issue_type && `Type: ${summary.issue_type}`,
    summary.status && `Status: ${summary.status}`,
    `Assignee: ${summary.assignee ?? 'unassigned'}`,
  ].filter(Boolean);
  const description = adfToText(issueField(issue, 'description')) || '(no description)';
  const comments = issueComments(issue).slice(-RECENT_COMMENTS).map(commentText);
  return [
    `${summary.key}: ${summary.summary}`,
    facts.join(' · '),
    '',
    description,
    ...(comments.length
      ? ['', `Recent comments (${comments.length}):`, ...comments.flatMap((c) => ['', c])]
      : []),
  ].join('\n');
}

/**
 * Reads one tracker issue (Jira Cloud REST v3) as plain text: fields, description and recent
 * comments, Atlassian Document Format rendered, clipped at `max_chars` with a marker; workspace
 * members. A missing issue (or one the account may not see) answers 404 with Jira's message.
 * Audited `tracker.read` (issue_key), failures included.
 */
export async function readTrackerIssue({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; issue_key: string; max_chars: number };
}): Promise<TrackerIssueText> {
  const key = normalizeIssueKey(input.issue_key);
  if (!key) throw invalidField('query.issue_key', 'must be an issue key like ABC-123');
  return auditedProviderCall(
    ctx,
    {
      workspaceKey: input.workspace_key,
      provider: 'tracker',
      action: 'tracker.read',
      target: { type: 'tracker_issue', id: key },
      params: { issue_key: key },
    },
    async (integration) => {
      const site = siteUrl(integration.fields.base_url);
      const url = `${site}/rest/api/3/issue/${encodeURIComponent(key)}?fields=${SEARCH_FIELDS},description,comment`;
      const issue = await providerGetJson(ctx, integration, url, `Issue ${key}`);
      // Never null: the key asked for stands in when the answer has none.
      const summary =
        issueSummary(site, { ...issue, key: text(issue.key) || key }) ?? missing(`the summary of ${key}`);
      return {
        key: summary.key,
        summary: summary.summary,
        status: summary.status,
        url: summary.url,
        updated: summary.updated,
        ...clipContent(issueText(summary, issue), input.max_chars),
      };
    },
  );
}
