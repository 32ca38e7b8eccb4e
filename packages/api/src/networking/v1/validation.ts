// Behaviour of k8s.io/kubernetes pkg/apis/networking/validation/validation.go and
// pkg/apis/networking/v1/defaults.go (v1.33): NetworkPolicy and IngressClass defaults and rules.
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  quote,
  type FieldError,
} from '@kapi/apimachinery';
import { validateDomainPrefixedPath } from '../../batch/v1/job-validation.ts';
import { isIPv4, isIPv6, isValidPortName, isValidPortNum, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from '../../core/v1/validation-helpers.ts';
import { invalidGo, validateLabelSelector } from '../../workloads/validation.ts';
import type { IPBlock, IngressClass, IngressClassParametersReference, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from './types.ts';

// --- Defaults --------------------------------------------------------------------------------

/** SetDefaults_NetworkPolicyPort and SetDefaults_NetworkPolicy: TCP ports; Ingress, plus Egress when there are egress rules. */
export function defaultNetworkPolicy(np: NetworkPolicy): void {
  const spec = (np.spec ??= {});
  for (const rule of [...(spec.ingress ?? []), ...(spec.egress ?? [])]) for (const port of rule.ports ?? []) port.protocol ??= 'TCP';
  if ((spec.policyTypes ?? []).length === 0) {
    const types = ['Ingress'];
    if ((spec.egress ?? []).length > 0) types.push('Egress');
    spec.policyTypes = types;
  }
}

/** SetDefaults_IngressClass: a parameters reference is cluster-scoped unless it says otherwise. */
export function defaultIngressClass(ic: IngressClass): void {
  const params = ic.spec?.parameters;
  if (params && params.scope === undefined) params.scope = 'Cluster';
}

// --- NetworkPolicy ---------------------------------------------------------------------------

/** A parsed CIDR: the masked network address, its family's width and the prefix length. */
interface Cidr {
  bits: 32 | 128;
  prefix: number;
  ip: bigint;
}

function ipv4Bits(s: string): bigint {
  return s.split('.').reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function ipv6Bits(s: string): bigint {
  let text = s;
  const lastColon = text.lastIndexOf(':');
  let tail: bigint | undefined;
  if (text.slice(lastColon + 1).includes('.')) {
    tail = ipv4Bits(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (h: string | undefined) => (h ? h.split(':') : []);
  const a = groups(head);
  const b = groups(rest);
  const all = rest === undefined ? a : [...a, ...Array<string>(8 - a.length - b.length).fill('0'), ...b];
  let v = all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
  if (tail !== undefined) v = (v & ~0xffffffffn) | tail;
  return v;
}

/** netutils.ParseCIDRSloppy: undefined unless `s` is an address, a slash and a prefix length. */
function parseCidr(s: string): Cidr | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const ip = s.slice(0, slash);
  const bitsText = s.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(bitsText)) return undefined;
  const prefix = Number(bitsText);
  let cidr: Omit<Cidr, 'ip'> & { raw: bigint };
  if (isIPv4(ip) && prefix <= 32) cidr = { bits: 32, prefix, raw: ipv4Bits(ip) };
  else if (!ip.includes('.') || ip.includes(':')) {
    if (!isIPv6(ip) || prefix > 128) return undefined;
    cidr = { bits: 128, prefix, raw: ipv6Bits(ip) };
  } else return undefined;
  const host = BigInt(cidr.bits - prefix);
  return { bits: cidr.bits, prefix, ip: (cidr.raw >> host) << host };
}

const cidrMsg = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** ValidateIPBlock (StrictIPCIDRValidation off, as in v1.33): CIDRs that parse, and excepts strictly inside cidr. */
export function validateIPBlock(ipb: IPBlock, path: FieldPath): FieldError[] {
  const cidrText = ipb.cidr ?? '';
  if (cidrText === '') return [fieldErrors.required(path.child('cidr'), '')];
  const cidr = parseCidr(cidrText);
  if (!cidr) return [fieldErrors.invalid(path.child('cidr'), cidrText, cidrMsg)];
  const errs: FieldError[] = [];
  (ipb.except ?? []).forEach((text, i) => {
    const at = path.child('except').index(i);
    const except = parseCidr(text);
    if (!except) {
      errs.push(fieldErrors.invalid(at, text, cidrMsg));
      return;
    }
    const host = BigInt(cidr.bits - cidr.prefix);
    const contains = except.bits === cidr.bits && except.ip >> host === cidr.ip >> host;
    if (!contains || cidr.prefix >= except.prefix) errs.push(fieldErrors.invalid(at, text, 'must be a strict subset of `cidr`'));
  });
  return errs;
}

/** ValidateNetworkPolicyPort. */
export function validateNetworkPolicyPort(port: NetworkPolicyPort, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (port.protocol !== undefined && !['TCP', 'UDP', 'SCTP'].includes(port.protocol)) {
    errs.push(fieldErrors.notSupported(path.child('protocol'), port.protocol, ['TCP', 'UDP', 'SCTP']));
  }
  const end = port.endPort;
  if (port.port !== undefined) {
    if (typeof port.port === 'number') {
      for (const msg of isValidPortNum(port.port)) errs.push(fieldErrors.invalid(path.child('port'), port.port, msg));
      if (end !== undefined) {
        if (end < port.port) errs.push(fieldErrors.invalid(path.child('endPort'), end, 'must be greater than or equal to `port`'));
        for (const msg of isValidPortNum(end)) errs.push(fieldErrors.invalid(path.child('endPort'), end, msg));
      }
    } else {
      if (end !== undefined) errs.push(fieldErrors.invalid(path.child('endPort'), end, 'may not be specified when `port` is non-numeric'));
      for (const msg of isValidPortName(port.port)) errs.push(fieldErrors.invalid(path.child('port'), port.port, msg));
    }
  } else if (end !== undefined) {
    errs.push(fieldErrors.invalid(path.child('endPort'), end, 'may not be specified when `port` is not specified'));
  }
  return errs;
}

/** ValidateNetworkPolicyPeer: exactly one kind of peer, or pod and namespace selectors together. */
export function validateNetworkPolicyPeer(peer: NetworkPolicyPeer, path: FieldPath, allowInvalidLabelValue = false): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  if (peer.podSelector !== undefined) {
    n++;
    errs.push(...validateLabelSelector(peer.podSelector, path.child('podSelector'), allowInvalidLabelValue));
  }
  if (peer.namespaceSelector !== undefined) {
    n++;
    errs.push(...validateLabelSelector(peer.namespaceSelector, path.child('namespaceSelector'), allowInvalidLabelValue));
  }
  if (peer.ipBlock !== undefined) {
    n++;
    errs.push(...validateIPBlock(peer.ipBlock, path.child('ipBlock')));
  }
  if (n === 0) errs.push(fieldErrors.required(path, 'must specify a peer'));
  else if (n > 1 && peer.ipBlock !== undefined) errs.push(fieldErrors.forbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

/** ValidateNetworkPolicySpec. */
export function validateNetworkPolicySpec(spec: NetworkPolicySpec, path: FieldPath, allowInvalidLabelValue = false): FieldError[] {
  const errs = validateLabelSelector(spec.podSelector ?? {}, path.child('podSelector'), allowInvalidLabelValue);
  (spec.ingress ?? []).forEach((rule, i) => {
    const at = path.child('ingress').index(i);
    (rule.ports ?? []).forEach((p, j) => errs.push(...validateNetworkPolicyPort(p, at.child('ports').index(j))));
    (rule.from ?? []).forEach((p, j) => errs.push(...validateNetworkPolicyPeer(p, at.child('from').index(j), allowInvalidLabelValue)));
  });
  (spec.egress ?? []).forEach((rule, i) => {
    const at = path.child('egress').index(i);
    (rule.ports ?? []).forEach((p, j) => errs.push(...validateNetworkPolicyPort(p, at.child('ports').index(j))));
    (rule.to ?? []).forEach((p, j) => errs.push(...validateNetworkPolicyPeer(p, at.child('to').index(j), allowInvalidLabelValue)));
  });
  const types = spec.policyTypes ?? [];
  if (types.length > 2) {
    // kube passes &spec.PolicyTypes; the error prints the slice it points to with %#v.
    errs.push(invalidGo(path.child('policyTypes'), `[]networking.PolicyType{${types.map(quote).join(', ')}}`, 'may not specify more than two policyTypes'));
    return errs;
  }
  types.forEach((t, i) => {
    if (t !== 'Ingress' && t !== 'Egress') errs.push(fieldErrors.notSupported(path.child('policyTypes').index(i), t, ['Ingress', 'Egress']));
  });
  return errs;
}

/** ValidateNetworkPolicy. */
export function validateNetworkPolicy(np: NetworkPolicy, allowInvalidLabelValue = false): FieldError[] {
  return [
    ...validateCoreObjectMeta(np.metadata, true, nameIsDNSSubdomain),
    ...validateNetworkPolicySpec(np.spec ?? {}, FieldPath.of('spec'), allowInvalidLabelValue),
  ];
}

/**
 * The strategy's ValidateUpdate: ValidateNetworkPolicy, then ValidateNetworkPolicyUpdate (metadata
 * and the spec again), both tolerating bad label values when the old podSelector had them.
 */
export function validateNetworkPolicyUpdate(np: NetworkPolicy, old: NetworkPolicy): FieldError[] {
  const allow = validateLabelSelector(old.spec?.podSelector ?? {}, FieldPath.of('')).length > 0;
  return [
    ...validateNetworkPolicy(np, allow),
    ...validateCoreObjectMetaUpdate(np.metadata, old.metadata),
    ...validateNetworkPolicySpec(np.spec ?? {}, FieldPath.of('spec'), allow),
  ];
}

// --- IngressClass ----------------------------------------------------------------------------

/** validateIngressClassParametersReference. */
export function validateIngressClassParametersReference(params: IngressClassParametersReference | undefined, path: FieldPath): FieldError[] {
  if (params === undefined) return [];
  const errs: FieldError[] = [];
  if (params.apiGroup !== undefined) for (const msg of isDNS1123Subdomain(params.apiGroup)) errs.push(fieldErrors.invalid(path.child('apiGroup'), params.apiGroup, msg));
  for (const key of ['kind', 'name'] as const) {
    const v = params[key] ?? '';
    if (v === '') errs.push(fieldErrors.required(path.child(key), `${key} is required`));
    else for (const msg of isValidPathSegmentName(v)) errs.push(fieldErrors.invalid(path.child(key), v, msg));
  }
  if (params.scope === undefined) {
    errs.push(fieldErrors.required(path.child('scope'), ''));
    return errs;
  }
  const scope = params.scope;
  if (scope !== 'Cluster' && scope !== 'Namespace') {
    errs.push(fieldErrors.notSupported(path.child('scope'), scope, ['Cluster', 'Namespace']));
    return errs;
  }
  if (scope === 'Namespace') {
    if (params.namespace === undefined) errs.push(fieldErrors.required(path.child('namespace'), "`parameters.scope` is set to 'Namespace'"));
    else for (const msg of nameIsDNSLabel(params.namespace, false)) errs.push(fieldErrors.invalid(path.child('namespace'), params.namespace, msg));
  }
  if (scope === 'Cluster' && params.namespace !== undefined) errs.push(fieldErrors.forbidden(path.child('namespace'), "`parameters.scope` is set to 'Cluster'"));
  return errs;
}

/** ValidateIngressClass: a DNS-subdomain name, a domain-prefixed controller of at most 250 bytes, valid parameters. */
export function validateIngressClass(ic: IngressClass): FieldError[] {
  const errs = validateCoreObjectMeta(ic.metadata, false, nameIsDNSSubdomain);
  const spec = ic.spec ?? {};
  const controller = spec.controller ?? '';
  const at = FieldPath.of('spec', 'controller');
  if (Buffer.byteLength(controller) > 250) errs.push(fieldErrors.tooLong(at, controller, 250));
  errs.push(...validateDomainPrefixedPath(at, controller));
  errs.push(...validateIngressClassParametersReference(spec.parameters, FieldPath.of('spec', 'parameters')));
  return errs;
}

/** ValidateIngressClassUpdate: metadata, an immutable controller, then the create rules. */
export function validateIngressClassUpdate(ic: IngressClass, old: IngressClass): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(ic.metadata, old.metadata);
  const controller = ic.spec?.controller ?? '';
  if (controller !== (old.spec?.controller ?? '')) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'controller'), controller, fieldImmutableErrorMsg));
  errs.push(...validateIngressClass(ic));
  return errs;
}
