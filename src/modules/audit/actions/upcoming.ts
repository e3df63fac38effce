import { z } from 'zod';
import { defineAction, param } from './action-definition.ts';

/*
 * Actions that features not yet built will write (manual changes to active work), defined ahead so
 * that their templates exist when they start: the params are what their messages are designed to
 * show, to be checked against the code that first writes them.
 */
const activeWork = (description: string) =>
  defineAction(description, {
    item_id: param(z.string(), 'Id of the active-work memory', 'mem_01JQ8ZQ6N9R3T6W9K2M5X8B1CM'),
    title: param(z.string(), 'Its title (the first line of its text)', 'Migrate billing to the new API'),
    reason: param(z.string().optional(), 'The reason the actor gave', 'Shipped in 2.4.0'),
  });

export const UPCOMING_ACTIONS = {
  'active_work.manual_confirm': activeWork('Someone confirmed an active-work item by hand.'),
  'active_work.manual_close': activeWork('Someone closed an active-work item by hand.'),
  'active_work.manual_reopen': activeWork('Someone reopened a closed active-work item by hand.'),
};
