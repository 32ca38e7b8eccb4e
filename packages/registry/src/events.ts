// How the kinds of events.k8s.io/v1 are served.
import { eventsV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of events.k8s.io/v1. */
export function eventsResources(): BuiltinResource[] {
  return [...eventsV1Kinds].map((definition) => ({ definition }));
}
