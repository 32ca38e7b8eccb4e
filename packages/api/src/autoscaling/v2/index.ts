// autoscaling/v2.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of autoscaling/v2 kapi serves. */
export const autoscalingV2Kinds: readonly KindDefinition[] = [];
