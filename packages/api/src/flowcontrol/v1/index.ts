// flowcontrol.apiserver.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of flowcontrol.apiserver.k8s.io/v1 kapi serves. */
export const flowcontrolV1Kinds: readonly KindDefinition[] = [];
