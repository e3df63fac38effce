import type { ActiveWorkEventType } from '../../api/types.ts';
import { someOf, type AddressField } from '../../ui/address-fields.ts';
import { EVENT_TYPES, ITEM_STATUSES, OPEN_STATUSES } from './active-work-vocabulary.ts';

/** An item's id as the API writes it (anything else reads as none: nothing is asked of the server). */
const itemId: AddressField<string> = {
  read: (raw) => (raw && /^awi_[0-9A-Z]{26}$/.test(raw) ? raw : ''),
  write: (id) => id,
};

/** One type of event, or '' for every type. */
const eventType: AddressField<ActiveWorkEventType | ''> = {
  read: (raw) => EVENT_TYPES.find((t) => t === raw) ?? '',
  write: (type) => type,
};

/**
 * The Active Work page's state besides its project (`ProjectPicker`), kept in the address:
 * `status` (the items' statuses; the open ones when it names none), `item` (the one shown in
 * detail) and `type` (the timeline's type of event; every type when empty).
 */
export const ACTIVE_WORK_ADDRESS = {
  status: someOf(ITEM_STATUSES, OPEN_STATUSES),
  item: itemId,
  type: eventType,
};
