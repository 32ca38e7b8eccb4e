// Behaviour of k8s.io/api scheduling/v1 types.go + generated.proto, k8s.io/kubernetes
// pkg/apis/scheduling/v1/defaults.go, pkg/apis/scheduling/validation/validation.go and
// pkg/apis/scheduling/types.go (the system classes) (v1.33): PriorityClass.
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  fieldImmutableErrorMsg,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const schedulingGroupName = 'scheduling.k8s.io';

export const PriorityClass = struct(
  {
    id: 'io.k8s.api.scheduling.v1.PriorityClass',
    protoName: 'k8s.io.api.scheduling.v1.PriorityClass',
    description: 'A mapping from a priority class name to the integer priority pods of that class get.',
    gvk: { group: schedulingGroupName, version: 'v1', kind: 'PriorityClass' },
  },
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    value: field(2, types.int32(), { description: 'The priority pods of this class receive.', required: true, default: 0 }),
    globalDefault: field(3, types.bool(), { description: 'Whether this is the priority of pods that name no class; the smallest such value wins.' }),
    description: field(4, types.string(), { description: 'When to use this class.' }),
    preemptionPolicy: field(5, types.string(), { description: 'Never or PreemptLowerPriority (the default).', pointer: true }),
  },
);
export type PriorityClass = z.infer<typeof PriorityClass>;

/** HighestUserDefinablePriority: above it only the system classes. */
export const highestUserDefinablePriority = 1_000_000_000;
/** SystemPriorityClassPrefix. */
export const systemPriorityClassPrefix = 'system-';

/** The system priority classes kube-apiserver creates (SystemPriorityClasses). */
export const systemPriorityClasses: readonly { name: string; value: number; description: string }[] = [
  { name: 'system-node-critical', value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2_000_000_000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

/** SetDefaults_PriorityClass. */
export function defaultPriorityClass(pc: PriorityClass): void {
  pc.preemptionPolicy ??= 'PreemptLowerPriority';
}

/** IsKnownSystemPriorityClass: undefined when known, else why not. */
function systemClassError(name: string, value: number, globalDefault: boolean): string | undefined {
  const spc = systemPriorityClasses.find((c) => c.name === name);
  if (!spc) return `${name} is not a known system priority class`;
  if (spc.value !== value) return `value of ${name} PriorityClass must be ${spc.value}`;
  if (globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

/** ValidatePriorityClass. */
export function validatePriorityClass(pc: PriorityClass): FieldError[] {
  const errs = validateObjectMeta(pc.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const name = pc.metadata?.name ?? '';
  const value = pc.value ?? 0;
  if (name.startsWith(systemPriorityClassPrefix)) {
    const why = systemClassError(name, value, pc.globalDefault ?? false);
    if (why) errs.push(fieldErrors.forbidden(FieldPath.of('metadata', 'name'), `priority class names with '${systemPriorityClassPrefix}' prefix are reserved for system use only. error: ${why}`));
  } else if (value > highestUserDefinablePriority) {
    errs.push(fieldErrors.forbidden('value', `maximum allowed value of a user defined priority is ${highestUserDefinablePriority}`));
  }
  const policy = pc.preemptionPolicy;
  if (policy !== undefined) {
    if (policy === '') errs.push(fieldErrors.required('preemptionPolicy', ''));
    else if (policy !== 'PreemptLowerPriority' && policy !== 'Never') errs.push(fieldErrors.notSupported('preemptionPolicy', policy, ['PreemptLowerPriority', 'Never']));
  }
  return errs;
}

/** ValidatePriorityClassUpdate: metadata; value and preemptionPolicy are immutable. */
export function validatePriorityClassUpdate(pc: PriorityClass, old: PriorityClass): FieldError[] {
  const errs = validateObjectMetaUpdate(pc.metadata ?? {}, old.metadata ?? {});
  if ((pc.value ?? 0) !== (old.value ?? 0)) errs.push(fieldErrors.forbidden('value', 'may not be changed in an update.'));
  if (pc.preemptionPolicy !== old.preemptionPolicy) errs.push(fieldErrors.invalid('preemptionPolicy', pc.preemptionPolicy ?? 'null', fieldImmutableErrorMsg));
  return errs;
}

export const priorityClassKind = defineKind<PriorityClass>({
  group: schedulingGroupName,
  version: 'v1',
  kind: 'PriorityClass',
  resource: 'priorityclasses',
  singular: 'priorityclass',
  shortNames: ['pc'],
  namespaced: false,
  schema: PriorityClass,
  proto: protoMessageOf(PriorityClass),
  description: 'A mapping from a priority class name to the integer priority pods of that class get.',
  defaults: (pc) => defaultPriorityClass(pc),
  validate: (pc) => validatePriorityClass(pc),
  validateUpdate: (pc, old) => validatePriorityClassUpdate(pc, old),
});
