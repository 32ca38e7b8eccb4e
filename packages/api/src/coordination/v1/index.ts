// coordination.k8s.io/v1: Lease.
import type { KindDefinition } from '../../kind.ts';
import { leaseKind } from './lease.ts';

export { Lease, LeaseSpec, leaseKind, coordinatedLeaseStrategies } from './lease.ts';

/** The kinds of coordination.k8s.io/v1 kapi serves. */
export const coordinationV1Kinds: readonly KindDefinition[] = [leaseKind as KindDefinition];
