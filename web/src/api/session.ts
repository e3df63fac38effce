import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCsrfToken, whenSessionEnds } from './client.ts';
import { sessionQueries, sessionWrites } from './queries/session.ts';

const SESSION = sessionQueries.key;

/** The signed-in session, or null when there is none (the sign-in page shows). */
export function useSession() {
  const client = useQueryClient();
  const query = useQuery(sessionQueries.current());
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
    mutationFn: sessionWrites.signIn,
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
    mutationFn: sessionWrites.signOut,
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
