// autoscaling/v1: Scale, the body of the scale subresource.
import type { KindDefinition } from '../../kind.ts';

export { Scale, ScaleSpec, ScaleStatus, scaleKind } from './scale.ts';

/** The kinds of autoscaling/v1 kapi serves. */
export const autoscalingV1Kinds: readonly KindDefinition[] = [];
