// node.k8s.io/v1: RuntimeClass.
import type { KindDefinition } from '../../kind.ts';
import { runtimeClassKind } from './runtimeclass.ts';

export { Overhead, RuntimeClass, Scheduling, nodeGroupName, runtimeClassKind, validateRuntimeClass, validateRuntimeClassUpdate } from './runtimeclass.ts';

/** The kinds of node.k8s.io/v1 kapi serves. */
export const nodeV1Kinds: readonly KindDefinition[] = [runtimeClassKind as KindDefinition];
