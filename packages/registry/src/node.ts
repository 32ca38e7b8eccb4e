// How the kinds of node.k8s.io/v1 are served.
import { nodeV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of node.k8s.io/v1. */
export function nodeResources(): BuiltinResource[] {
  return [...nodeV1Kinds].map((definition) => ({ definition }));
}
