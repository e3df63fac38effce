import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError, setCsrfToken, whenSessionEnds } from './client.ts';
import type { Session } from './types.ts';

const SESSION = ['session'] as const;

/** The signed-in session, or null when there is none (the sign-in page shows). */
export function useSession() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SESSION,
    queryFn: async (): Promise<Session | null> => {
      try {
        return await api<Session>('GET', '/v1/session');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: Infinity,
    retry: 1,
  });
  useEffect(() => setCsrfToken(query.data?.csrf_token ?? null), [query.data]);
  useEffect(
    () =>
      whenSessionEnds(() => {
        setCsrfToken(null);
        forgetAllBut(client, SESSION);
        client.setQueryData(SESSION, null);
      }),
    [client],
  );
  return query;
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => api<Session>('POST', '/v1/session', { body: { api_key: apiKey } }),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      forgetAllBut(client, SESSION);
      client.setQueryData(SESSION, session);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', '/v1/session'),
    onSettled: () => {
      setCsrfToken(null);
      forgetAllBut(client, SESSION);
      client.setQueryData(SESSION, null);
    },
  });
}

/** What one user saw is not shown to the next: every cached answer but the session's is dropped. */
function forgetAllBut(client: QueryClient, keep: readonly unknown[]): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== keep[0] });
}
