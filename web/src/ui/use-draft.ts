import { useState, type Dispatch, type SetStateAction } from 'react';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form's draft of `value`: edited freely, and started again from `value` whenever it changes
 * (back, a shared link, a new answer of the server), compared by content.
 */
export function useDraft<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  const [basis, setBasis] = useState(value);
  if (!same(basis, value)) {
    setBasis(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
