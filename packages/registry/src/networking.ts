// Behaviour of k8s.io/kubernetes pkg/registry/networking/{networkpolicy,ingressclass}/strategy.go
// and storage (v1.33): neither may be created by an update, neither has status (NetworkPolicy's
// was removed from networking/v1), a create sets generation 1 and a spec change bumps it; both
// live under `/registry/<resource>`.
import { networkingV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { generationStrategy } from './builtin-resource.ts';
import { printers } from './printers/index.ts';

/** NetworkPolicies and IngressClasses with kube's printers. */
export function networkingResources(): BuiltinResource[] {
  return networkingV1Kinds.map((def) => {
    const table = printers[`${def.group}/${def.resource}`];
    return { definition: def, strategy: generationStrategy(), ...(table ? { table } : {}) };
  });
}
