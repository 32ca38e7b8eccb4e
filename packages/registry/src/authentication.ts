// How the kinds of authentication.k8s.io/v1 are served.
import { authenticationV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of authentication.k8s.io/v1. */
export function authenticationResources(): BuiltinResource[] {
  return [...authenticationV1Kinds].map((definition) => ({ definition }));
}
