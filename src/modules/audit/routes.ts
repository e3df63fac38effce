import { presentPage } from '../../platform/http/pagination.ts';
import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { accessTimeline } from './access-timeline.ts';
import { listAuditLogs } from './list-audit-logs.ts';
import {
  accessTimelineAnswer,
  accessTimelineQuery,
  auditList,
  auditLogsQuery,
  chainReport,
  presentAccessEvent,
  presentAuditEntry,
  verifyQuery,
} from './schemas.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

const tags = ['audit'];

export function auditRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/audit-logs', {
    schema: {
      tags,
      summary: "A workspace's audit log, newest first; workspace admin (server admin without workspace_key)",
      querystring: auditLogsQuery,
      response: { 200: auditList },
    },
    handler: async (req) => {
      const { scope, page } = await listAuditLogs({ ctx: contextOf(deps, req), input: req.query });
      return presentPage(page, (r) => presentAuditEntry(r.entry, scope.workspaceKey, r.explanation));
    },
  });

  app.get('/v1/audit/verify', {
    schema: {
      tags,
      summary: "Recompute a workspace's audit hash chain and report where it breaks; workspace admin",
      querystring: verifyQuery,
      response: { 200: chainReport },
    },
    handler: (req) => verifyAuditChain({ ctx: contextOf(deps, req), input: req.query }),
  });

  app.get('/v1/audit/access-timeline', {
    schema: {
      tags,
      summary: 'Standardized access-change events with filters; workspace admin',
      querystring: accessTimelineQuery,
      response: { 200: accessTimelineAnswer },
    },
    handler: async (req) => {
      const { workspaceKey, page } = await accessTimeline({ ctx: contextOf(deps, req), input: req.query });
      return presentPage(page, (r) => presentAccessEvent(r, workspaceKey));
    },
  });
}
