// Behaviour of k8s.io/api core/v1 types.go ComponentStatus + generated.proto (v0.33.13), deprecated
// since v1.19: the health of the control plane's components, computed on each read, never stored.
import type { z } from 'zod';
import { ObjectMeta, field, protoMessageOf, struct, types } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';

export const ComponentCondition = struct(coreV1('ComponentCondition', 'Information about the condition of a component.'), {
  type: field(1, types.string(), { description: 'Type of condition for a component; the only one is Healthy.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true, default: '' }),
  message: field(3, types.string(), { description: 'Message about the condition for a component.' }),
  error: field(4, types.string(), { description: 'Condition error code for a component.' }),
});
export type ComponentCondition = z.infer<typeof ComponentCondition>;

export const ComponentStatus = struct(coreV1('ComponentStatus', 'ComponentStatus (and ComponentStatusList) holds the cluster validation info. Deprecated: This API is deprecated in v1.19+', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  conditions: field(2, types.list(ComponentCondition), {
    description: 'List of component conditions observed.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type ComponentStatus = z.infer<typeof ComponentStatus>;

/** The warning kube-apiserver sends with every read of componentstatuses (the kind's deprecation). */
export const componentStatusDeprecationWarning = 'v1 ComponentStatus is deprecated in v1.19+';

export const componentStatusKind = defineKind<ComponentStatus>({
  group: '',
  version: 'v1',
  kind: 'ComponentStatus',
  resource: 'componentstatuses',
  singular: 'componentstatus',
  shortNames: ['cs'],
  namespaced: false,
  schema: ComponentStatus,
  proto: protoMessageOf(ComponentStatus),
  description: 'ComponentStatus (and ComponentStatusList) holds the cluster validation info. Deprecated: This API is deprecated in v1.19+',
  validate: () => [],
});
