import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { importQueries, importWrites } from '../../api/queries/imports.ts';
import type { UploadProgress } from '../../api/upload.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { importPath } from './import-badges.tsx';
import { bytes, IMPORT_SOURCES, sourceForFile } from './import-source.ts';
import { Field } from '../../ui/field.tsx';

/**
 * Upload a transcript: choose a file (the field, or a drop onto its zone), its source (guessed
 * from the extension, as `ctxhub import` does), and watch the bytes go (real upload progress).
 */
export function UploadForm({ workspace, project }: { workspace: string; project: string }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string>('text');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      importWrites.upload({ workspace_key: workspace, project_key: project, source }, chosen, setProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: importQueries.all(workspace) }),
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProgress(null);
    upload.reset();
    if (chosen) setSource(sourceForFile(chosen.name));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files;
    if (dropped.length === 0) return;
    if (input.current) input.current.files = dropped;
    choose(dropped[0] ?? null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
  };
  const total = progress?.total ?? file?.size ?? 0;
  const sent = upload.isSuccess ? total : (progress?.loaded ?? 0);
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  return (
    <form className="card form-row" onSubmit={submit} aria-labelledby="upload-title">
      <h2 id="upload-title">
        Upload a transcript to <span className="mono">{project}</span>
      </h2>
      <div
        className={dragging ? 'drop-zone dragging field-wide' : 'drop-zone field-wide'}
        data-testid="drop-zone"
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor="import-file">File (choose one, or drop it here)</label>
        <input
          ref={input}
          id="import-file"
          type="file"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p className="muted small" aria-live="polite">
          {file ? `Chosen: ${file.name} (${bytes(file.size)})` : 'No file chosen yet.'}
        </p>
      </div>
      <Field id="import-source" label="Source" error={upload.error} name="source">
        {(control) => (
          <select {...control} value={source} onChange={(e) => setSource(e.target.value)}>
            {IMPORT_SOURCES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload'}
      </button>
      {(upload.isPending || progress || upload.isSuccess) && (
        <div className="field-wide upload-progress">
          <label htmlFor="upload-progress">Upload progress</label>
          <progress id="upload-progress" max={100} value={percent}>
            {percent}%
          </progress>
          <span className="small" role="status">
            {upload.isSuccess
              ? `Done: ${bytes(total)} sent.`
              : `${bytes(sent)} of ${bytes(total)} sent (${percent}%)`}
          </span>
        </div>
      )}
      {upload.data && (
        <p className="field-wide ok" role="status" aria-label="Uploaded">
          Uploaded as <Link to={importPath(upload.data)}>{upload.data.id}</Link>: open it to parse, extract
          and review.
        </p>
      )}
      <ErrorMessage error={upload.error} title="The file was not uploaded" />
    </form>
  );
}
