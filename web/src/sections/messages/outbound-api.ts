import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type {
  IntegrationType,
  OutboundPolicy,
  OutboundSettings,
  RenderedMessage,
  TemplateVariables,
} from '../../api/types.ts';

type Overrides = OutboundPolicy['template_overrides'];

const settingsKey = (workspace: string) => ['outbound-settings', workspace] as const;
const policyKey = (workspace: string, type: IntegrationType) => ['outbound-policy', workspace, type] as const;
/** Every render of a workspace: read again after any save (the locale or the template may change). */
const renderKey = (workspace: string) => ['outbound-render', workspace] as const;

export function useOutboundSettings(workspace: string) {
  return useQuery({
    queryKey: settingsKey(workspace),
    queryFn: ({ signal }) =>
      api<OutboundSettings>('GET', `/v1/workspaces/${encodeURIComponent(workspace)}/outbound-settings`, {
        signal,
      }),
    enabled: workspace !== '',
    retry: false,
  });
}

export function usePolicy(workspace: string, type: IntegrationType) {
  return useQuery({
    queryKey: policyKey(workspace, type),
    queryFn: ({ signal }) =>
      api<OutboundPolicy>('GET', `/v1/outbound-policies/${type}`, {
        query: { workspace_key: workspace },
        signal,
      }),
    enabled: workspace !== '',
    retry: false,
  });
}

export function useTemplateVariables(workspace: string, type: IntegrationType) {
  return useQuery({
    queryKey: ['outbound-variables', workspace, type],
    queryFn: ({ signal }) =>
      api<TemplateVariables>('GET', '/v1/outbound/template-variables', {
        query: { workspace_key: workspace, integration_type: type },
        signal,
      }),
    enabled: workspace !== '',
    staleTime: Infinity,
    retry: false,
  });
}

export interface RenderRequest {
  workspace: string;
  type: IntegrationType;
  action: string;
  params: Record<string, unknown>;
  locale?: string;
  template?: string;
}

/** One message rendered by the server (`POST /v1/outbound/render`); a refusal is the query's error. */
export function useRender(request: RenderRequest | null) {
  return useQuery({
    queryKey: [...renderKey(request?.workspace ?? ''), request],
    queryFn: ({ signal }) => {
      const r = request as RenderRequest;
      return api<RenderedMessage>('POST', '/v1/outbound/render', {
        body: {
          workspace_key: r.workspace,
          integration_type: r.type,
          action_key: r.action,
          params: r.params,
          ...(r.locale ? { locale: r.locale } : {}),
          ...(r.template !== undefined ? { template: r.template } : {}),
        },
        signal,
      });
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** PUT /v1/workspaces/:key/outbound-settings; the workspace and every render are read again. */
export function useSaveSettings(workspace: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { default_outbound_locale: string; supported_locales: string[]; reason?: string }) =>
      api<OutboundSettings>('PUT', `/v1/workspaces/${encodeURIComponent(workspace)}/outbound-settings`, {
        body,
      }),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey(workspace), answer);
      void client.invalidateQueries({ queryKey: ['workspace', workspace] });
      void client.invalidateQueries({ queryKey: renderKey(workspace) });
    },
  });
}

export interface PolicyDraft {
  locale_default: string | null;
  supported_locales: string[] | null;
  template_overrides: Overrides;
  reason?: string;
}

/** The policy as the server holds it, as a whole to send back (PUT replaces it). */
export const draftOfPolicy = (p: OutboundPolicy): PolicyDraft => ({
  locale_default: p.locale_default,
  supported_locales: p.supported_locales,
  template_overrides: p.template_overrides,
});

/** The overrides with one template set, or removed (`null`): an action left with none is dropped. */
export function withTemplate(overrides: Overrides, action: string, locale: string, text: string | null) {
  const byLocale = { ...overrides[action] };
  if (text === null) delete byLocale[locale];
  else byLocale[locale] = text;
  const next = { ...overrides };
  if (Object.keys(byLocale).length === 0) delete next[action];
  else next[action] = byLocale;
  return next;
}

/** PUT /v1/outbound-policies/:type with everything the policy holds; renders are read again. */
export function useSavePolicy(workspace: string, type: IntegrationType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, ...policy }: PolicyDraft) =>
      api<OutboundPolicy>('PUT', `/v1/outbound-policies/${type}`, {
        body: { workspace_key: workspace, ...policy, ...(reason?.trim() ? { reason: reason.trim() } : {}) },
      }),
    onSuccess: (answer) => {
      client.setQueryData(policyKey(workspace, type), answer);
      void client.invalidateQueries({ queryKey: renderKey(workspace) });
    },
  });
}
