// Behaviour of k8s.io/kubernetes pkg/apis/networking/validation/validation.go (v1.33): ServiceCIDR
// and IPAddress.
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  nameIsDNSSubdomain,
  quote,
  type FieldError,
} from '@kapi/apimachinery';
import { invalidEach, invalidGo, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from '../../core/v1/validation-helpers.ts';
import { ipFamilyOfCIDR, validateCIDR, validateIP } from './ip.ts';
import type { IPAddress, ParentReference, ServiceCIDR, ServiceCIDRSpec } from './service-cidr-types.ts';

/** Go's %#v of a []string. */
function goStrings(list: readonly string[] | undefined): string {
  return list === undefined ? '[]string(nil)' : `[]string{${list.map(quote).join(', ')}}`;
}

/** validateServiceCIDRSpec: one or two canonical CIDRs, of different families. */
function validateServiceCIDRSpec(spec: ServiceCIDRSpec, path: FieldPath): FieldError[] {
  const cidrs = spec.cidrs ?? [];
  if (cidrs.length === 0) return [fieldErrors.required(path, 'at least one CIDR required')];
  if (cidrs.length > 2) return [invalidGo(path, `networking.ServiceCIDRSpec{CIDRs:${goStrings(spec.cidrs)}}`, 'may only hold up to 2 values')];
  const errs: FieldError[] = [];
  cidrs.forEach((c, i) => errs.push(...validateCIDR(path.index(i), c)));
  if (cidrs.length === 2) {
    const family = ipFamilyOfCIDR(cidrs[0]!);
    if (family !== '' && family === ipFamilyOfCIDR(cidrs[1]!)) {
      errs.push(invalidGo(path, goStrings(cidrs), 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64'));
    }
  }
  return errs;
}

/** ValidateServiceCIDR: a DNS-subdomain name and valid CIDRs. */
export function validateServiceCIDR(sc: ServiceCIDR): FieldError[] {
  return [...validateCoreObjectMeta(sc.metadata, false, nameIsDNSSubdomain), ...validateServiceCIDRSpec(sc.spec ?? {}, FieldPath.of('spec', 'cidrs'))];
}

/**
 * The strategy's ValidateUpdate (ValidateServiceCIDRUpdate): metadata, and CIDRs that are immutable,
 * except that a single-stack ServiceCIDR may gain a second CIDR and become dual-stack
 * (kubernetes/kubernetes#131261), which is then validated as on create.
 */
export function validateServiceCIDRUpdate(sc: ServiceCIDR, old: ServiceCIDR): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(sc.metadata, old.metadata);
  const next = sc.spec?.cidrs ?? [];
  const prev = old.spec?.cidrs ?? [];
  const at = FieldPath.of('spec', 'cidrs');
  if (next.length === prev.length) {
    prev.forEach((c, i) => {
      if (c !== next[i]) errs.push(fieldErrors.invalid(at.index(i), next[i], fieldImmutableErrorMsg));
    });
  } else if (prev.length === 1 && next.length === 2) {
    if (next[0] !== prev[0]) errs.push(fieldErrors.invalid(at.index(0), next[0], fieldImmutableErrorMsg));
    errs.push(...validateServiceCIDRSpec(sc.spec ?? {}, at));
  } else {
    errs.push(invalidGo(at, goStrings(sc.spec?.cidrs), fieldImmutableErrorMsg));
  }
  return errs;
}

/** ValidateServiceCIDRStatusUpdate: metadata only. */
export function validateServiceCIDRStatusUpdate(sc: ServiceCIDR, old: ServiceCIDR): FieldError[] {
  return validateCoreObjectMetaUpdate(sc.metadata, old.metadata);
}

/** ValidateIPAddressName: the name is an IP address in canonical form. */
export function ipAddressNameErrors(name: string): string[] {
  return validateIP(FieldPath.of(''), name).map((e) => e.detail);
}

/** validateIPAddressParentReference: a parent with a resource and a name. */
function validateParentReference(ref: ParentReference | undefined | null, path: FieldPath): FieldError[] {
  if (!ref) return [fieldErrors.required(path.child('parentRef'), '')];
  const at = path.child('parentRef');
  const errs: FieldError[] = [];
  // The core group of Services is the empty string, so a group cannot be required.
  if (ref.group) errs.push(...invalidEach(at.child('group'), ref.group, isDNS1123Subdomain(ref.group)));
  for (const key of ['resource', 'name'] as const) {
    const v = ref[key] ?? '';
    if (v === '') errs.push(fieldErrors.required(at.child(key), ''));
    else errs.push(...invalidEach(at.child(key), v, isValidPathSegmentName(v)));
  }
  if (ref.namespace) errs.push(...invalidEach(at.child('namespace'), ref.namespace, isValidPathSegmentName(ref.namespace)));
  return errs;
}

/** ValidateIPAddress. */
export function validateIPAddress(ip: IPAddress): FieldError[] {
  return [
    ...validateCoreObjectMeta(ip.metadata, false, (name) => ipAddressNameErrors(name)),
    ...validateParentReference(ip.spec?.parentRef, FieldPath.of('spec')),
  ];
}

/** Go's %#v of the networking.ParentReference a non-nil pointer holds. */
function goParentRef(ref: ParentReference): string {
  return `networking.ParentReference{Group:${quote(ref.group ?? '')}, Resource:${quote(ref.resource ?? '')}, Namespace:${quote(ref.namespace ?? '')}, Name:${quote(ref.name ?? '')}}`;
}

const sameParent = (a: ParentReference | undefined, b: ParentReference | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : (['group', 'resource', 'namespace', 'name'] as const).every((k) => (a[k] ?? '') === (b[k] ?? ''));

/** The strategy's ValidateUpdate: ValidateIPAddress, then metadata and an immutable parentRef. */
export function validateIPAddressUpdate(ip: IPAddress, old: IPAddress): FieldError[] {
  const errs = [...validateIPAddress(ip), ...validateCoreObjectMetaUpdate(ip.metadata, old.metadata)];
  const next = ip.spec?.parentRef ?? undefined;
  const prev = old.spec?.parentRef ?? undefined;
  if (!sameParent(next, prev)) {
    const at = FieldPath.of('spec', 'parentRef');
    errs.push(next ? invalidGo(at, goParentRef(next), fieldImmutableErrorMsg) : fieldErrors.invalid(at, null, fieldImmutableErrorMsg));
  }
  return errs;
}
