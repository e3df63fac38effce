import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { rawQueries } from '../../api/queries/raw.ts';
import { text, wholeNumber } from '../../ui/address-fields.ts';
import { Field } from '../../ui/field.tsx';
import { when } from '../../ui/format.ts';
import { Page } from '../../ui/page.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { useRawAccess } from '../../api/project-access.ts';
import { RawAuditNote } from './raw-audit-note.tsx';

const LENGTHS = [500, 1000, 1500];

/** The message's address: the search it came from (for the way back), and the snippet's length. */
const MESSAGE_ADDRESS = { workspace: text, project: text, q: text, view_chars: wholeNumber(50, 1500, 1500) };

/**
 * `/raw/:id?workspace=&q=&view_chars=`: one message as a longer snippet, centred on the search's
 * words. Each opening is audited (`raw.view`). The address keeps the search for the way back.
 */
export function RawMessagePage() {
  const id = useParams().id ?? '';
  const { values, set, params } = useAddress(MESSAGE_ADDRESS);
  const { workspace, q, view_chars: chars } = values;
  // The search's project, when the address came from a search: the note then names the roles.
  const access = useRawAccess(workspace, values.project);
  const message = useQuery(rawQueries.message(id, workspace, q, chars));
  const back = new URLSearchParams(params);
  back.delete('view_chars');
  return (
    <Page
      title="Raw message"
      lead={<span className="mono">{id}</span>}
      actions={<Link to={`/raw?${back.toString()}`}>Back to the search</Link>}
    >
      <RawAuditNote needed={access.needed} role={access.role} />
      <div className="form-row raw-view-options">
        <Field id="raw-view-chars" label="Characters shown" className="narrow">
          {(control) => (
            <select {...control} value={chars} onChange={(e) => set({ view_chars: Number(e.target.value) })}>
              {(LENGTHS.includes(chars) ? LENGTHS : [...LENGTHS, chars]).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {message.isPending ? (
        <Loading what="the message" />
      ) : message.isError ? (
        <ErrorMessage error={message.error} title="The message cannot be shown" />
      ) : (
        <article className="card raw-message" aria-label="Message">
          <dl className="facts">
            <dt>Role</dt>
            <dd>
              <span className="badge">{message.data.role}</span>
            </dd>
            <dt>Session</dt>
            <dd className="mono">{message.data.session_id}</dd>
            <dt>Written</dt>
            <dd>{when(message.data.created_at)}</dd>
            {q && (
              <>
                <dt>Centred on</dt>
                <dd>{q}</dd>
              </>
            )}
          </dl>
          <p className="snippet" data-testid="raw-message-text">
            {message.data.snippet}
          </p>
        </article>
      )}
    </Page>
  );
}
