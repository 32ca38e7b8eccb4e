// Node and NodeSpec, as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13), and
// the Node kind: SetDefaults_NodeStatus of pkg/apis/core/v1/defaults.go and ValidateNode(Update) of
// pkg/apis/core/validation/validation.go (v1.33). Not ported yet: resource quantity checks, the
// taints and avoid-pods annotations.
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  isValidLabelValue,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateLabelName,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { NodeConfigSource, NodeStatus } from './node-status.ts';
import { duplicateGo, isIPv4, isIPv6, notSupported, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from './validation-helpers.ts';

/** A mark on a node that repels pods not tolerating it. */
export const Taint = struct(coreV1('Taint', 'A mark on a node that repels pods not tolerating it.'), {
  key: field(1, types.string(), { description: 'The taint key.', required: true, default: '' }),
  value: field(2, types.string(), { description: 'The taint value.' }),
  effect: field(3, types.string(), { description: 'NoSchedule, PreferNoSchedule or NoExecute.', required: true, default: '' }),
  timeAdded: field(4, types.time(), { description: 'When a NoExecute taint was added.', pointer: true }),
});
export type Taint = z.infer<typeof Taint>;

/** The desired configuration of a node. */
export const NodeSpec = struct(coreV1('NodeSpec', 'The desired configuration of a node.'), {
  podCIDR: field(1, types.string(), { description: 'The pod IP range of the node.' }),
  podCIDRs: field(7, types.list(types.string()), {
    description: 'The pod IP ranges of the node, at most one per family.',
    patchStrategy: 'merge',
    listType: 'set',
  }),
  providerID: field(3, types.string(), { description: "The cloud provider's ID of the node: <provider>://<id>." }),
  unschedulable: field(4, types.bool(), { description: 'Keep new pods off the node.' }),
  taints: field(5, types.list(Taint), { description: 'Taints that repel pods without matching tolerations.', listType: 'atomic' }),
  configSource: field(6, NodeConfigSource, { description: 'Deprecated and ignored.', pointer: true }),
  externalID: field(2, types.string(), { description: 'Deprecated and ignored.' }),
});
export type NodeSpec = z.infer<typeof NodeSpec>;

/** A worker machine of the cluster, with its capacity and state. */
export const Node = struct(coreV1('Node', 'A worker machine of the cluster, with its capacity and state.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, NodeSpec, { description: 'The desired configuration of the node.' }),
  status: field(3, NodeStatus, { description: 'The most recently observed state of the node. Read-only.' }),
});
export type Node = z.infer<typeof Node>;

/** Whether `s` is a CIDR as Go's net.ParseCIDR reads it. */
function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  if (isIPv4(ip)) return Number(bits) <= 32;
  return isIPv6(ip) && Number(bits) <= 128;
}

/** validateNodeTaints: valid keys, values and effects, unique by key and effect. */
function validateNodeTaints(taints: readonly Taint[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  taints.forEach((t, i) => {
    const p = path.index(i);
    const key = t.key ?? '';
    const value = t.value ?? '';
    const effect = t.effect ?? '';
    errs.push(...validateLabelName(key, p.child('key')));
    const msgs = isValidLabelValue(value);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(p.child('value'), value, msgs.join(';')));
    if (effect === '') errs.push(fieldErrors.required(p.child('effect'), ''));
    else if (!['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(effect)) {
      errs.push(notSupported(p.child('effect'), effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    }
    const k = `${effect}\u0000${key}`;
    if (seen.has(k)) {
      const added = t.timeAdded ? '&v1.Time{...}' : '(*v1.Time)(nil)';
      errs.push({
        ...duplicateGo(p, `core.Taint{Key:${JSON.stringify(key)}, Value:${JSON.stringify(value)}, Effect:${JSON.stringify(effect)}, TimeAdded:${added}}`),
        detail: 'taints must be unique by key and effect pair',
      });
      return;
    }
    seen.add(k);
  });
  return errs;
}

/** ValidateNode */
function validateNode(node: Node): FieldError[] {
  const errs = validateCoreObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  // Upstream reports the spec's taints under metadata.
  errs.push(...validateNodeTaints(node.spec?.taints ?? [], FieldPath.of('metadata', 'taints')));
  const cidrs = node.spec?.podCIDRs ?? [];
  const cidrPath = FieldPath.of('spec', 'podCIDRs');
  cidrs.forEach((c, i) => {
    if (!isCIDR(c)) errs.push(fieldErrors.invalid(cidrPath.index(i), c, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'));
  });
  if (cidrs.length > 1) {
    const families = new Set(cidrs.map((c) => (c.includes(':') ? 6 : 4)));
    if (families.size !== 2 || cidrs.length > 2) errs.push(fieldErrors.invalid(cidrPath, cidrs, 'may specify no more than one CIDR for each IP family'));
    const seen = new Set<string>();
    cidrs.forEach((c, i) => {
      if (seen.has(c)) errs.push(fieldErrors.duplicate(cidrPath.index(i), c));
      seen.add(c);
    });
  }
  return errs;
}

/** ValidateNodeUpdate: addresses, pod CIDRs, provider ID, taints, external ID (not the config source). */
function validateNodeUpdate(node: Node, old: Node): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(node.metadata, old.metadata);
  const seen = new Set<string>();
  (node.status?.addresses ?? []).forEach((a, i) => {
    const key = `${a.type ?? ''}\u0000${a.address ?? ''}`;
    if (seen.has(key)) {
      errs.push(duplicateGo(FieldPath.of('status', 'addresses').index(i), `core.NodeAddress{Type:${JSON.stringify(a.type ?? '')}, Address:${JSON.stringify(a.address ?? '')}}`));
    }
    seen.add(key);
  });
  const oldCIDRs = old.spec?.podCIDRs ?? [];
  const cidrs = node.spec?.podCIDRs ?? [];
  const cidrMsg = 'node updates may not change podCIDR except from "" to valid';
  if (oldCIDRs.length > 0) {
    if (oldCIDRs.length !== cidrs.length) errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'podCIDRs'), cidrMsg));
    else oldCIDRs.forEach((c, i) => c !== cidrs[i] && errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'podCIDRs'), cidrMsg)));
  }
  const oldProvider = old.spec?.providerID ?? '';
  if (oldProvider !== '' && oldProvider !== (node.spec?.providerID ?? '')) {
    errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'providerID'), 'node updates may not change providerID except from "" to valid'));
  }
  errs.push(...validateNodeTaints(node.spec?.taints ?? [], FieldPath.of('metadata', 'taints')));
  if ((node.spec?.externalID ?? '') !== (old.spec?.externalID ?? '')) errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'externalID'), 'may not be updated'));
  return errs;
}

/** nodes (no), cluster-scoped. */
export const nodeKind = defineKind<Node>({
  group: '',
  version: 'v1',
  kind: 'Node',
  resource: 'nodes',
  singular: 'node',
  shortNames: ['no'],
  namespaced: false,
  schema: Node,
  proto: protoMessageOf(Node),
  description: 'A worker machine of the cluster, with its capacity and state.',
  defaults(node) {
    const status = node.status;
    if (status && status.allocatable == null && status.capacity != null) status.allocatable = { ...status.capacity };
  },
  validate: validateNode,
  validateUpdate: validateNodeUpdate,
});
