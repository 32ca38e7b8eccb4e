// authorization.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of authorization.k8s.io/v1 kapi serves. */
export const authorizationV1Kinds: readonly KindDefinition[] = [];
