import { useState } from 'react';

/** Copies a text to the clipboard and says so (for people using a screen reader too). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="secondary" onClick={copy}>
        {label}
      </button>
      <span className="muted small" role="status" aria-live="polite">
        {state === 'copied'
          ? ' Copied.'
          : state === 'failed'
            ? ' Copy failed: select the text and copy it.'
            : ''}
      </span>
    </>
  );
}
