// storage.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of storage.k8s.io/v1 kapi serves. */
export const storageV1Kinds: readonly KindDefinition[] = [];
