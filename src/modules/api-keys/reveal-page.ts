import { createHash } from 'node:crypto';
import { pageCsp } from '../../platform/http/page-headers.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#18181b}
code.key{display:block;padding:1rem;background:#f4f4f5;border-radius:.5rem;word-break:break-all;font-size:1.1rem;user-select:all}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
form{margin:1.5rem 0}.muted{color:#52525b}`;

/** The one-time pages' CSP: no script at all, their one stylesheet admitted by its hash. */
export const ONE_TIME_PAGE_CSP = pageCsp(`sha256-${createHash('sha256').update(STYLE).digest('base64')}`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;

/**
 * What a GET of a one-time link shows a browser: a button, not the key. Opening the link changes
 * nothing, so a chat's link preview or a mail scanner cannot use it up; pressing the button (a
 * POST) reveals the key.
 */
export function renderConfirmPage(expiresAt: Date): string {
  return page(
    'Reveal your ctxhub API key',
    `<p>This link shows an API key <strong>once</strong>. Reveal it when you are ready to copy it; the link then stops working.</p>
<form method="post"><button type="submit">Reveal my key</button></form>
<p class="muted">The link expires at ${escapeHtml(expiresAt.toISOString())} if not used.</p>`,
  );
}

/** The page a browser gets when the key is revealed: the key, once, and a way into the Admin UI. */
export function renderRevealPage(k: { id: string; api_key: string; label: string | null }): string {
  return page(
    'Your ctxhub API key',
    `<p>Key <strong>${escapeHtml(k.id)}</strong>${k.label ? ` (${escapeHtml(k.label)})` : ''}. Copy it now: this page will not show it again.</p>
<code class="key">${escapeHtml(k.api_key)}</code>
<form method="post" action="/v1/session"><input type="hidden" name="api_key" value="${escapeHtml(k.api_key)}"><button type="submit">Sign in to the Admin UI with this key</button></form>
<p>Use it as <code>Authorization: Bearer &lt;key&gt;</code>, or set <code>SERVICE_API_KEY</code> for the ctxhub CLI and MCP adapter.</p>`,
  );
}

/** A used, expired or unknown link, for a browser. */
export function renderLinkErrorPage(message: string): string {
  return page(
    'This link cannot be used',
    `<p>${escapeHtml(message)}.</p><p class="muted">Ask an administrator for a new link (they reset your keys).</p>`,
  );
}
