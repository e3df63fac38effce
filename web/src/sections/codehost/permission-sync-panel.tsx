import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { auditQueries } from '../../api/queries/audit.ts';
import { codehostWrites } from '../../api/queries/codehost.ts';
import { memberQueries } from '../../api/queries/members.ts';
import { projectQueries } from '../../api/queries/projects.ts';
import type { CodehostPermissionSync } from '../../api/types.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ErrorMessage } from '../../ui/status.tsx';
import { Table } from '../../ui/table.tsx';
import {
  changeWords,
  evidenceWords,
  permissionSentence,
  repositoriesRead,
  roleChange,
  timelinePath,
} from './permission-words.ts';

/** The changes planned or applied, one row each: project, person, role before and after, why. */
function ChangesTable({ result }: { result: CodehostPermissionSync }) {
  const applied = !result.dry_run;
  return (
    <Table
      columns={['Change', 'Project', 'Person', 'Role', 'Evidence']}
      label={applied ? 'Applied changes' : 'Planned changes'}
      className="codehost-changes"
    >
      {result.changes.map((c) => {
        const evidence = evidenceWords(c.evidence);
        return (
          <tr key={`${c.change} ${c.project_key} ${c.user_id}`}>
            <td data-label="Change">
              <span className="badge">{changeWords(c.change, applied)}</span>
            </td>
            <td data-label="Project" className="mono">
              {c.project_key}
            </td>
            <td data-label="Person">{c.email ?? <span className="mono">{c.user_id}</span>}</td>
            <td data-label="Role">{roleChange(c)}</td>
            <td data-label="Evidence">
              <span className="mono">{evidence.repo}</span>: {evidence.why}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/** The code host logins skipped, and how their people get matched next time. */
function Skipped({ skipped }: { skipped: CodehostPermissionSync['skipped'] }) {
  const { unknown_logins: unknown, not_workspace_members: outside } = skipped;
  if (unknown.length === 0 && outside.length === 0) return null;
  return (
    <div className="codehost-skipped">
      <h4>People skipped</h4>
      <dl className="facts">
        {unknown.length > 0 && (
          <>
            <dt>Unknown to ctxhub</dt>
            <dd className="mono">{unknown.join(', ')}</dd>
          </>
        )}
        {outside.length > 0 && (
          <>
            <dt>Not members of the workspace</dt>
            <dd className="mono">{outside.join(', ')}</dd>
          </>
        )}
      </dl>
      <p className="muted small">
        ctxhub knows a person at the code host by the code host login stored on their ctxhub user (they set it
        themselves, or an admin of their workspace or a server administrator does:{' '}
        <span className="mono">PATCH /v1/users/:userId</span> with{' '}
        <span className="mono">{'{"codehost_login": "..."}'}</span>), else by the public e-mail of their code
        host profile: ask them to set their login, or to make their e-mail public. People outside the
        workspace are skipped until they are added to it as members. Nobody is created.
      </p>
    </div>
  );
}

/** An applied run's way to its access entries: the timeline showing its correlation id. */
function TimelineLink({ workspace, correlationId }: { workspace: string; correlationId: string }) {
  return (
    <div className="codehost-timeline">
      <p>
        Each change is written to the access timeline with source <span className="mono">codehost</span>:{' '}
        <Link to={timelinePath(workspace, correlationId)}>See this run in the access timeline</Link>.
      </p>
      <p className="muted small">
        The run&apos;s correlation id: <span className="mono">{correlationId}</span>{' '}
        <CopyButton text={correlationId} label="Copy the id" />
      </p>
    </div>
  );
}

/** A plan or an applied run in one sentence: what it counts, how many repositories it read. */
function SyncSummary({ result }: { result: CodehostPermissionSync }) {
  return (
    <p className={result.dry_run ? undefined : 'ok'}>
      <strong>{result.dry_run ? 'Planned' : 'Applied'}:</strong> {permissionSentence(result)}.{' '}
      <span className="muted">{repositoriesRead(result.repositories)}.</span>
    </p>
  );
}

/** A plan or an applied run below its sentence: its changes, who it skipped, an applied one's entries. */
function SyncDetails({ workspace, result }: { workspace: string; result: CodehostPermissionSync }) {
  const total = result.added + result.changed + result.removed;
  return (
    <div className="codehost-result">
      {result.repositories === 0 && (
        <p className="muted small">
          Only linked repositories that have a project are read (its key is{' '}
          <span className="mono">codehost:owner/repo</span>): with the workspace&apos;s &ldquo;Create projects
          on first sight&rdquo; setting on, Sync now creates them; or create them in Workspaces.
        </p>
      )}
      {!result.dry_run && total > 0 && (
        <TimelineLink workspace={workspace} correlationId={result.correlation_id} />
      )}
      {result.changes.length > 0 && (
        <>
          <h4>{result.dry_run ? 'Changes to make' : 'Changes made'}</h4>
          {result.truncated && (
            <p className="muted">
              Only the first 1,000 changes are listed here; the counts above are of all of them.
            </p>
          )}
          <ChangesTable result={result} />
        </>
      )}
      <Skipped skipped={result.skipped} />
    </div>
  );
}

/**
 * The workspace's permission sync, for its admins: "Preview changes" reads the code host and
 * shows what would change in the members of the linked repositories' projects, writing nothing;
 * "Apply these changes" runs it for real (the code host read again) and links to its entries in
 * the access timeline.
 */
export function PermissionSyncPanel({ workspace }: { workspace: string }) {
  const client = useQueryClient();
  const preview = useMutation({ mutationFn: () => codehostWrites.syncPermissions(workspace, true) });
  const apply = useMutation({
    mutationFn: () => codehostWrites.syncPermissions(workspace, false),
    onSettled: () =>
      Promise.all(
        [
          auditQueries.accessTimelines(workspace),
          memberQueries.all(workspace),
          projectQueries.lists(workspace),
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
  const busy = preview.isPending || apply.isPending;
  const plan = preview.isPending ? undefined : preview.data;
  // What is shown: the applied run once there is one, else the plan.
  const result = apply.data ?? plan;
  const planned = plan ? plan.added + plan.changed + plan.removed : 0;
  const startPreview = () => {
    apply.reset();
    preview.mutate();
  };
  return (
    <section className="card codehost-panel" aria-labelledby="ch-sync-perms-title">
      <h3 id="ch-sync-perms-title">Permission sync</h3>
      <p>
        Reads who may access each linked repository that has a project, and makes its project&apos;s members
        follow: people the code host gives access are added with the role the mapping says, their role changed
        or their membership removed when their access changes. Only memberships a sync made are changed or
        removed; those made by hand are left as they are. Preview first: nothing is written until you apply.
      </p>
      <div className="codehost-buttons">
        <button
          type="button"
          className={result ? 'secondary' : undefined}
          onClick={startPreview}
          disabled={busy}
        >
          {preview.isPending ? 'Reading the code host…' : result ? 'Preview again' : 'Preview changes'}
        </button>
      </div>
      <ErrorMessage error={preview.error} title="The changes could not be previewed" />
      <div aria-live="polite">{result && <SyncSummary result={result} />}</div>
      {result && <SyncDetails workspace={workspace} result={result} />}
      {plan &&
        !apply.data &&
        (planned > 0 ? (
          <div className="codehost-action codehost-apply">
            <button
              type="button"
              onClick={() => apply.mutate()}
              disabled={busy}
              aria-describedby="ch-apply-hint"
            >
              {apply.isPending ? 'Applying…' : 'Apply these changes'}
            </button>
            <p id="ch-apply-hint" className="muted small">
              Applying reads the code host again: if someone&apos;s access changed since this preview, what is
              applied follows the code host as it is then, and may differ slightly from this list. Each change
              is written to the access timeline.
            </p>
          </div>
        ) : (
          <p>Nothing to apply: the project members already follow the code host.</p>
        ))}
      <ErrorMessage error={apply.error} title="The changes were not applied" />
    </section>
  );
}
