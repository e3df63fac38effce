import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get, send } from '../request.ts';
import type {
  IntegrationType,
  OutboundPolicy,
  OutboundSettings,
  RenderedMessage,
  TemplateVariables,
} from '../types.ts';
import { workspacePath } from './workspaces.ts';

const settingsPath = (workspace: string) => `${workspacePath(workspace)}/outbound-settings`;

/** One message to render (`POST /v1/outbound/render`): with `template`, that text instead of the saved one. */
export interface RenderRequest {
  workspace: string;
  type: IntegrationType;
  action: string;
  params: Record<string, unknown>;
  locale?: string;
  template?: string;
}

/** A policy as PUT takes it: everything it holds (a PUT replaces it), and a reason for the audit log. */
export interface PolicyBody {
  locale_default: string | null;
  supported_locales: string[] | null;
  template_overrides: OutboundPolicy['template_overrides'];
  reason?: string;
}

export const outboundQueries = {
  settings: (workspace: string) =>
    queryOptions({
      queryKey: ['outbound-settings', workspace] as const,
      queryFn: ({ signal }) => get<OutboundSettings>(settingsPath(workspace), { signal }),
      retry: false,
    }),
  policy: (workspace: string, type: IntegrationType) =>
    queryOptions({
      queryKey: ['outbound-policy', workspace, type] as const,
      queryFn: ({ signal }) =>
        get<OutboundPolicy>(`/v1/outbound-policies/${type}`, { query: { workspace_key: workspace }, signal }),
      retry: false,
    }),
  variables: (workspace: string, type: IntegrationType) =>
    queryOptions({
      queryKey: ['outbound-variables', workspace, type] as const,
      queryFn: ({ signal }) =>
        get<TemplateVariables>('/v1/outbound/template-variables', {
          query: { workspace_key: workspace, integration_type: type },
          signal,
        }),
      staleTime: Infinity,
      retry: false,
    }),
  /** Every render of a workspace: read again after any save (the locale or the template may change). */
  renders: (workspace: string) => ['outbound-render', workspace] as const,
  /** A rendered message; while the next one is asked, the last one stays shown. */
  render: (r: RenderRequest) =>
    queryOptions({
      queryKey: [...outboundQueries.renders(r.workspace), r] as const,
      queryFn: ({ signal }) =>
        send<RenderedMessage>('POST', '/v1/outbound/render', {
          body: {
            workspace_key: r.workspace,
            integration_type: r.type,
            action_key: r.action,
            params: r.params,
            ...(r.locale ? { locale: r.locale } : {}),
            ...(r.template !== undefined ? { template: r.template } : {}),
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
};

export const outboundWrites = {
  saveSettings: (
    workspace: string,
    body: { default_outbound_locale: string; supported_locales: string[]; reason?: string },
  ) => send<OutboundSettings>('PUT', settingsPath(workspace), { body }),
  savePolicy: (workspace: string, type: IntegrationType, { reason, ...policy }: PolicyBody) =>
    send<OutboundPolicy>('PUT', `/v1/outbound-policies/${type}`, {
      body: { workspace_key: workspace, ...policy, ...(reason?.trim() ? { reason: reason.trim() } : {}) },
    }),
};
