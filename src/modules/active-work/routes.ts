import { contextOf, type AppDeps } from '../../platform/http/request-context.ts';
import type { App } from '../../platform/http/types.ts';
import { getItem } from './get-item.ts';
import { listEvents } from './list-events.ts';
import { listItems } from './list-items.ts';
import { manualAction, type ManualAction } from './manual-action.ts';
import {
  actionAnswer,
  actionBody,
  eventList,
  itemDetail,
  itemList,
  itemParams,
  listEventsQuery,
  projectParams,
  listItemsQuery,
  presentEvent,
  presentEvidence,
  presentItem,
} from './schemas.ts';

const tags = ['active-work'];

const ACTIONS: Record<ManualAction, string> = {
  confirm: 'Confirm an item by hand (active or stale -> confirmed); project maintainer',
  close: 'Close an item by hand (inference never reopens it); project maintainer',
  reopen: 'Reopen a closed item (-> active); project maintainer',
};

export function activeWorkRoutes(app: App, deps: AppDeps): void {
  app.get('/v1/projects/:key/active-work', {
    schema: {
      tags,
      summary:
        "The project's Active Work items, newest evidence first (closed ones only when asked); project reader",
      params: projectParams,
      querystring: listItemsQuery,
      response: { 200: itemList },
    },
    handler: async (req) => {
      const page = await listItems({
        ctx: contextOf(deps, req),
        input: { ...req.query, project_key: req.params.key },
      });
      return {
        items: page.items.map((item) => presentItem(item, page.projectKey, page.emails)),
        next_cursor: page.nextCursor,
      };
    },
  });

  app.get('/v1/projects/:key/active-work/events', {
    schema: {
      tags,
      summary: "The project's Active Work timeline, newest first, by item, type and time; project reader",
      params: projectParams,
      querystring: listEventsQuery,
      response: { 200: eventList },
    },
    handler: async (req) => {
      const page = await listEvents({
        ctx: contextOf(deps, req),
        input: { ...req.query, project_key: req.params.key },
      });
      return {
        items: page.items.map((e) => presentEvent(e, page.emails, page.titles.get(e.itemId) ?? '')),
        next_cursor: page.nextCursor,
      };
    },
  });

  app.get('/v1/active-work/:id', {
    schema: {
      tags,
      summary: 'One Active Work item with its evidence and its events; project reader',
      params: itemParams,
      response: { 200: itemDetail },
    },
    handler: async (req) => {
      const found = await getItem({ ctx: contextOf(deps, req), input: { id: req.params.id } });
      return {
        ...presentItem(found.item, found.projectKey, found.emails),
        evidence: found.evidence.map(presentEvidence),
        events: found.events.map((e) => presentEvent(e, found.emails, found.item.title)),
      };
    },
  });

  for (const action of Object.keys(ACTIONS) as ManualAction[]) {
    app.post(`/v1/active-work/:id/${action}`, {
      schema: {
        tags,
        summary: ACTIONS[action],
        params: itemParams,
        body: actionBody,
        response: { 200: actionAnswer },
      },
      handler: async (req) => {
        const done = await manualAction({
          ctx: contextOf(deps, req),
          input: { id: req.params.id, action, reason: req.body?.reason },
        });
        return {
          item: presentItem(done.item, done.projectKey, done.emails),
          event: presentEvent(done.event, done.emails, done.item.title),
        };
      },
    });
  }
}
