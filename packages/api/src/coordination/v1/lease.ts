// Behaviour of k8s.io/api coordination/v1 types.go and k8s.io/kubernetes
// pkg/apis/coordination/validation/validation.go ValidateLease(Update) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  isQualifiedName,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { coordinationV1 } from './names.ts';

/** The leader-picking strategies kube defines for coordinated leader election. */
export const coordinatedLeaseStrategies = ['OldestEmulationVersion'] as const;

export const LeaseSpec = struct(coordinationV1('LeaseSpec', 'The desired state of a lease.'), {
  holderIdentity: field(1, types.string(), { description: 'Who holds the lease now.', pointer: true }),
  leaseDurationSeconds: field(2, types.int32(), {
    description: 'How long candidates wait, counted from the last renewTime, before they may take the lease.',
    pointer: true,
  }),
  acquireTime: field(3, types.microTime(), { description: 'When the current holder acquired the lease.', pointer: true }),
  renewTime: field(4, types.microTime(), { description: 'When the current holder last renewed the lease.', pointer: true }),
  leaseTransitions: field(5, types.int32(), { description: 'How many times the lease has changed holders.', pointer: true }),
  strategy: field(6, types.string(), {
    description: 'How coordinated leader election picks the holder; unset means no coordination (CoordinatedLeaderElection).',
    pointer: true,
  }),
  preferredHolder: field(7, types.string(), {
    description: 'A better holder the current one should hand the lease to; needs strategy (CoordinatedLeaderElection).',
    pointer: true,
  }),
});
export type LeaseSpec = z.infer<typeof LeaseSpec>;

export const Lease = struct(coordinationV1('Lease', 'A lease: a named, time-limited claim, used for leader election and node heartbeats.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, LeaseSpec, { description: 'The desired state of the lease.' }),
});
export type Lease = z.infer<typeof Lease>;

/** ValidateCoordinatedLeaseStrategy; upstream reports under `<path>.strategy`, so a Lease's errors read `spec.strategy.strategy`. */
function validateStrategy(strategy: string, path: FieldPath): FieldError[] {
  const at = path.child('strategy');
  if (!strategy.includes('/')) {
    return (coordinatedLeaseStrategies as readonly string[]).includes(strategy) ? [] : [fieldErrors.notSupported(at, strategy, coordinatedLeaseStrategies)];
  }
  return isQualifiedName(strategy).map((msg) => fieldErrors.invalid(at, strategy, msg));
}

function validateLeaseSpec(spec: LeaseSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.leaseDurationSeconds !== undefined && spec.leaseDurationSeconds <= 0) {
    errs.push(fieldErrors.invalid(path.child('leaseDurationSeconds'), spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (spec.leaseTransitions !== undefined && spec.leaseTransitions < 0) {
    errs.push(fieldErrors.invalid(path.child('leaseTransitions'), spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  if (spec.strategy !== undefined) errs.push(...validateStrategy(spec.strategy, path.child('strategy')));
  if (spec.preferredHolder && !spec.strategy) {
    errs.push(fieldErrors.forbidden(path.child('preferredHolder'), 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

export const leaseKind = defineKind<Lease>({
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  resource: 'leases',
  singular: 'lease',
  namespaced: true,
  schema: Lease,
  proto: protoMessageOf(Lease),
  description: 'A time-limited claim, for leader election and heartbeats.',
  validate: (lease) => [
    ...validateObjectMeta(lease.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateLeaseSpec(lease.spec ?? {}, FieldPath.of('spec')),
  ],
  validateUpdate: (lease, old) => [
    ...validateObjectMetaUpdate(lease.metadata ?? {}, old.metadata ?? {}),
    ...validateLeaseSpec(lease.spec ?? {}, FieldPath.of('spec')),
  ],
});
