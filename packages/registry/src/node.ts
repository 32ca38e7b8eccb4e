// Behaviour of k8s.io/kubernetes pkg/registry/node/runtimeclass/strategy.go and storage (v1.33): a
// PUT may create a RuntimeClass (AllowCreateOnUpdate) but an update needs a resourceVersion
// (AllowUnconditionalUpdate is false); no generation, no status. Stored under
// `/registry/runtimeclasses`.
import { nodeV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { runtimeClassPrinter } from './printers/node-k8s-io.ts';

/** The resources of node.k8s.io/v1. */
export function nodeResources(): BuiltinResource[] {
  return nodeV1Kinds.map((definition) => ({
    definition,
    strategy: { allowCreateOnUpdate: true, allowUnconditionalUpdate: false },
    table: runtimeClassPrinter,
  }));
}
