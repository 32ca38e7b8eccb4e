// scheduling.k8s.io/v1: PriorityClass.
import type { KindDefinition } from '../../kind.ts';
import { priorityClassKind } from './priorityclass.ts';

export {
  PriorityClass,
  defaultPriorityClass,
  highestUserDefinablePriority,
  priorityClassKind,
  schedulingGroupName,
  systemPriorityClassPrefix,
  systemPriorityClasses,
  validatePriorityClass,
  validatePriorityClassUpdate,
} from './priorityclass.ts';

/** The kinds of scheduling.k8s.io/v1 kapi serves. */
export const schedulingV1Kinds: readonly KindDefinition[] = [priorityClassKind as KindDefinition];
