// node.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of node.k8s.io/v1 kapi serves. */
export const nodeV1Kinds: readonly KindDefinition[] = [];
