// Behaviour of k8s.io/kubernetes pkg/registry/policy/poddisruptionbudget/strategy.go and storage
// (v1.33): a create resets the status and sets generation 1, a spec change bumps the generation, an
// update keeps the stored status and needs a resourceVersion (AllowUnconditionalUpdate is false);
// `/status` writes the status only (the spec stays as stored) and checks conditions and counts.
// Stored under `/registry/poddisruptionbudgets`. Field selectors: metadata.name and namespace.
import { policyV1Kinds, validatePodDisruptionBudgetStatus, type PodDisruptionBudget } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { specStatusStrategy } from './builtin-resource.ts';
import { podDisruptionBudgetPrinter } from './printers/policy.ts';

/** PodDisruptionBudgetStatus{}: the counts are not omitempty, so an empty status shows them as 0. */
const emptyStatus = () => ({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });

/** The resources of policy/v1. */
export function policyResources(): BuiltinResource[] {
  return policyV1Kinds.map((definition) => ({
    definition,
    strategy: { ...specStatusStrategy(emptyStatus), allowUnconditionalUpdate: false },
    status: true,
    statusStrategy: {
      resetFields: [['spec']],
      prepareForUpdate(obj, old) {
        if (old.spec !== undefined) obj.spec = old.spec;
        else delete obj.spec;
      },
      validateUpdate: (obj, old) => validatePodDisruptionBudgetStatus(obj as PodDisruptionBudget, old as PodDisruptionBudget),
    },
    table: podDisruptionBudgetPrinter,
  }));
}
