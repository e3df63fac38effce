import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { keyQueries, keyWrites } from '../../api/queries/users.ts';
import type { CreatedKey, KeyMetadata, Session } from '../../api/types.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { Field } from '../../ui/field.tsx';
import { PagedView } from '../../ui/paged-view.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { KeyTable } from './key-table.tsx';

export function OwnKeys({ session }: { session: Session }) {
  const client = useQueryClient();
  const keys = usePagedList(keyQueries.own());
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const create = useMutation({
    mutationFn: () =>
      keyWrites.create({
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(expires ? { expires_at: new Date(`${expires}T23:59:59`).toISOString() } : {}),
      }),
    onSuccess: (key) => {
      setCreated(key);
      setLabel('');
      setExpires('');
      void client.invalidateQueries({ queryKey: keyQueries.own().queryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: KeyMetadata) => keyWrites.revoke(key.id),
    onSuccess: () => client.invalidateQueries({ queryKey: keyQueries.own().queryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate();
  };
  return (
    <>
      <form className="card form-row" onSubmit={submit} aria-labelledby="new-key-title">
        <h2 id="new-key-title">New key for {session.user.email}</h2>
        <Field id="key-label" label="Label" error={create.error} name="label">
          {(control) => (
            <input
              {...control}
              value={label}
              maxLength={200}
              placeholder="laptop, CI, …"
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </Field>
        <Field id="key-expires" label="Expires (optional)" error={create.error} name="expires_at">
          {(control) => (
            <input {...control} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          )}
        </Field>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
        <ErrorMessage error={create.error} title="The key was not created" />
      </form>
      {created && (
        <div className="card reveal" role="region" aria-label="Your new key">
          <p>
            <strong>Copy your new key now:</strong> it is not shown again.
          </p>
          <code className="secret" data-testid="new-key">
            {created.api_key}
          </code>
          <p>
            <CopyButton text={created.api_key} label="Copy key" />{' '}
            <button type="button" className="secondary" onClick={() => setCreated(null)}>
              Done
            </button>
          </p>
        </div>
      )}
      <h2>Your keys</h2>
      <ErrorMessage error={revoke.error} title="The key was not revoked" />
      <PagedView list={keys} what="your keys" empty="You have no keys.">
        {(items) => <KeyTable keys={items} onRevoke={(k) => revoke.mutate(k)} revoking={revoke.isPending} />}
      </PagedView>
    </>
  );
}
