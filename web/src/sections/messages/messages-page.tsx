import { useQuery } from '@tanstack/react-query';
import { outboundQueries } from '../../api/queries/outbound.ts';
import type { IntegrationType, Session } from '../../api/types.ts';
import { Page } from '../../ui/page.tsx';
import { AdminsOnlyNote } from '../../ui/admins-only-note.tsx';
import { ChooseWorkspace, useWorkspaces, WorkspaceChoice } from '../../ui/workspace-choice.tsx';
import { ErrorMessage, Loading } from '../../ui/status.tsx';
import { useAddress } from '../../ui/use-address.ts';
import { administers } from '../../api/workspace-access.ts';
import { INTEGRATION_TYPES, MESSAGE_ADDRESS } from './message-address.ts';
import { OutboundSettingsForm } from './outbound-settings-form.tsx';
import { PolicyForm } from './policy-form.tsx';
import { TemplateEditor } from './template-editor.tsx';
import { Field } from '../../ui/field.tsx';

/**
 * Outbound messages of a workspace (`?workspace=&type=&action=&locale=`): its locales, the policy
 * of one integration type, and a template editor with live previews. Members read it all and may
 * preview; owners and admins change it.
 */
export function MessagesPage({ session }: { session: Session }) {
  const { values: address, set: go } = useAddress(MESSAGE_ADDRESS);
  const { workspace, type } = address;
  const spaces = useWorkspaces(workspace);
  const current = spaces.current;
  const canEdit = current ? administers(session, current) : false;
  const enabled = workspace !== '';
  const settings = useQuery({ ...outboundQueries.settings(workspace), enabled });
  const policy = useQuery({ ...outboundQueries.policy(workspace, type), enabled });
  const variables = useQuery({ ...outboundQueries.variables(workspace, type), enabled });
  const error = settings.error ?? policy.error ?? variables.error;
  return (
    <Page
      title="Message templates"
      lead="The languages and the wording of the messages a workspace sends out (chat notifications today): its locales, each integration type's policy, and the templates, previewed as you type."
    >
      <WorkspaceChoice
        id="msg-workspace"
        workspace={workspace}
        spaces={spaces}
        // The type is written too: a shared link names it.
        onChoose={(w) => go({ workspace: w, type, action: '', locale: '' })}
      >
        <Field id="msg-type" label="Integration type">
          {(control) => (
            <select
              {...control}
              value={type}
              disabled={!workspace}
              onChange={(e) => go({ type: e.target.value as IntegrationType, locale: '' })}
            >
              {INTEGRATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
      </WorkspaceChoice>
      {!workspace ? (
        <ChooseWorkspace spaces={spaces}>
          Choose a workspace to see its message locales and templates.
        </ChooseWorkspace>
      ) : error ? (
        <ErrorMessage error={error} title="The outbound settings could not be read" />
      ) : !settings.data || !policy.data || !variables.data ? (
        <Loading what="the outbound settings" />
      ) : (
        <>
          {!canEdit && (
            <AdminsOnlyNote
              only="change its locales, policies and templates"
              workspace={workspace}
              current={current}
              label="Who can change this"
              className="messages-note"
            >
              You may read them and preview messages.
            </AdminsOnlyNote>
          )}
          <div className="grid two messages-grid">
            <OutboundSettingsForm key={workspace} settings={settings.data} canEdit={canEdit} />
            <PolicyForm
              key={`${workspace}/${type}`}
              policy={policy.data}
              workspaceLocales={settings.data.supported_locales}
              canEdit={canEdit}
              onEdit={(action, locale) => go({ action, locale })}
            />
          </div>
          <TemplateEditor
            settings={settings.data}
            policy={policy.data}
            variables={variables.data}
            action={address.action}
            locale={address.locale}
            onChoose={go}
            canEdit={canEdit}
          />
        </>
      )}
    </Page>
  );
}
