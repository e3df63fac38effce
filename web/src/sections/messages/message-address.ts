import type { IntegrationType } from '../../api/types.ts';
import { oneOf, text } from '../../ui/address-fields.ts';

/** The integration types a workspace keeps an outbound policy for, as the API names them. */
export const INTEGRATION_TYPES: IntegrationType[] = ['chat', 'tracker', 'wiki', 'notes', 'webhook', 'email'];

/**
 * What the Messages page shows, kept in the address (`?workspace=&type=&action=&locale=`), so a
 * reload, back or a shared link opens the same policy and template: `action` is the one whose
 * template is edited ('' for none chosen yet), `locale` its locale ('' for the policy's or the
 * workspace's default).
 */
export const MESSAGE_ADDRESS = {
  workspace: text,
  type: oneOf(INTEGRATION_TYPES, 'chat'),
  action: text,
  locale: text,
};
