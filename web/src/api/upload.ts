import { ApiError, getCsrfToken, readAnswer, UNREACHABLE } from './client.ts';

/** How much of an upload has been sent: `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/**
 * POSTs a multipart form with a file, reporting real upload progress (fetch cannot: this uses
 * XMLHttpRequest and its `upload.onprogress`). The text fields go first, then the file, so the
 * server can check access before it stores anything. Signed in like `request` (the session cookie
 * and the CSRF header); the answer, of the type the caller's query factory names (as `get` and
 * `send` do), or the error as the same ApiError `request` throws.
 */
export function uploadForm<T>(
  path: string,
  fields: Record<string, string>,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = getCsrfToken();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) =>
      options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : null });
    xhr.onload = () => {
      try {
        resolve(
          readAnswer(path, {
            status: xhr.status,
            statusText: xhr.statusText,
            text: xhr.responseText,
            requestId: xhr.getResponseHeader('x-request-id'),
          }) as T,
        );
      } catch (err) {
        reject(err as Error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', UNREACHABLE));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
