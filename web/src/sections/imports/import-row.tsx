import { Link } from 'react-router';
import type { Import } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { ImportStatus, importPath, statsText } from './import-badges.tsx';
import { bytes } from './import-source.ts';
import { modelStatsOf, modelStatsText } from './model-words.ts';

export const IMPORT_COLUMNS = ['File', 'Status', 'Counts', 'Uploaded'];

/** One import of a project's list: it links to its page. */
export function ImportRow({ item: i }: { item: Import }) {
  const model = modelStatsOf(i.stats);
  return (
    <tr>
      <td>
        <Link to={importPath(i)}>{i.file_name}</Link>
        <div className="muted small mono">
          {i.id} · {i.source} · {bytes(i.bytes)}
        </div>
      </td>
      <td data-label="Status">
        <ImportStatus item={i} />
        {i.error && <div className="error small">{i.error}</div>}
      </td>
      <td data-label="Counts" className="small">
        {statsText(i.stats)}
        {model && <div className="muted">{modelStatsText(model)}</div>}
      </td>
      <td data-label="Uploaded">{when(i.created_at)}</td>
    </tr>
  );
}
