// How the kinds of authorization.k8s.io/v1 are served.
import { authorizationV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of authorization.k8s.io/v1. */
export function authorizationResources(): BuiltinResource[] {
  return [...authorizationV1Kinds].map((definition) => ({ definition }));
}
