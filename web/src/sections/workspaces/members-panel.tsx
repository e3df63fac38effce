import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { usePagedList } from '../../api/paged.ts';
import { memberQueries, memberWrites, type MemberScope } from '../../api/queries/members.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { when } from '../../ui/format.ts';
import { Field } from '../../ui/field.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { ROLE_RULES } from './role-rules.ts';

/**
 * Members of a workspace or a project: the list, and for those who manage it, add by e-mail,
 * change a role, remove.
 */
export function MembersPanel({
  title,
  scope,
  roles,
  canManage,
}: {
  title: string;
  scope: MemberScope;
  roles: string[];
  canManage: boolean;
}) {
  const client = useQueryClient();
  const members = usePagedList(memberQueries.list(scope));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(roles[roles.length - 1] ?? '');
  const refresh = () => client.invalidateQueries({ queryKey: memberQueries.lists(scope) });
  const add = useMutation({
    mutationFn: () => memberWrites.add(scope, email.trim(), role),
    onSuccess: () => {
      setEmail('');
      void refresh();
    },
  });
  const change = useMutation({
    mutationFn: (m: { userId: string; role: string }) => memberWrites.changeRole(scope, m.userId, m.role),
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => memberWrites.remove(scope, userId),
    onSuccess: () => void refresh(),
  });
  const refusal = add.error ?? change.error ?? remove.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <>
      {canManage && (
        <form className="card form-row" onSubmit={submit} aria-label={`Add to ${title}`}>
          <Field id="member-email" label="E-mail of an existing user" error={add.error} name="email">
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
          <Field id="member-role" label="Role" error={add.error} name="role">
            {(control) => (
              <select {...control} value={role} onChange={(e) => setRole(e.target.value)}>
                {roles.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" disabled={add.isPending}>
            Add member
          </button>
        </form>
      )}
      {refusal && (
        <div>
          <ErrorMessage error={refusal} title="Refused" />
          {refusal instanceof ApiError && refusal.status === 403 && (
            <p className="muted small">{ROLE_RULES}</p>
          )}
        </div>
      )}
      <h2>{title}</h2>
      <PagedTable
        list={members}
        what="members"
        empty="No members yet."
        columns={['Member', 'Role', 'Since', { hidden: 'Actions' }]}
      >
        {(m) => (
          <tr key={m.user_id}>
            <td>
              {m.email} {m.name && <span className="muted">({m.name})</span>}
            </td>
            <td data-label="Role">
              {canManage ? (
                <>
                  <label className="visually-hidden" htmlFor={`role-${m.user_id}`}>
                    Role of {m.email}
                  </label>
                  <select
                    id={`role-${m.user_id}`}
                    value={m.role}
                    disabled={change.isPending}
                    onChange={(e) => change.mutate({ userId: m.user_id, role: e.target.value })}
                  >
                    {roles.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </>
              ) : (
                <span className="badge">{m.role}</span>
              )}
            </td>
            <td data-label="Since">{when(m.created_at)}</td>
            <td className="actions">
              {canManage && (
                <ConfirmButton
                  label="Remove"
                  question={<>Remove {m.email}?</>}
                  confirmLabel="Remove member"
                  onConfirm={() => remove.mutate(m.user_id)}
                  disabled={remove.isPending}
                />
              )}
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
