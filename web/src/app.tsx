import { Route, Routes } from 'react-router';
import { useSession } from './api/session.ts';
import { ActiveWorkPage } from './sections/active-work/active-work-page.tsx';
import { ApiKeysPage } from './sections/api-keys/api-keys-page.tsx';
import { MemoriesPage } from './sections/memories/memories-page.tsx';
import { MessagesPage } from './sections/messages/messages-page.tsx';
import { AccessTimelinePage } from './sections/audit/access-timeline-page.tsx';
import { AuditLogPage } from './sections/audit/audit-log-page.tsx';
import { ImportsPage } from './sections/imports/imports-page.tsx';
import { BundlePage } from './sections/bundle/bundle-page.tsx';
import { CiEventsPage } from './sections/ci-events/ci-events-page.tsx';
import { CodehostPage } from './sections/codehost/codehost-page.tsx';
import { DeliveriesPage } from './sections/deliveries/deliveries-page.tsx';
import { IntegrationsPage } from './sections/integrations/integrations-page.tsx';
import { NotFoundPage } from './sections/not-found-page.tsx';
import { OverviewPage } from './sections/overview/overview-page.tsx';
import { RawPage } from './sections/raw/raw-page.tsx';
import { SignInPage } from './sections/sign-in/sign-in-page.tsx';
import { WorkspacesPage } from './sections/workspaces/workspaces-page.tsx';
import { Shell } from './shell/shell.tsx';
import { ErrorMessage, Loading } from './ui/status.tsx';

/** Signed in: the section the address names; signed out: the sign-in page, at the same address. */
export function App() {
  const session = useSession();
  if (session.isPending) return <Loading what="your session" />;
  if (session.isError)
    return (
      <main className="centered">
        <ErrorMessage error={session.error} title="The server could not be asked who you are" />
      </main>
    );
  if (!session.data) return <SignInPage />;
  return (
    <Shell session={session.data}>
      <Routes>
        <Route index element={<OverviewPage session={session.data} />} />
        <Route path="workspaces/*" element={<WorkspacesPage session={session.data} />} />
        <Route path="api-keys/*" element={<ApiKeysPage session={session.data} />} />
        <Route path="memories/*" element={<MemoriesPage />} />
        <Route path="active-work" element={<ActiveWorkPage />} />
        <Route path="imports/*" element={<ImportsPage />} />
        <Route path="raw/*" element={<RawPage />} />
        <Route path="bundle" element={<BundlePage />} />
        <Route path="audit" element={<AuditLogPage session={session.data} />} />
        <Route path="access" element={<AccessTimelinePage session={session.data} />} />
        <Route path="integrations" element={<IntegrationsPage session={session.data} />} />
        <Route path="codehost" element={<CodehostPage session={session.data} />} />
        <Route path="messages" element={<MessagesPage session={session.data} />} />
        <Route path="deliveries" element={<DeliveriesPage session={session.data} />} />
        <Route path="ci-events" element={<CiEventsPage session={session.data} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Shell>
  );
}
