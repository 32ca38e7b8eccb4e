// admissionregistration.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of admissionregistration.k8s.io/v1 kapi serves. */
export const admissionregistrationV1Kinds: readonly KindDefinition[] = [];
