import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MemoryWrite } from '../../api/types.ts';
import { MemoryBadges } from './memory-badges.tsx';
import { MemoryForm } from './memory-form.tsx';
import { PossibleSupersedes } from './possible-supersedes.tsx';
import { RedactionNote } from './redaction-note.tsx';

/**
 * Remember something in a project, then what the server stored (or that it had it already), and
 * the older memories it may replace, to supersede in one click or dismiss.
 */
export function RememberMemory({
  workspace,
  project,
  maintainer,
}: {
  workspace: string;
  project: string;
  maintainer: boolean;
}) {
  const [params] = useSearchParams();
  const [saved, setSaved] = useState<MemoryWrite | null>(null);
  const [dismissed, setDismissed] = useState(false);
  return (
    <>
      <MemoryForm
        workspace={workspace}
        project={project}
        maintainer={maintainer}
        onSaving={() => setSaved(null)}
        onSaved={(answer) => {
          setDismissed(false);
          setSaved(answer);
        }}
      />
      {saved && (
        <div className="card reveal" role="status" aria-label="Saved memory">
          <p>
            {saved.deduplicated ? (
              <strong>An identical memory already exists: nothing new was stored.</strong>
            ) : (
              <strong>Saved.</strong>
            )}{' '}
            <MemoryBadges type={saved.type} status={saved.status} />{' '}
            <Link to={`/memories/${encodeURIComponent(saved.id)}?${params.toString()}`} className="mono">
              {saved.id}
            </Link>
          </p>
          <RedactionNote count={saved.redactions} />
          {saved.possibly_supersedes.length > 0 && !dismissed && (
            <PossibleSupersedes key={saved.id} memory={saved} onDismiss={() => setDismissed(true)} />
          )}
          <p>
            <button type="button" className="secondary" onClick={() => setSaved(null)}>
              Done
            </button>
          </p>
        </div>
      )}
    </>
  );
}
