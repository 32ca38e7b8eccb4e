// How the kinds of discovery.k8s.io/v1 are served.
import { discoveryV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of discovery.k8s.io/v1. */
export function discoveryResources(): BuiltinResource[] {
  return [...discoveryV1Kinds].map((definition) => ({ definition }));
}
