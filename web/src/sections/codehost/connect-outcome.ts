import { text } from '../../ui/address-fields.ts';

/**
 * How a connection went, as the code host's redirect writes it in the page's address:
 * `?workspace=W&connected=ID`, or `?connect_error=CODE&message=TEXT`.
 */
export const OUTCOME_ADDRESS = { connected: text, connect_error: text, message: text };

/** The outcome taken out of the address (dismissed, or another workspace chosen). */
export const NO_OUTCOME = { connected: '', connect_error: '', message: '' };

export type ConnectOutcome =
  | { kind: 'connected'; installationId: string }
  | { kind: 'refused'; code: string; message: string; advice: string };

/** What to do about each refusal of the callback (docs/api.md, "Connecting"). */
const ADVICE: Record<string, string> = {
  gone: 'An install link works once, within 10 minutes: ask for a new one with Connect.',
  validation_failed:
    'The link the code host sent back was not one this server signed for this app, or was altered: start again with Connect.',
  forbidden: "Only the workspace's owners and admins connect it: ask one of them.",
  conflict:
    'Check the installation at the code host (suspended, or already connected to another workspace), then connect again.',
  upstream_error: 'The code host did not answer as expected: try Connect again in a moment.',
};
const DEFAULT_ADVICE = 'Start again with Connect.';

/** How the connection went, as the address says after the code host's redirect; null when it says nothing. */
export function connectOutcome(values: {
  connected: string;
  connect_error: string;
  message: string;
}): ConnectOutcome | null {
  const code = values.connect_error.trim();
  if (code) {
    return {
      kind: 'refused',
      code,
      message: values.message.trim() || `The connection was refused (${code}).`,
      advice: ADVICE[code] ?? DEFAULT_ADVICE,
    };
  }
  const id = values.connected.trim();
  return /^\d{1,16}$/.test(id) ? { kind: 'connected', installationId: id } : null;
}
