// certificates.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of certificates.k8s.io/v1 kapi serves. */
export const certificatesV1Kinds: readonly KindDefinition[] = [];
