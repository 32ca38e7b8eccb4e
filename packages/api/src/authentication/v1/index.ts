// authentication.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of authentication.k8s.io/v1 kapi serves. */
export const authenticationV1Kinds: readonly KindDefinition[] = [];
