// How the kinds of flowcontrol.apiserver.k8s.io/v1 are served.
import { flowcontrolV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of flowcontrol.apiserver.k8s.io/v1. */
export function flowcontrolResources(): BuiltinResource[] {
  return [...flowcontrolV1Kinds].map((definition) => ({ definition }));
}
