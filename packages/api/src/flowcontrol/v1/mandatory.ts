// Behaviour of k8s.io/apiserver pkg/apis/flowcontrol/bootstrap/default.go (v0.33): the mandatory
// configuration objects (exempt and catch-all), which every apiserver keeps and whose spec
// validation holds fixed (k8s.io/kubernetes pkg/apis/flowcontrol/internalbootstrap).
import type { FlowSchema, PolicyRulesWithSubjects, PriorityLevelConfiguration, Subject } from './types.ts';

/** AutoUpdateAnnotationKey: "true" lets the apiserver keep the object's spec as it suggests. */
export const autoUpdateAnnotationKey = 'apf.kubernetes.io/autoupdate-spec';

/** The names kube gives the mandatory objects (pkg/apis/flowcontrol constants). */
export const flowSchemaNameExempt = 'exempt';
export const flowSchemaNameCatchAll = 'catch-all';
export const priorityLevelConfigurationNameExempt = 'exempt';
export const priorityLevelConfigurationNameCatchAll = 'catch-all';
/** FlowSchemaMaxMatchingPrecedence. */
export const flowSchemaMaxMatchingPrecedence = 10000;

/** A FlowSchema of the bootstrap configuration (newFlowSchema). */
export function bootstrapFlowSchema(
  name: string,
  priorityLevel: string,
  matchingPrecedence: number,
  distinguisherMethod: '' | 'ByUser' | 'ByNamespace',
  ...rules: PolicyRulesWithSubjects[]
): FlowSchema {
  return {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
    kind: 'FlowSchema',
    metadata: { name, annotations: { [autoUpdateAnnotationKey]: 'true' } },
    spec: {
      priorityLevelConfiguration: { name: priorityLevel },
      matchingPrecedence,
      ...(distinguisherMethod !== '' ? { distinguisherMethod: { type: distinguisherMethod } } : {}),
      rules,
    },
  };
}

/** A PriorityLevelConfiguration of the bootstrap configuration (newPriorityLevelConfiguration). */
export function bootstrapPriorityLevelConfiguration(name: string, spec: NonNullable<PriorityLevelConfiguration['spec']>): PriorityLevelConfiguration {
  return {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name, annotations: { [autoUpdateAnnotationKey]: 'true' } },
    spec,
  };
}

/** Group subjects (groups). */
export const groupSubjects = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
/** User subjects (users). */
export const userSubjects = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'User', user: { name } }));
/** ServiceAccounts of kube-system (kubeSystemServiceAccount). */
export const kubeSystemServiceAccountSubjects = (...names: string[]): Subject[] =>
  names.map((name) => ({ kind: 'ServiceAccount', serviceAccount: { name, namespace: 'kube-system' } }));

/** Every verb, group and resource of every namespace and the cluster scope, and every non-resource URL. */
export function everythingRule(subjects: Subject[]): PolicyRulesWithSubjects {
  return {
    subjects,
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
  };
}

/** MandatoryPriorityLevelConfigurationExempt. */
export const mandatoryPriorityLevelConfigurationExempt = bootstrapPriorityLevelConfiguration(priorityLevelConfigurationNameExempt, {
  type: 'Exempt',
  exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 },
});

/** MandatoryPriorityLevelConfigurationCatchAll. */
export const mandatoryPriorityLevelConfigurationCatchAll = bootstrapPriorityLevelConfiguration(priorityLevelConfigurationNameCatchAll, {
  type: 'Limited',
  limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } },
});

/** MandatoryFlowSchemaExempt: system:masters is never limited. */
export const mandatoryFlowSchemaExempt = bootstrapFlowSchema(flowSchemaNameExempt, priorityLevelConfigurationNameExempt, 1, '', everythingRule(groupSubjects('system:masters')));

/** MandatoryFlowSchemaCatchAll: what no other schema matches. */
export const mandatoryFlowSchemaCatchAll = bootstrapFlowSchema(
  flowSchemaNameCatchAll,
  priorityLevelConfigurationNameCatchAll,
  flowSchemaMaxMatchingPrecedence,
  'ByUser',
  everythingRule(groupSubjects('system:unauthenticated', 'system:authenticated')),
);

/** MandatoryPriorityLevelConfigurations, in kube's order. */
export const mandatoryPriorityLevelConfigurations: readonly PriorityLevelConfiguration[] = [mandatoryPriorityLevelConfigurationCatchAll, mandatoryPriorityLevelConfigurationExempt];
/** MandatoryFlowSchemas, in kube's order. */
export const mandatoryFlowSchemas: readonly FlowSchema[] = [mandatoryFlowSchemaExempt, mandatoryFlowSchemaCatchAll];
