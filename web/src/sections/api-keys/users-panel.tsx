import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { keyQueries, keyWrites, userQueries, userWrites } from '../../api/queries/users.ts';
import type { KeyMetadata, ResetAnswer, User } from '../../api/types.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { when } from '../../ui/format.ts';
import { Field } from '../../ui/field.tsx';
import { PagedView } from '../../ui/paged-view.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { KeyTable } from './key-table.tsx';

/** Server administrators: create users, see a user's keys, reset them behind a one-time link. */
export function UsersPanel() {
  const client = useQueryClient();
  const users = usePagedList(userQueries.list());
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [link, setLink] = useState<(ResetAnswer & { email: string }) | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      userWrites.create({
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
        is_admin: isAdmin,
      }),
    onSuccess: () => {
      setEmail('');
      setName('');
      setIsAdmin(false);
      void client.invalidateQueries({ queryKey: userQueries.lists() });
    },
  });
  const reset = useMutation({
    mutationFn: (user: User) => userWrites.resetKeys(user.id),
    onSuccess: (answer, user) => {
      setLink({ ...answer, email: user.email });
      void client.invalidateQueries({ queryKey: keyQueries.ofUser(user.id).queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <form className="card form-row" onSubmit={submit} aria-labelledby="new-user-title">
        <h2 id="new-user-title">New user</h2>
        <Field id="user-email" label="E-mail" error={create.error} name="email">
          {(control) => (
            <input
              {...control}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field id="user-name" label="Name (optional)" error={create.error} name="name">
          {(control) => (
            <input {...control} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <div className="field checkbox">
          <input
            id="user-admin"
            type="checkbox"
            checked={isAdmin}
            onChange={(e) => setIsAdmin(e.target.checked)}
          />
          <label htmlFor="user-admin">Server administrator</label>
        </div>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create user'}
        </button>
        <ErrorMessage error={create.error} title="The user was not created" />
        <p className="muted small field-wide">
          A new user has no key yet: reset their keys below to get a one-time link to send them.
        </p>
      </form>
      {link && (
        <div className="card reveal" role="region" aria-label="One-time link">
          <p>
            <strong>One-time link for {link.email}</strong>, valid until {when(link.expires_at)}. Send it to
            them: it reveals their new key once. Their other keys are revoked.
          </p>
          <code className="secret" data-testid="one-time-link">
            {link.one_time_url}
          </code>
          <p>
            <CopyButton text={link.one_time_url} label="Copy link" />{' '}
            <button type="button" className="secondary" onClick={() => setLink(null)}>
              Done
            </button>
          </p>
        </div>
      )}
      <h2>Users</h2>
      <ErrorMessage error={reset.error} title="The keys were not reset" />
      <PagedView list={users} what="users" empty="No users.">
        {(items) => (
          <ul className="rows">
            {items.map((u) => (
              <li key={u.id} className="row">
                <div className="row-main">
                  <strong>{u.email}</strong> {u.name && <span className="muted">{u.name}</span>}{' '}
                  {u.is_admin && <span className="badge">server admin</span>}
                  <div className="muted small mono">
                    {u.id} · since {when(u.created_at)}
                  </div>
                </div>
                <div className="actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={open === u.id}
                    onClick={() => setOpen(open === u.id ? null : u.id)}
                  >
                    {open === u.id ? 'Hide keys' : 'Keys'}
                  </button>
                  <ConfirmButton
                    label="Reset keys"
                    question={<>Revoke every key of {u.email} and make a one-time link for a new one?</>}
                    confirmLabel="Reset keys"
                    onConfirm={() => reset.mutate(u)}
                    disabled={reset.isPending}
                  />
                </div>
                {open === u.id && <UserKeys user={u} />}
              </li>
            ))}
          </ul>
        )}
      </PagedView>
    </>
  );
}

function UserKeys({ user }: { user: User }) {
  const client = useQueryClient();
  const keys = usePagedList(keyQueries.ofUser(user.id));
  const revoke = useMutation({
    mutationFn: (key: KeyMetadata) => keyWrites.revoke(key.id),
    onSuccess: () => client.invalidateQueries({ queryKey: keyQueries.ofUser(user.id).queryKey }),
  });
  return (
    <div className="row-detail">
      <ErrorMessage error={revoke.error} title="The key was not revoked" />
      <PagedView list={keys} what={`the keys of ${user.email}`} empty={`${user.email} has no keys.`}>
        {(items) => <KeyTable keys={items} onRevoke={(k) => revoke.mutate(k)} revoking={revoke.isPending} />}
      </PagedView>
    </div>
  );
}
