import { useState } from 'react';
import { usePagedList } from '../../api/paged.ts';
import { memoryQueries } from '../../api/queries/memories.ts';
import type { MemoryFlag } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { PagedView, ShownCount } from '../../ui/paged-view.tsx';
import { ProjectPicker, useProjectChoice } from '../../ui/project-picker.tsx';
import { Empty, ErrorMessage } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { flagLabel, MEMORY_FLAGS } from '../../ui/memory-vocabulary.ts';
import { REVIEW_ADDRESS, reviewQuery } from './memory-filters.ts';
import { MemoryTabs } from './memory-tabs.tsx';
import { useMemoryRights } from './project-role.ts';
import { ReviewItem } from './review-item.tsx';

const CONFIRM_HINT = 'review-confirm-hint';

/**
 * `/memories/review`: a project's memories that ask a person to look at them (stale, needing
 * review, reading as instructions to an assistant), newest first, each flag with why; the flags
 * listed are kept in the address. Maintainers confirm from the list.
 */
export function MemoryReviewPage() {
  const { workspace, project } = useProjectChoice();
  const { values: filters, set: update } = useAddress(REVIEW_ADDRESS);
  const { rights, role, error } = useMemoryRights(workspace, project);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const chosen = workspace !== '' && project !== '';
  const memories = usePagedList(
    memoryQueries.list(workspace, project, reviewQuery(workspace, project, filters)),
    chosen,
  );
  const toggle = (flag: MemoryFlag, on: boolean) =>
    update({ flag: on ? [...filters.flag, flag] : filters.flag.filter((f) => f !== flag) });
  return (
    <Page
      title="Memories"
      lead="What the assistants of a project remember: search it as they recall it, review and correct it."
    >
      <MemoryTabs />
      <ProjectPicker idPrefix="review" />
      {!chosen ? (
        <Empty>Choose a workspace and a project to see the memories that need review.</Empty>
      ) : (
        <>
          <ErrorMessage error={error} title="Your role on this project could not be read" />
          <p className="muted small">
            A memory is listed while it carries a flag: <strong>Stale</strong> once its review date passed
            without it being used in a context bundle or confirmed (recall ranks it lower),{' '}
            <strong>Needs review</strong> when code it cites no longer resolves,{' '}
            <strong>Instruction-like</strong> when its text reads as instructions to an assistant (the
            session-start bundle leaves it out until a maintainer confirms it).
            {role && (
              <>
                {' '}
                Your role on this project: <span className="badge">{role}</span>
                {!rights.maintain && ' (only maintainers confirm memories)'}
              </>
            )}
          </p>
          {rights.maintain && (
            <p id={CONFIRM_HINT} className="muted small">
              Confirm restarts a memory’s review clock and clears its flags: a confirmed memory is one a
              maintainer has looked at, and the bundle shows it.
            </p>
          )}
          <div className="card memory-filters">
            <fieldset className="checks">
              <legend>Flags</legend>
              {MEMORY_FLAGS.map((f) => (
                <span key={f} className="field checkbox">
                  <input
                    id={`review-flag-${f}`}
                    type="checkbox"
                    checked={filters.flag.includes(f)}
                    // The last flag stays: no flag at all would list nothing.
                    disabled={filters.flag.length === 1 && filters.flag[0] === f}
                    onChange={(e) => toggle(f, e.target.checked)}
                  />
                  <label htmlFor={`review-flag-${f}`}>{flagLabel(f)}</label>
                </span>
              ))}
            </fieldset>
          </div>
          {confirmed && (
            <p className="ok" role="status">
              {confirmed}
            </p>
          )}
          <section aria-labelledby="review-title">
            <h2 id="review-title">
              Needs review
              <ShownCount list={memories} />
            </h2>
            <PagedView
              list={memories}
              what="the memories to review"
              empty="No memory of this project needs review."
            >
              {(items) => (
                <ul className="rows" aria-label="Memories to review">
                  {items.map((m) => (
                    <ReviewItem
                      key={m.id}
                      memory={m}
                      maintainer={rights.maintain}
                      confirmHint={CONFIRM_HINT}
                      onConfirmed={(answer) =>
                        setConfirmed(
                          `Memory ${answer.id} confirmed: its review clock restarted${
                            answer.flags.length > 0 ? '' : ' and it no longer needs review'
                          }.`,
                        )
                      }
                    />
                  ))}
                </ul>
              )}
            </PagedView>
          </section>
        </>
      )}
    </Page>
  );
}
