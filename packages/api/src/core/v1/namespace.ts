// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateNamespace and
// pkg/apis/core/v1/defaults.go SetDefaults_Namespace (v1.33).
import { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  fieldErrors,
  nameIsDNSLabel,
  ObjectMetaProto,
  protoField as f,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';

/** The label kube keeps equal to a namespace's name. */
export const labelMetadataName = 'kubernetes.io/metadata.name';
export const finalizerKubernetes = 'kubernetes';

// Decoding never requires a field (Go fills zero values); validation does.
export const NamespaceCondition = z.looseObject({
  type: z.string().optional(),
  status: z.string().optional(),
  lastTransitionTime: z.string().nullable().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const Namespace = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: ObjectMeta.optional(),
  spec: z.looseObject({ finalizers: z.array(z.string()).optional() }).optional(),
  status: z
    .looseObject({
      phase: z.string().optional(),
      conditions: z.array(NamespaceCondition).optional(),
    })
    .optional(),
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
  proto: {
    name: 'k8s.io.api.core.v1.Namespace',
    fields: [
      f('metadata', 1, ObjectMetaProto),
      f('spec', 2, { name: 'k8s.io.api.core.v1.NamespaceSpec', fields: [f('finalizers', 1, 'string', { repeated: true })] }),
      f('status', 3, {
        name: 'k8s.io.api.core.v1.NamespaceStatus',
        fields: [
          f('phase', 1, 'string'),
          f('conditions', 2, {
            name: 'k8s.io.api.core.v1.NamespaceCondition',
            fields: [f('type', 1, 'string'), f('status', 2, 'string'), f('lastTransitionTime', 4, 'time'), f('reason', 5, 'string'), f('message', 6, 'string')],
          }, { repeated: true }),
        ],
      }),
    ],
  },
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
