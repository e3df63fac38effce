import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { integrationWrites } from '../../api/queries/integrations.ts';
import { ErrorMessage } from '../../ui/status.tsx';
import { Field } from '../../ui/field.tsx';

/**
 * Sends one test message through the chat configuration that applies now (POST
 * /v1/integrations/chat/test; workspace admins): the webhook's answer, or the server's refusal
 * verbatim (the webhook's reason, or chat not configured or disabled). Nothing is stored.
 */
export function ChatTest({ workspace }: { workspace: string }) {
  const [channel, setChannel] = useState('');
  const send = useMutation({
    mutationFn: (to: string) => integrationWrites.testChat(workspace, to),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(channel.trim());
  };
  const code = send.error instanceof ApiError ? send.error.code : undefined;
  return (
    <form className="provider-test" onSubmit={submit} aria-label="Send a test chat message">
      <div className="form-row">
        <Field
          id="test-chat-channel"
          label="Channel for the test message (optional)"
          className="grow"
          hint={
            <>
              Empty: the default channel, or the webhook&apos;s own. The saved configuration is used: save
              changes first.
            </>
          }
          error={send.error}
          name="channel"
        >
          {(control) => (
            <input
              {...control}
              value={channel}
              maxLength={200}
              placeholder="#ops"
              onChange={(e) => setChannel(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="secondary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send a test message'}
        </button>
      </div>
      <div aria-live="polite">
        {send.isError && (
          <ErrorMessage error={send.error} title={`The test message was refused (${code ?? 'error'})`} />
        )}
        {send.isSuccess && (
          <p className="ok">
            The webhook answered HTTP {send.data.status} <span className="mono">{send.data.answer}</span> for{' '}
            {send.data.channel === null ? (
              "the webhook's own channel"
            ) : (
              <span className="mono">{send.data.channel}</span>
            )}
            .
          </p>
        )}
      </div>
    </form>
  );
}
