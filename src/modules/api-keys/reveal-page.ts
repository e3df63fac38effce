const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page a browser gets for a one-time link: the key, once, with what to do next. */
export function renderRevealPage(k: { id: string; api_key: string; label: string | null }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Your ctxhub API key</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem}
code{display:block;padding:1rem;background:#f4f4f5;border-radius:.5rem;word-break:break-all;font-size:1.1rem}</style>
</head><body>
<h1>Your ctxhub API key</h1>
<p>Key <strong>${escapeHtml(k.id)}</strong>${k.label ? ` (${escapeHtml(k.label)})` : ''}. Copy it now: this page will not show it again.</p>
<code>${escapeHtml(k.api_key)}</code>
<p>Use it as <code>Authorization: Bearer &lt;key&gt;</code>, or set <code>SERVICE_API_KEY</code> for the ctxhub CLI and MCP adapter.</p>
</body></html>
`;
}
