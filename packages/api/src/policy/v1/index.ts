// policy/v1: PodDisruptionBudget; Eviction (the body of pods/eviction, not a stored kind: it is one
// of the wire types).
import type { KindDefinition } from '../../kind.ts';
import { podDisruptionBudgetKind } from './kinds.ts';

export { Eviction, PodDisruptionBudget, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus, policyGroupName } from './types.ts';
export { podDisruptionBudgetKind } from './kinds.ts';
export {
  convertPodDisruptionBudget,
  nameIsPathSegment,
  pdbV1beta1Label,
  unhealthyPodEvictionPolicies,
  validateCondition,
  validateConditions,
  validatePodDisruptionBudget,
  validatePodDisruptionBudgetSpec,
  validatePodDisruptionBudgetStatus,
  validatePodDisruptionBudgetStatusUpdate,
  validatePodDisruptionBudgetUpdate,
} from './validation.ts';

/** The kinds of policy/v1 kapi serves. */
export const policyV1Kinds: readonly KindDefinition[] = [podDisruptionBudgetKind as KindDefinition];
