import { queryOptions } from '@tanstack/react-query';
import { get, send } from '../request.ts';
import type { ChatTest, Integration, IntegrationList, TrackerSearch, WikiSearch } from '../types.ts';

export const integrationQueries = {
  /** Every provider of a workspace as it applies (workspace admins; the server refuses others). */
  list: (workspace: string) =>
    queryOptions({
      queryKey: ['integrations', workspace] as const,
      queryFn: ({ signal }) =>
        get<IntegrationList>('/v1/integrations', { query: { workspace_key: workspace }, signal }),
      retry: false,
    }),
};

export const integrationWrites = {
  /** PUT /v1/integrations: one provider's whole configuration (a secret left out is kept). */
  save: (body: { workspace_key: string; provider: Integration['provider'] } & Record<string, unknown>) =>
    send<Integration>('PUT', '/v1/integrations', { body }),
  /** One test message through the chat configuration that applies now; nothing is stored. */
  testChat: (workspace: string, channel: string) =>
    send<ChatTest>('POST', '/v1/integrations/chat/test', {
      body: { workspace_key: workspace, ...(channel ? { channel } : {}) },
    }),
};

/** A real search of the tracker or the wiki, as assistants run it (audited). */
export const searchSource = {
  tracker: (workspace: string, q: string, limit: number) =>
    get<TrackerSearch>('/v1/tracker/search', { query: { workspace_key: workspace, q, limit } }),
  wiki: (workspace: string, q: string, limit: number) =>
    get<WikiSearch>('/v1/wiki/search', { query: { workspace_key: workspace, q, limit } }),
};
