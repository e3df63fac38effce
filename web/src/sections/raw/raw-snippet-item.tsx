import { Link } from 'react-router';
import type { RawSnippet } from '../../api/types.ts';
import { when } from '../../ui/format.ts';

/** One snippet of a search: who wrote it, in which session, when, the text, a link to the message. */
export function RawSnippetItem({ item, address }: { item: RawSnippet; address: string }) {
  return (
    <li className="row raw-snippet">
      <div className="row-main">
        <div className="memory-head">
          <span className="badge">{item.role}</span>
          <Link to={`/raw/${encodeURIComponent(item.message_id)}?${address}`} className="mono small">
            <span className="visually-hidden">Open message </span>
            {item.message_id}
          </Link>
        </div>
        <p className="snippet">{item.snippet}</p>
        <div className="muted small">
          {when(item.created_at)} · session <span className="mono">{item.session_id}</span>
        </div>
      </div>
    </li>
  );
}
