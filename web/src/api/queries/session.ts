import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../client.ts';
import { get, send } from '../request.ts';
import type { Session } from '../types.ts';

export const sessionQueries = {
  key: ['session'] as const,
  /** The signed-in session, or null when there is none (a 401). */
  current: () =>
    queryOptions({
      queryKey: sessionQueries.key,
      queryFn: async (): Promise<Session | null> => {
        try {
          return await get<Session>('/v1/session');
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      },
      staleTime: Infinity,
      retry: 1,
    }),
};

export const sessionWrites = {
  /** Exchanges an API key for a session (the cookie); the key is not kept. */
  signIn: (apiKey: string) => send<Session>('POST', '/v1/session', { body: { api_key: apiKey } }),
  signOut: () => send('DELETE', '/v1/session'),
};
