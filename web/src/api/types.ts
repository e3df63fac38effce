/**
 * The shapes of the API's answers, taken from the server's own zod schemas (type imports only:
 * nothing of the server is bundled). A change on the server fails this UI's typecheck. This is the
 * only file of the UI that imports from the server: the query factories (`queries/`) take their
 * answer types from here.
 */
import type { z } from 'zod';
import type {
  actionAnswer,
  eventAnswer,
  eventList,
  itemAnswer,
  itemDetail,
  itemList,
} from '../../../src/modules/active-work/schemas.ts';
import type { createdKey, keyList, keyMetadata, resetAnswer } from '../../../src/modules/api-keys/schemas.ts';
import type {
  accessEvent,
  accessTimelineAnswer,
  auditEntry,
  auditList,
  chainReport,
} from '../../../src/modules/audit/schemas.ts';
import type {
  importAnswer,
  importList,
  selectStagedAnswer,
  stagedAnswer,
  stagedList,
} from '../../../src/modules/imports/schemas.ts';
import type { ModelPassStats } from '../../../src/modules/audit/actions/imports.ts';
import type { bundleAnswer } from '../../../src/modules/context/schemas.ts';
import type { ciEventAnswer } from '../../../src/modules/ci-events/schemas.ts';
import type {
  installationAnswer,
  installUrlAnswer,
  reposAnswer,
  roleMappingAnswer,
  syncAnswer,
  syncPermissionsAnswer,
} from '../../../src/modules/codehost/schemas.ts';
import type { chatTestAnswer } from '../../../src/modules/integrations/chat/routes.ts';
import type { integrationAnswer, integrationList } from '../../../src/modules/integrations/config/schemas.ts';
import type { modelUsageAnswer } from '../../../src/modules/integrations/model/schemas.ts';
import type { trackerSearchAnswer } from '../../../src/modules/integrations/tracker/schemas.ts';
import type { wikiSearchAnswer } from '../../../src/modules/integrations/wiki/schemas.ts';
import type { InstructionLikeReason } from '../../../src/modules/memories/instruction-like.ts';
import type {
  memoryAnswer,
  memoryHistory,
  memoryList,
  memoryVersion,
  memoryWriteAnswer,
  recalledMemory,
} from '../../../src/modules/memories/memory-answers.ts';
import type {
  outboundSettingsAnswer,
  policyAnswer,
  renderAnswer,
  variablesAnswer,
} from '../../../src/modules/outbound/schemas.ts';
import type { deliveryAnswer, deliveryList } from '../../../src/modules/notifications/schemas.ts';
import type { projectAnswer, projectList } from '../../../src/modules/projects/schemas.ts';
import type { rawSearchAnswer, rawSnippet } from '../../../src/modules/raw/schemas.ts';
import type { mappingAnswer, mappingList } from '../../../src/modules/resolution/schemas.ts';
import type { sessionAnswer } from '../../../src/modules/sessions/schemas.ts';
import type { meAnswer, userAnswer, userList } from '../../../src/modules/users/schemas.ts';
import type { memberAnswer, memberList } from '../../../src/modules/workspaces/member-schemas.ts';
import type { workspaceAnswer, workspaceList } from '../../../src/modules/workspaces/schemas.ts';

export type Me = z.output<typeof meAnswer>;
export type Session = z.output<typeof sessionAnswer>;

export type KeyMetadata = z.output<typeof keyMetadata>;
export type KeyList = z.output<typeof keyList>;
export type CreatedKey = z.output<typeof createdKey>;
export type ResetAnswer = z.output<typeof resetAnswer>;
export type User = z.output<typeof userAnswer>;
export type UserList = z.output<typeof userList>;

export type Workspace = z.output<typeof workspaceAnswer>;
export type WorkspaceList = z.output<typeof workspaceList>;
export type Member = z.output<typeof memberAnswer>;
export type MemberList = z.output<typeof memberList>;
export type Project = z.output<typeof projectAnswer>;
export type ProjectList = z.output<typeof projectList>;
export type ProjectMapping = z.output<typeof mappingAnswer>;
export type ProjectMappingList = z.output<typeof mappingList>;

export type Memory = z.output<typeof memoryAnswer>;
export type MemoryType = Memory['type'];
export type MemoryStatus = Memory['status'];
export type MemoryFlag = Memory['flags'][number];
/** Why a text reads as instructions to an assistant: the codes an `instruction_like` note lists. */
export type InstructionReason = InstructionLikeReason;
export type MemoryWrite = z.output<typeof memoryWriteAnswer>;
export type RecalledMemory = z.output<typeof recalledMemory>;
export type MemoryList = z.output<typeof memoryList>;
export type MemoryVersion = z.output<typeof memoryVersion>;
export type MemoryHistory = z.output<typeof memoryHistory>;
export type AuditEntry = z.output<typeof auditEntry>;
export type AuditList = z.output<typeof auditList>;
export type ChainReport = z.output<typeof chainReport>;
export type AccessEvent = z.output<typeof accessEvent>;
export type AccessTimeline = z.output<typeof accessTimelineAnswer>;

export type Import = z.output<typeof importAnswer>;
export type ImportList = z.output<typeof importList>;
/** The counts extract's pass with the language model adds to an import's `stats` (model_extraction on). */
export type ImportModelStats = ModelPassStats;
export type StagedMemory = z.output<typeof stagedAnswer>;
/** What proposed a staged memory: the keyword rules, the workspace's language model, or both. */
export type StagedProducer = StagedMemory['producer'];
export type StagedList = z.output<typeof stagedList>;
export type StagedSelection = z.output<typeof selectStagedAnswer>;
export type RawSnippet = z.output<typeof rawSnippet>;
export type RawSearchAnswer = z.output<typeof rawSearchAnswer>;
export type Bundle = z.output<typeof bundleAnswer>;
export type BundleDebug = NonNullable<Bundle['debug']>;
export type Integration = z.output<typeof integrationAnswer>;
export type IntegrationList = z.output<typeof integrationList>;
export type Provider = Integration['provider'];
export type TrackerSearch = z.output<typeof trackerSearchAnswer>;
export type WikiSearch = z.output<typeof wikiSearchAnswer>;
/** A workspace's language model calls and tokens: this hour (against its cap), 24 hours, 30 days, by day. */
export type ModelUsage = z.output<typeof modelUsageAnswer>;
/** Calls, failures and tokens over one period. */
export type ModelUsageTotals = ModelUsage['this_hour'];

export type OutboundSettings = z.output<typeof outboundSettingsAnswer>;
export type OutboundPolicy = z.output<typeof policyAnswer>;
export type IntegrationType = OutboundPolicy['integration_type'];
export type RenderedMessage = z.output<typeof renderAnswer>;
export type TemplateVariables = z.output<typeof variablesAnswer>;
export type TemplateVariable = TemplateVariables['common'][number];
export type ChatTest = z.output<typeof chatTestAnswer>;
export type Delivery = z.output<typeof deliveryAnswer>;
export type DeliveryList = z.output<typeof deliveryList>;
export type DeliveryStatus = Delivery['status'];
export type CiEvent = z.output<typeof ciEventAnswer>;

export type CodehostInstallUrl = z.output<typeof installUrlAnswer>;
export type CodehostSync = z.output<typeof syncAnswer>;
export type CodehostSyncCounts = Omit<CodehostSync, 'synced_at'>;
export type CodehostInstallation = z.output<typeof installationAnswer>;
/** The last sync: when, how it went, and a successful one's counts. */
export type CodehostLastSync = NonNullable<CodehostInstallation['last_sync']>;
export type CodehostRepoList = z.output<typeof reposAnswer>;
/** Which project role each code host permission gives (null: none), all five permissions. */
export type CodehostRoleMapping = z.output<typeof roleMappingAnswer>;
export type CodehostPermission = keyof CodehostRoleMapping;
/** A permission sync's plan (a dry run) or what it applied: counts, the people skipped, the changes. */
export type CodehostPermissionSync = z.output<typeof syncPermissionsAnswer>;
export type CodehostPlannedChange = CodehostPermissionSync['changes'][number];

export type ActiveWorkItem = z.output<typeof itemAnswer>;
export type ActiveWorkStatus = ActiveWorkItem['status'];
export type ActiveWorkList = z.output<typeof itemList>;
/** An item with its evidence (newest first) and its events (oldest first). */
export type ActiveWorkDetail = z.output<typeof itemDetail>;
export type ActiveWorkEvent = z.output<typeof eventAnswer>;
export type ActiveWorkEventType = ActiveWorkEvent['type'];
export type ActiveWorkEventList = z.output<typeof eventList>;
/** What a confirm, close or reopen answers: the item as it is now and the event it wrote. */
export type ActiveWorkActed = z.output<typeof actionAnswer>;
