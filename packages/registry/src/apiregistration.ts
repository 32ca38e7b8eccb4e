// How the kinds of apiregistration.k8s.io/v1 are served.
import { apiregistrationV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of apiregistration.k8s.io/v1. */
export function apiregistrationResources(): BuiltinResource[] {
  return [...apiregistrationV1Kinds].map((definition) => ({ definition }));
}
