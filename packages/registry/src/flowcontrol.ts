// Behaviour of k8s.io/kubernetes pkg/registry/flowcontrol/{flowschema,prioritylevelconfiguration}/
// strategy.go and storage (v1.33): a create clears the status and sets generation 1; an update keeps
// the stored status and bumps generation when the spec changes (Semantic.DeepEqual); no create by
// update; `/status` keeps the stored metadata (all of it but managedFields) and spec and validates
// the status alone. Both live under `/registry/<resource>`. The APF filter itself (queuing and
// rejecting requests by these objects) is not implemented: the objects are served and stored only.
import { flowSchemaKind, priorityLevelConfigurationKind, validateFlowSchemaStatus, validatePriorityLevelConfigurationStatus, type FlowSchema, type KindDefinition, type PriorityLevelConfiguration } from '@kapi/api';
import { FieldPath, metaOf, type KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { specStatusStrategy } from './builtin-resource.ts';
import { flowSchemaPrinter, priorityLevelConfigurationPrinter } from './printers/flowcontrol.ts';
import type { RESTStrategy } from './strategy.ts';

/**
 * PrepareForUpdate of the flowcontrol status strategies: the object's metadata, except the
 * managedFields the request computed, and its spec stay as stored.
 */
function keepMetadataAndSpec(obj: KubeObject, old: KubeObject): void {
  const managedFields = metaOf(obj).managedFields;
  obj.metadata = structuredClone(old.metadata ?? {});
  if (managedFields !== undefined) metaOf(obj).managedFields = managedFields;
  else delete metaOf(obj).managedFields;
  if (old.spec !== undefined) obj.spec = structuredClone(old.spec);
  else delete obj.spec;
}

function statusStrategy(validateStatus: (obj: KubeObject) => ReturnType<RESTStrategy['validateUpdate']>): Partial<RESTStrategy> {
  return {
    resetFields: [['metadata'], ['spec']],
    prepareForUpdate: keepMetadataAndSpec,
    validateUpdate: (obj) => validateStatus(obj),
  };
}

/** FlowSchemas and PriorityLevelConfigurations with their status subresources and kube's printers. */
export function flowcontrolResources(): BuiltinResource[] {
  return [
    {
      definition: flowSchemaKind as KindDefinition,
      strategy: specStatusStrategy(),
      status: true,
      statusStrategy: statusStrategy((obj) => validateFlowSchemaStatus((obj as FlowSchema).status ?? {}, FieldPath.of('status'))),
      table: flowSchemaPrinter,
    },
    {
      definition: priorityLevelConfigurationKind as KindDefinition,
      strategy: specStatusStrategy(),
      status: true,
      statusStrategy: statusStrategy((obj) => validatePriorityLevelConfigurationStatus((obj as PriorityLevelConfiguration).status ?? {}, FieldPath.of('status'))),
      table: priorityLevelConfigurationPrinter,
    },
  ];
}
