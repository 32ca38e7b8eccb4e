// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateNamespace and
// pkg/apis/core/v1/defaults.go SetDefaults_Namespace (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  fieldErrors,
  nameIsDNSLabel,
  field,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';

/** The label kube keeps equal to a namespace's name. */
export const labelMetadataName = 'kubernetes.io/metadata.name';
export const finalizerKubernetes = 'kubernetes';

// Decoding never requires a field (Go fills zero values); validation does.
// Decoding never requires a field (Go fills zero values); validation does.
export const NamespaceCondition = struct(coreV1('NamespaceCondition', 'The state of a namespace at a point in time.'), {
  type: field(1, types.string(), { description: 'Type of the condition.', required: true }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true }),
  lastTransitionTime: field(4, types.time(), { description: 'Last time the condition changed.' }),
  reason: field(5, types.string(), { description: 'Machine-readable reason for the last change.' }),
  message: field(6, types.string(), { description: 'Human-readable details of the last change.' }),
});

/** The desired state of a namespace. */
export const NamespaceSpec = struct(coreV1('NamespaceSpec', 'The desired state of a namespace.'), {
  finalizers: field(1, types.list(types.string()), { description: 'Values that must be empty before the namespace is removed from storage.', listType: 'atomic' }),
});

/** The observed state of a namespace. */
export const NamespaceStatus = struct(coreV1('NamespaceStatus', 'The observed state of a namespace.'), {
  phase: field(1, types.string(), { description: 'The lifecycle phase: Active or Terminating.' }),
  conditions: field(2, types.list(NamespaceCondition), {
    description: 'The latest observations of the namespace state.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});

/** A scope for names. Use of multiple namespaces is optional. */
export const Namespace = struct(coreV1('Namespace', 'A scope for names. Use of multiple namespaces is optional.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, NamespaceSpec, { description: 'The behaviour of the namespace.' }),
  status: field(3, NamespaceStatus, { description: 'The status of the namespace. Read-only.' }),
});
export type Namespace = z.infer<typeof Namespace>;

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

function validateFinalizerName(name: string, path: FieldPath): FieldError[] {
  if (!name.includes('/') && !standardFinalizers.has(name)) {
    return [fieldErrors.invalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified')];
  }
  return [];
}

function validateNamespace(ns: Namespace): FieldError[] {
  const errs = validateObjectMeta(ns.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSLabel });
  for (const f of ns.spec?.finalizers ?? []) errs.push(...validateFinalizerName(f, FieldPath.of('spec', 'finalizers')));
  return errs;
}

export const namespaceKind = defineKind<Namespace>({
  group: '',
  version: 'v1',
  kind: 'Namespace',
  resource: 'namespaces',
  singular: 'namespace',
  shortNames: ['ns'],
  namespaced: false,
  schema: Namespace,
  proto: protoMessageOf(Namespace),
  description: 'Namespace provides a scope for Names. Use of multiple namespaces is optional.',
  defaults(ns) {
    const name = ns.metadata?.name;
    if (name) {
      const meta = (ns.metadata ??= {});
      meta.labels = { ...(meta.labels ?? {}), [labelMetadataName]: name };
    }
    ns.spec ??= {};
    const status = (ns.status ??= {});
    if (!status.phase) status.phase = 'Active';
  },
  validate: validateNamespace,
  validateUpdate: (ns, old) => [...validateNamespace(ns), ...validateObjectMetaUpdate(ns.metadata ?? {}, old.metadata ?? {})],
});
