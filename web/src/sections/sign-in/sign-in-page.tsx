import { useState, type FormEvent } from 'react';
import { useSignIn } from '../../api/session.ts';
import { ErrorMessage } from '../../ui/status.tsx';

/**
 * Sign-in with an API key: the key goes to the server once and is exchanged for a session cookie;
 * the page keeps nothing (the field is cleared, nothing is stored in the browser).
 */
export function SignInPage() {
  const signIn = useSignIn();
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(key.trim(), { onSuccess: () => setKey('') });
  };
  return (
    <main className="centered">
      <form className="card sign-in" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to ctxhub</h1>
        <p className="muted">
          Use one of your API keys. The browser keeps only a session cookie, never the key. A first
          administrator gets theirs from the one-time link the server printed at its first start.
        </p>
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api_key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="ctxh_…"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          required
        />
        <ErrorMessage error={signIn.error} />
        <button type="submit" disabled={signIn.isPending || key.trim() === ''}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
