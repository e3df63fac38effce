import { z } from 'zod';
import { defineAction, param, PROJECT_KEY, WORKSPACE_KEY } from './action-definition.ts';

/** A person's confirm, close or reopen of an Active Work item. */
const activeWork = (description: string) =>
  defineAction(description, {
    workspace_key: WORKSPACE_KEY,
    project_key: PROJECT_KEY,
    item_id: param(z.string(), 'Id of the Active Work item', 'awi_01JQ8ZQ6N9R3T6W9K2M5X8B1CM'),
    title: param(z.string(), 'Its title', 'Migrate billing to the new API'),
    reason: param(z.string().optional(), 'The reason the actor gave', 'Shipped in 2.4.0'),
  });

export const ACTIVE_WORK_ACTIONS = {
  'active_work.manual_confirm': activeWork('Someone confirmed an Active Work item by hand.'),
  'active_work.manual_close': activeWork('Someone closed an Active Work item by hand.'),
  'active_work.manual_reopen': activeWork('Someone reopened a closed Active Work item by hand.'),
};
