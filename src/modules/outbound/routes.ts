import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { getOutboundPolicy, putOutboundPolicy } from './outbound-policies.ts';
import { getOutboundSettings, putOutboundSettings } from './outbound-settings.ts';
import { renderPreview } from './render-preview.ts';
import {
  outboundSettingsAnswer,
  outboundSettingsBody,
  outboundSettingsParams,
  policyAnswer,
  policyBody,
  policyParams,
  policyQuery,
  renderAnswer,
  renderBody,
  variablesAnswer,
  variablesQuery,
} from './schemas.ts';
import { templateVariables } from './template-variables.ts';

const tags = ['outbound'];

export function outboundRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/workspaces/:key/outbound-settings', {
    schema: {
      tags,
      summary: "The workspace's outbound locale settings; member",
      params: outboundSettingsParams,
      response: { 200: outboundSettingsAnswer },
    },
    handler: async (req) => getOutboundSettings({ ctx: contextOf(deps, req), input: req.params }),
  });

  app.put('/v1/workspaces/:key/outbound-settings', {
    schema: {
      tags,
      summary: 'Set the default outbound locale and the supported locales; workspace admin',
      params: outboundSettingsParams,
      body: outboundSettingsBody,
      response: { 200: outboundSettingsAnswer },
    },
    handler: async (req) =>
      putOutboundSettings({ ctx: contextOf(deps, req), input: { ...req.params, ...req.body } }),
  });

  app.get('/v1/outbound-policies/:integration_type', {
    schema: {
      tags,
      summary:
        "The workspace's policy for one integration type: locale default, supported locales, template overrides; member",
      params: policyParams,
      querystring: policyQuery,
      response: { 200: policyAnswer },
    },
    handler: async (req) =>
      getOutboundPolicy({ ctx: contextOf(deps, req), input: { ...req.query, ...req.params } }),
  });

  app.put('/v1/outbound-policies/:integration_type', {
    schema: {
      tags,
      summary: 'Replace the policy for one integration type (templates must parse); workspace admin',
      params: policyParams,
      body: policyBody,
      response: { 200: policyAnswer },
    },
    handler: async (req) =>
      putOutboundPolicy({ ctx: contextOf(deps, req), input: { ...req.body, ...req.params } }),
  });

  app.post('/v1/outbound/render', {
    schema: {
      tags,
      summary:
        'Render one outbound message as the workspace would send it, saying which locale and template; member',
      body: renderBody,
      response: { 200: renderAnswer },
    },
    handler: async (req) => renderPreview({ ctx: contextOf(deps, req), input: req.body }),
  });

  app.get('/v1/outbound/template-variables', {
    schema: {
      tags,
      summary: "The variables templates may use: the common ones and each action's own; member",
      querystring: variablesQuery,
      response: { 200: variablesAnswer },
    },
    handler: async (req) => templateVariables({ ctx: contextOf(deps, req), input: req.query }),
  });
}
