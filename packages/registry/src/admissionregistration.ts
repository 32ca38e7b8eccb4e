// How the kinds of admissionregistration.k8s.io/v1 are served.
import { admissionregistrationV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of admissionregistration.k8s.io/v1. */
export function admissionregistrationResources(): BuiltinResource[] {
  return [...admissionregistrationV1Kinds].map((definition) => ({ definition }));
}
