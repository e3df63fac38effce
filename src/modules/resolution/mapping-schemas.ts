import { z } from 'zod';
import { projectMappingFields, withNormalizedExternalId } from '../workspaces/index.ts';

/** A new mapping as verbs check it: fields of the settings list, external id normalized. */
export const newMappingSchema = z
  .strictObject(projectMappingFields)
  .transform((m, ctx) => withNormalizedExternalId(m, ctx));
/** What PATCH may change: any field of a mapping. */
export const mappingChangeFields = {
  kind: projectMappingFields.kind.optional(),
  external_id: projectMappingFields.external_id.optional(),
  project_key: projectMappingFields.project_key.optional(),
  // Without their defaults: a field a PATCH leaves out is kept, not reset.
  priority: projectMappingFields.priority.unwrap().optional(),
  enabled: projectMappingFields.enabled.unwrap().optional(),
};
export const mappingChangesSchema = z
  .strictObject(mappingChangeFields)
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'must change at least one field');

export type NewMapping = z.output<typeof newMappingSchema>;
export type MappingChanges = z.output<typeof mappingChangesSchema>;
