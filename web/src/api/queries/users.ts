import { queryOptions } from '@tanstack/react-query';
import { pagedQuery } from '../paged.ts';
import { get, send } from '../request.ts';
import type { CreatedKey, KeyList, KeyMetadata, Me, ResetAnswer, User, UserList } from '../types.ts';

export const userQueries = {
  /** Who is signed in, with their workspaces and role in each. */
  me: () =>
    queryOptions({ queryKey: ['me'] as const, queryFn: ({ signal }) => get<Me>('/v1/me', { signal }) }),
  /** Every list of the server's users (server administrators). */
  lists: () => ['users'] as const,
  list: (limit?: number) => pagedQuery<UserList>(userQueries.lists(), '/v1/users', { limit }),
};

export const keyQueries = {
  /** The caller's own keys. */
  own: () => pagedQuery<KeyList>(['api-keys', 'own'], '/v1/api-keys'),
  /** A user's keys (server administrators). */
  ofUser: (userId: string) =>
    pagedQuery<KeyList>(['api-keys', 'user', userId], `/v1/users/${encodeURIComponent(userId)}/api-keys`),
};

export const userWrites = {
  create: (body: { email: string; name?: string; is_admin: boolean }) =>
    send<User>('POST', '/v1/users', { body }),
  /** Revokes every key of the user and answers a one-time link for a new one. */
  resetKeys: (userId: string) =>
    send<ResetAnswer>('POST', `/v1/users/${encodeURIComponent(userId)}/api-keys/reset`),
};

export const keyWrites = {
  /** A new key of the caller's, shown once in the answer. */
  create: (body: { label?: string; expires_at?: string }) =>
    send<CreatedKey>('POST', '/v1/api-keys', { body }),
  revoke: (keyId: string) => send<KeyMetadata>('POST', `/v1/api-keys/${encodeURIComponent(keyId)}/revoke`),
};
