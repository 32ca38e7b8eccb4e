// How the kinds of autoscaling/v1 and v2 are served.
import { autoscalingV1Kinds, autoscalingV2Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';

/** The resources of autoscaling/v1 and v2. */
export function autoscalingResources(): BuiltinResource[] {
  return [...autoscalingV1Kinds, ...autoscalingV2Kinds].map((definition) => ({ definition }));
}
