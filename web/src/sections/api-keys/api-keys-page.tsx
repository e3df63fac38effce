import { NavLink, Route, Routes } from 'react-router';
import type { Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { OwnKeys } from './own-keys.tsx';
import { UsersPanel } from './users-panel.tsx';

/** Your own keys; for server administrators also the users, their keys and key resets. */
export function ApiKeysPage({ session }: { session: Session }) {
  const admin = session.user.is_admin;
  return (
    <Page
      title="API keys"
      lead="A key is shown once, when it is made. Only its digest is stored: nobody can read it again."
    >
      {admin && (
        <nav className="tabs" aria-label="API keys">
          <NavLink to="/api-keys" end>
            Your keys
          </NavLink>
          <NavLink to="/api-keys/users">Users</NavLink>
        </nav>
      )}
      <Routes>
        <Route index element={<OwnKeys session={session} />} />
        {admin && <Route path="users" element={<UsersPanel />} />}
        <Route path="*" element={<p>Only server administrators manage users.</p>} />
      </Routes>
    </Page>
  );
}
