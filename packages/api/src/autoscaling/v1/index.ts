// autoscaling/v1: Scale, the body of the scale subresource (no kinds of its own are served here).
export { Scale, ScaleSpec, ScaleStatus, scaleKind } from './scale.ts';
