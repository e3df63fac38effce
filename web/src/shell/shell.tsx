import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSignOut } from '../api/session.ts';
import type { Session } from '../api/types.ts';
import { ErrorMessage } from '../ui/status.tsx';
import { SECTIONS } from './sections.ts';

/** The frame of every signed-in page: the navigation, who is signed in, sign-out, the page. */
export function Shell({ session, children }: { session: Session; children: ReactNode }) {
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">ctxhub</span>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="whoami">
          <span className="muted" title={session.user.id}>
            {session.user.email}
            {session.user.is_admin && <span className="badge">server admin</span>}
          </span>
          <button
            type="button"
            className="secondary"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </button>
        </div>
      </header>
      <nav id="nav" className={menuOpen ? 'nav open' : 'nav'} aria-label="Sections">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} end={s.path === '/'} onClick={() => setMenuOpen(false)}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <ErrorMessage error={signOut.error} title="Sign-out failed" />
        {children}
      </main>
    </div>
  );
}
