/**
 * Freezes a value and everything it holds, for what a process keeps and hands to many requests
 * (none may change what another is handed). Answers the value.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
