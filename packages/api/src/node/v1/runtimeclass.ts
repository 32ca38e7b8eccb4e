// Behaviour of k8s.io/api node/v1 types.go + generated.proto, k8s.io/kubernetes
// pkg/apis/node/validation/validation.go and pkg/registry/node/runtimeclass/strategy.go (v1.33):
// RuntimeClass. node/v1 has no defaulters.
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  fieldImmutableErrorMsg,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  omitValue,
  protoMessageOf,
  quote,
  struct,
  types,
  validateLabels,
  type FieldError,
} from '@kapi/apimachinery';
import { Toleration } from '../../core/v1/affinity.ts';
import { validateTolerations } from '../../core/v1/pod-validation.ts';
import { validateContainerResourceName, validateResourceQuantityValue } from '../../core/v1/resource-names.ts';
import { validateCoreObjectMeta, validateCoreObjectMetaUpdate } from '../../core/v1/validation-helpers.ts';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const nodeGroupName = 'node.k8s.io';

function nodeV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.node.v1.${name}`,
    protoName: `k8s.io.api.node.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: nodeGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const Overhead = struct(nodeV1('Overhead', 'The resources running a pod of a RuntimeClass costs beyond its containers.'), {
  podFixed: field(1, types.map(types.quantity()), { description: 'The fixed resource overhead of a pod of this class.' }),
});
export type Overhead = z.infer<typeof Overhead>;

export const Scheduling = struct(nodeV1('Scheduling', 'The constraints that place pods of a RuntimeClass on the nodes that support it.'), {
  nodeSelector: field(1, types.map(types.string()), {
    description: "Labels a node must have to run pods of this class; merged with the pod's nodeSelector (conflicts reject the pod).",
    mapType: 'atomic',
  }),
  tolerations: field(2, types.list(Toleration), { description: 'Tolerations appended to the pods of this class (duplicates dropped).', listType: 'atomic' }),
});
export type Scheduling = z.infer<typeof Scheduling>;

export const RuntimeClass = struct(nodeV1('RuntimeClass', 'A container runtime supported in the cluster, selected by a pod\'s runtimeClassName.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  handler: field(2, types.string(), {
    description: 'The CRI configuration that implements this class; a DNS label. Immutable.',
    required: true,
    default: '',
  }),
  overhead: field(3, Overhead, { description: 'The overhead of running a pod of this class, added to its resources.', pointer: true }),
  scheduling: field(4, Scheduling, { description: 'Where pods of this class can run; unset means every node supports it.', pointer: true }),
});
export type RuntimeClass = z.infer<typeof RuntimeClass>;

/** validateOverhead: core's ValidateResourceRequirements over `limits: podFixed` (so paths read `overhead.limits[...]`). */
function validateOverhead(overhead: Overhead, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let cpuOrMemory = false;
  let hugePages = false;
  for (const [name, quantity] of Object.entries(overhead.podFixed ?? {})) {
    const at = path.child('limits').key(name);
    errs.push(...validateContainerResourceName(name, at), ...validateResourceQuantityValue(name, quantity, at));
    if (name.startsWith('hugepages-')) hugePages = true;
    if (name === 'cpu' || name === 'memory') cpuOrMemory = true;
  }
  if (hugePages && !cpuOrMemory) errs.push(fieldErrors.forbidden(path, 'HugePages require cpu or memory'));
  return errs;
}

/** %#v of a core.Toleration (the value of a duplicate error). */
function goToleration(t: NonNullable<Scheduling['tolerations']>[number]): string {
  const secs = t.tolerationSeconds !== undefined ? '(*int64)(0xc000000000)' : '(*int64)(nil)';
  return `core.Toleration{Key:${quote(t.key ?? '')}, Operator:${quote(t.operator ?? '')}, Value:${quote(t.value ?? '')}, Effect:${quote(t.effect ?? '')}, TolerationSeconds:${secs}}`;
}

/** validateScheduling: node selector labels; tolerations (upstream nests their path once more) unique by key, operator, value and effect. */
function validateScheduling(s: Scheduling, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (s.nodeSelector !== undefined) errs.push(...validateLabels(s.nodeSelector, path.child('nodeSelector')));
  const tolerations = s.tolerations ?? [];
  const at = path.child('tolerations');
  errs.push(...validateTolerations(tolerations, at.child('tolerations')));
  const seen = new Set<string>();
  tolerations.forEach((t, i) => {
    const key = JSON.stringify([t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '']);
    if (seen.has(key)) errs.push({ type: 'FieldValueDuplicate', field: String(at.index(i)), badValue: omitValue, detail: goToleration(t) });
    else seen.add(key);
  });
  return errs;
}

/** ValidateRuntimeClass. */
export function validateRuntimeClass(rc: RuntimeClass): FieldError[] {
  const errs = validateCoreObjectMeta(rc.metadata, false, nameIsDNSSubdomain);
  const handler = rc.handler ?? '';
  for (const msg of nameIsDNSLabel(handler, false)) errs.push(fieldErrors.invalid('handler', handler, msg));
  if (rc.overhead !== undefined) errs.push(...validateOverhead(rc.overhead, FieldPath.of('overhead')));
  if (rc.scheduling !== undefined) errs.push(...validateScheduling(rc.scheduling, FieldPath.of('scheduling')));
  return errs;
}

/** The strategy's ValidateUpdate: ValidateRuntimeClass, then ValidateRuntimeClassUpdate (metadata; the handler is immutable). */
export function validateRuntimeClassUpdate(rc: RuntimeClass, old: RuntimeClass): FieldError[] {
  const errs = validateRuntimeClass(rc);
  errs.push(...validateCoreObjectMetaUpdate(rc.metadata, old.metadata));
  if ((rc.handler ?? '') !== (old.handler ?? '')) errs.push(fieldErrors.invalid('handler', rc.handler ?? '', fieldImmutableErrorMsg));
  return errs;
}

export const runtimeClassKind = defineKind<RuntimeClass>({
  group: nodeGroupName,
  version: 'v1',
  kind: 'RuntimeClass',
  resource: 'runtimeclasses',
  singular: 'runtimeclass',
  namespaced: false,
  schema: RuntimeClass,
  proto: protoMessageOf(RuntimeClass),
  description: "A container runtime supported in the cluster, selected by a pod's runtimeClassName.",
  validate: (rc) => validateRuntimeClass(rc),
  validateUpdate: (rc, old) => validateRuntimeClassUpdate(rc, old),
});
