// Behaviour of k8s.io/kubernetes pkg/registry/scheduling/priorityclass/strategy.go and storage
// (v1.33): a create sets generation 1, an update changes nothing (value and preemptionPolicy are
// immutable by validation), no create by update; stored under `/registry/priorityclasses`. kube's
// Priority admission plugin (one globalDefault only) is not run.
import { metaOf } from '@kapi/apimachinery';
import { schedulingV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { printers } from './printers/index.ts';

/** PriorityClasses with kube's printer. */
export function schedulingResources(): BuiltinResource[] {
  return schedulingV1Kinds.map((def) => {
    const table = printers[`${def.group}/${def.resource}`];
    return {
      definition: def,
      strategy: {
        prepareForCreate(obj) {
          metaOf(obj).generation = 1;
        },
        prepareForUpdate() {},
      },
      ...(table ? { table } : {}),
    };
  });
}
