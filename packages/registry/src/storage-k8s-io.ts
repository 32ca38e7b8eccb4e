// How the kinds of storage.k8s.io/v1 are served.
import { storageV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of storage.k8s.io/v1. */
export function storageResources(): BuiltinResource[] {
  return [...storageV1Kinds].map((definition) => ({ definition }));
}
