// flowcontrol.apiserver.k8s.io/v1: FlowSchema, PriorityLevelConfiguration (API Priority and Fairness).
import type { KindDefinition } from '../../kind.ts';
import { flowSchemaKind, priorityLevelConfigurationKind } from './kinds.ts';

export {
  ExemptPriorityLevelConfiguration,
  FlowDistinguisherMethod,
  FlowSchema,
  FlowSchemaCondition,
  FlowSchemaSpec,
  FlowSchemaStatus,
  LimitedPriorityLevelConfiguration,
  PriorityLevelConfiguration,
  PriorityLevelConfigurationCondition,
  PriorityLevelConfigurationReference,
  PriorityLevelConfigurationSpec,
  PriorityLevelConfigurationStatus,
  PolicyRulesWithSubjects as FlowSchemaPolicyRulesWithSubjects,
  Subject as FlowSchemaSubject,
} from './types.ts';
export { flowSchemaKind, priorityLevelConfigurationKind } from './kinds.ts';
export { flowcontrolGroupName } from './names.ts';
export {
  autoUpdateAnnotationKey,
  bootstrapFlowSchema,
  bootstrapPriorityLevelConfiguration,
  everythingRule,
  flowSchemaMaxMatchingPrecedence,
  flowSchemaNameCatchAll,
  flowSchemaNameExempt,
  groupSubjects,
  kubeSystemServiceAccountSubjects,
  mandatoryFlowSchemaCatchAll,
  mandatoryFlowSchemaExempt,
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurationCatchAll,
  mandatoryPriorityLevelConfigurationExempt,
  mandatoryPriorityLevelConfigurations,
  priorityLevelConfigurationNameCatchAll,
  priorityLevelConfigurationNameExempt,
  userSubjects,
} from './mandatory.ts';
export {
  defaultFlowSchema,
  defaultPriorityLevelConfiguration,
  flowcontrolDefaults,
  priorityLevelPreserveZeroConcurrencySharesKey,
  requiredEntropyBits,
  validateFlowSchema,
  validateFlowSchemaStatus,
  validateFlowSchemaUpdate,
  validateNonResourceURLPath,
  validatePriorityLevelConfiguration,
  validatePriorityLevelConfigurationStatus,
  validatePriorityLevelConfigurationUpdate,
} from './validation.ts';

/** The kinds of flowcontrol.apiserver.k8s.io/v1 kapi serves. */
export const flowcontrolV1Kinds: readonly KindDefinition[] = [flowSchemaKind as KindDefinition, priorityLevelConfigurationKind as KindDefinition];
