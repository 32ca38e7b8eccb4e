// apiregistration.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of apiregistration.k8s.io/v1 kapi serves. */
export const apiregistrationV1Kinds: readonly KindDefinition[] = [];
