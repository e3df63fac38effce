/** The shape of a Jira Cloud issue as ctxhub reads it, and the summary searches answer. */
export interface TrackerIssue {
  key: string;
  fields?: {
    summary?: string;
    status?: { name?: string } | null;
    issuetype?: { name?: string } | null;
    assignee?: { displayName?: string } | null;
    updated?: string;
    description?: unknown;
    comment?: { comments?: TrackerComment[] };
  };
}

export interface TrackerComment {
  author?: { displayName?: string } | null;
  created?: string;
  body?: unknown;
}

export interface TrackerIssueSummary {
  key: string;
  summary: string;
  status: string | null;
  issue_type: string | null;
  assignee: string | null;
  updated: string | null;
  url: string;
}

export const issueUrl = (site: string, key: string) => `${site}/browse/${encodeURIComponent(key)}`;

export function issueSummary(site: string, issue: TrackerIssue): TrackerIssueSummary {
  const f = issue.fields ?? {};
  return {
    key: issue.key,
    summary: f.summary ?? '',
    status: f.status?.name ?? null,
    issue_type: f.issuetype?.name ?? null,
    assignee: f.assignee?.displayName ?? null,
    updated: f.updated ?? null,
    url: issueUrl(site, issue.key),
  };
}
