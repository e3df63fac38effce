import { useSearchParams } from 'react-router';
import type { IntegrationType } from '../../api/types.ts';

/** The integration types a workspace keeps an outbound policy for, as the API names them. */
export const INTEGRATION_TYPES: IntegrationType[] = ['chat', 'tracker', 'wiki', 'notes', 'webhook', 'email'];

const isType = (v: string | null): v is IntegrationType =>
  v !== null && (INTEGRATION_TYPES as string[]).includes(v);

export interface MessageAddress {
  workspace: string;
  type: IntegrationType;
  /** The action whose template is edited ('' for none chosen yet). */
  action: string;
  /** The locale of the template edited ('' for the policy's or workspace's default). */
  locale: string;
}

/**
 * What the Messages page shows, kept in the address (`?workspace=&type=&action=&locale=`), so a
 * reload, back or a shared link opens the same policy and template.
 */
export function useMessageAddress(): [MessageAddress, (next: Partial<MessageAddress>) => void] {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const address: MessageAddress = {
    workspace: params.get('workspace') ?? '',
    type: isType(type) ? type : 'chat',
    action: params.get('action') ?? '',
    locale: params.get('locale') ?? '',
  };
  const change = (next: Partial<MessageAddress>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (p.get('workspace') && !p.get('type')) p.set('type', 'chat');
    setParams(p);
  };
  return [address, change];
}
