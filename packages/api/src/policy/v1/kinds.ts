// Behaviour of k8s.io/kubernetes pkg/registry/policy/poddisruptionbudget/strategy.go (v1.33): the
// declaration of policy/v1 PodDisruptionBudget. policy/v1 has no defaulters; the decode-time
// conversion that strips the v1beta1 selector label runs where defaults do.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { PodDisruptionBudget, policyGroupName } from './types.ts';
import { convertPodDisruptionBudget, validatePodDisruptionBudget, validatePodDisruptionBudgetUpdate } from './validation.ts';

export const podDisruptionBudgetKind = defineKind<PodDisruptionBudget>({
  group: policyGroupName,
  version: 'v1',
  kind: 'PodDisruptionBudget',
  resource: 'poddisruptionbudgets',
  singular: 'poddisruptionbudget',
  shortNames: ['pdb'],
  namespaced: true,
  schema: PodDisruptionBudget,
  proto: protoMessageOf(PodDisruptionBudget),
  description: 'The maximum disruption that can be caused to a collection of pods.',
  defaults: (pdb) => convertPodDisruptionBudget(pdb),
  validate: (pdb) => validatePodDisruptionBudget(pdb),
  validateUpdate: (pdb, old) => validatePodDisruptionBudgetUpdate(pdb, old),
});
