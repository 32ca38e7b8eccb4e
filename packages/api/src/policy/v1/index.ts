// policy/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of policy/v1 kapi serves. */
export const policyV1Kinds: readonly KindDefinition[] = [];
