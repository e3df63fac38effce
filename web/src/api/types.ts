/**
 * The shapes of the API's answers, taken from the server's own zod schemas (type imports only:
 * nothing of the server is bundled). A change on the server fails this UI's typecheck.
 */
import type { z } from 'zod';
import type { createdKey, keyMetadata, resetAnswer } from '../../../src/modules/api-keys/schemas.ts';
import type { accessEvent, auditEntry, chainReport } from '../../../src/modules/audit/schemas.ts';
import type { importAnswer, selectStagedAnswer, stagedAnswer } from '../../../src/modules/imports/schemas.ts';
import type { bundleAnswer } from '../../../src/modules/context/schemas.ts';
import type { ciEventAnswer } from '../../../src/modules/ci-events/schemas.ts';
import type { chatTestAnswer } from '../../../src/modules/integrations/chat/routes.ts';
import type { integrationAnswer } from '../../../src/modules/integrations/config/schemas.ts';
import type { trackerSearchAnswer } from '../../../src/modules/integrations/tracker/schemas.ts';
import type { wikiSearchAnswer } from '../../../src/modules/integrations/wiki/schemas.ts';
import type {
  memoryAnswer,
  memoryList,
  memoryVersion,
  memoryWriteAnswer,
  recalledMemory,
} from '../../../src/modules/memories/schemas.ts';
import type {
  outboundSettingsAnswer,
  policyAnswer,
  renderAnswer,
  variablesAnswer,
} from '../../../src/modules/outbound/schemas.ts';
import type { deliveryAnswer } from '../../../src/modules/notifications/schemas.ts';
import type { projectAnswer } from '../../../src/modules/projects/schemas.ts';
import type { rawSearchAnswer, rawSnippet } from '../../../src/modules/raw/schemas.ts';
import type { mappingAnswer } from '../../../src/modules/resolution/schemas.ts';
import type { sessionAnswer } from '../../../src/modules/sessions/schemas.ts';
import type { meAnswer, userAnswer } from '../../../src/modules/users/schemas.ts';
import type { memberAnswer } from '../../../src/modules/workspaces/member-schemas.ts';
import type { workspaceAnswer } from '../../../src/modules/workspaces/schemas.ts';

export type Me = z.output<typeof meAnswer>;
export type Session = z.output<typeof sessionAnswer>;

export type KeyMetadata = z.output<typeof keyMetadata>;
export type CreatedKey = z.output<typeof createdKey>;
export type ResetAnswer = z.output<typeof resetAnswer>;
export type User = z.output<typeof userAnswer>;

export type Workspace = z.output<typeof workspaceAnswer>;
export type Member = z.output<typeof memberAnswer>;
export type Project = z.output<typeof projectAnswer>;
export type ProjectMapping = z.output<typeof mappingAnswer>;

export type Memory = z.output<typeof memoryAnswer>;
export type MemoryType = Memory['type'];
export type MemoryStatus = Memory['status'];
export type MemoryWrite = z.output<typeof memoryWriteAnswer>;
export type RecalledMemory = z.output<typeof recalledMemory>;
export type MemoryList = z.output<typeof memoryList>;
export type MemoryVersion = z.output<typeof memoryVersion>;
export type AuditEntry = z.output<typeof auditEntry>;
export type ChainReport = z.output<typeof chainReport>;
export type AccessEvent = z.output<typeof accessEvent>;

export type Import = z.output<typeof importAnswer>;
export type StagedMemory = z.output<typeof stagedAnswer>;
export type StagedSelection = z.output<typeof selectStagedAnswer>;
export type RawSnippet = z.output<typeof rawSnippet>;
export type RawSearchAnswer = z.output<typeof rawSearchAnswer>;
export type Bundle = z.output<typeof bundleAnswer>;
export type BundleDebug = NonNullable<Bundle['debug']>;
export type Integration = z.output<typeof integrationAnswer>;
export type Provider = Integration['provider'];
export type TrackerSearch = z.output<typeof trackerSearchAnswer>;
export type WikiSearch = z.output<typeof wikiSearchAnswer>;

export type OutboundSettings = z.output<typeof outboundSettingsAnswer>;
export type OutboundPolicy = z.output<typeof policyAnswer>;
export type IntegrationType = OutboundPolicy['integration_type'];
export type RenderedMessage = z.output<typeof renderAnswer>;
export type TemplateVariables = z.output<typeof variablesAnswer>;
export type TemplateVariable = TemplateVariables['common'][number];
export type ChatTest = z.output<typeof chatTestAnswer>;
export type Delivery = z.output<typeof deliveryAnswer>;
export type DeliveryStatus = Delivery['status'];
export type CiEvent = z.output<typeof ciEventAnswer>;
