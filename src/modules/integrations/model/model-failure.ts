/**
 * Why a call to the language model gave no answer. Callers never crash on one: the audit reasoner
 * records it beside the entry (and the chat delivery goes out without an explanation).
 */
export const MODEL_FAILURES = [
  'not_configured',
  'disabled',
  'cap_reached',
  'timeout',
  'network',
  'refused',
  'limited',
  'provider_error',
  'rejected',
  'malformed',
] as const;
export type ModelFailureKind = (typeof MODEL_FAILURES)[number];

export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    message: string,
  ) {
    super(message);
  }
}
