// discovery.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of discovery.k8s.io/v1 kapi serves. */
export const discoveryV1Kinds: readonly KindDefinition[] = [];
