// How the kinds of certificates.k8s.io/v1 are served.
import { certificatesV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of certificates.k8s.io/v1. */
export function certificatesResources(): BuiltinResource[] {
  return [...certificatesV1Kinds].map((definition) => ({ definition }));
}
