import { Link } from 'react-router';
import type { Import } from '../../api/types.ts';
import { when } from '../../ui/format.ts';
import { ImportStatus, importPath, statsText } from './import-badges.tsx';
import { bytes } from './import-source.ts';

/** A project's imports, newest first: each links to its page. */
export function ImportTable({ items }: { items: Import[] }) {
  return (
    <div className="table-wrap">
      <table className="stack" aria-label="Imports">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">Counts</th>
            <th scope="col">Uploaded</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id}>
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
              </td>
              <td data-label="Uploaded">{when(i.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
