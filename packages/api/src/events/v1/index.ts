// events.k8s.io/v1.
import type { KindDefinition } from '../../kind.ts';

/** The kinds of events.k8s.io/v1 kapi serves. */
export const eventsV1Kinds: readonly KindDefinition[] = [];
