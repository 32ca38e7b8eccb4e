// The declarations of FlowSchema and PriorityLevelConfiguration (flowcontrol.apiserver.k8s.io/v1,
// cluster-scoped, no short names, as k8s.io/kubernetes pkg/registry/flowcontrol/*/storage serves them).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { flowcontrolGroupName } from './names.ts';
import { FlowSchema, PriorityLevelConfiguration } from './types.ts';
import {
  defaultFlowSchema,
  defaultPriorityLevelConfiguration,
  validateFlowSchema,
  validateFlowSchemaUpdate,
  validatePriorityLevelConfiguration,
  validatePriorityLevelConfigurationUpdate,
} from './validation.ts';

export const flowSchemaKind = defineKind<FlowSchema>({
  group: flowcontrolGroupName,
  version: 'v1',
  kind: 'FlowSchema',
  resource: 'flowschemas',
  singular: 'flowschema',
  namespaced: false,
  schema: FlowSchema,
  proto: protoMessageOf(FlowSchema),
  description: 'Which requests form which flows, and the priority level they go to.',
  defaults: (fs) => defaultFlowSchema(fs),
  validate: (fs) => validateFlowSchema(fs),
  validateUpdate: (fs, old) => validateFlowSchemaUpdate(fs, old),
});

export const priorityLevelConfigurationKind = defineKind<PriorityLevelConfiguration>({
  group: flowcontrolGroupName,
  version: 'v1',
  kind: 'PriorityLevelConfiguration',
  resource: 'prioritylevelconfigurations',
  singular: 'prioritylevelconfiguration',
  namespaced: false,
  schema: PriorityLevelConfiguration,
  proto: protoMessageOf(PriorityLevelConfiguration),
  description: 'A priority level: how much of the server its requests may use.',
  defaults: (pl) => defaultPriorityLevelConfiguration(pl),
  validate: (pl) => validatePriorityLevelConfiguration(pl),
  validateUpdate: (pl, old) => validatePriorityLevelConfigurationUpdate(pl, old),
});
