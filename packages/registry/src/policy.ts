// How the kinds of policy/v1 are served.
import { policyV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of policy/v1. */
export function policyResources(): BuiltinResource[] {
  return [...policyV1Kinds].map((definition) => ({ definition }));
}
