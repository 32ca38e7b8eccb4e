// Behaviour of k8s.io/kubernetes pkg/apis/networking/validation/validation.go (v1.33): Ingress on
// create, update and status update. StrictIPCIDRValidation and RelaxedServiceNameValidation are off
// in v1.33 (backend Service names are DNS-1035 labels).
import {
  FieldPath,
  fieldErrors,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  nameIsDNS1035Label,
  nameIsDNSSubdomain,
  type FieldError,
} from '@kapi/apimachinery';
import type { TypedLocalObjectReference } from '../../core/v1/references.ts';
import { invalidEach, invalidGo, isValidPortName, isValidPortNum, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from '../../core/v1/validation-helpers.ts';
import type { HTTPIngressPath, Ingress, IngressBackend, IngressLoadBalancerStatus, IngressRule, IngressRuleValue, IngressSpec } from './ingress-types.ts';
import { parseIPSloppy, validateIPForLegacyField } from './ip.ts';

/** The annotation Ingresses named their class with before spec.ingressClassName. */
export const ingressClassAnnotation = 'kubernetes.io/ingress.class';

const supportedPathTypes = ['Exact', 'ImplementationSpecific', 'Prefix'];
const invalidPathSequences = ['//', '/./', '/../', '%2f', '%2F'];
const invalidPathSuffixes = ['/..', '/.'];

const wildcardDNS1123SubdomainFmt = '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const wildcardDNS1123SubdomainRe = new RegExp(`^${wildcardDNS1123SubdomainFmt}$`);

/** validation.IsWildcardDNS1123Subdomain. */
export function isWildcardDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > 253) errs.push('must be no more than 253 characters');
  if (!wildcardDNS1123SubdomainRe.test(value)) {
    errs.push(
      "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character " +
        `(e.g. '*.example.com', regex used for validation is '${wildcardDNS1123SubdomainFmt}')`,
    );
  }
  return errs;
}

/** What an update tolerates because the stored Ingress already had it. */
interface IngressValidationOptions {
  allowInvalidSecretName: boolean;
  allowInvalidWildcardHostRule: boolean;
}

const strict: IngressValidationOptions = { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false };

/** validateIngressTypedLocalObjectReference: a resource backend. */
function validateTypedLocalObjectReference(ref: TypedLocalObjectReference, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (ref.apiGroup !== undefined) errs.push(...invalidEach(path.child('apiGroup'), ref.apiGroup, isDNS1123Subdomain(ref.apiGroup)));
  for (const key of ['kind', 'name'] as const) {
    const v = ref[key] ?? '';
    if (v === '') errs.push(fieldErrors.required(path.child(key), `${key} is required`));
    else errs.push(...invalidEach(path.child(key), v, isValidPathSegmentName(v)));
  }
  return errs;
}

/** validateIngressBackend: a Service (a DNS-1035 name and a port name or number) or a resource, not both. */
function validateIngressBackend(backend: IngressBackend, path: FieldPath): FieldError[] {
  const { resource, service } = backend;
  if (resource && service) return [fieldErrors.invalid(path, '', 'cannot set both resource and service backends')];
  if (resource) return validateTypedLocalObjectReference(resource, path.child('resource'));
  if (!service) return [fieldErrors.invalid(path, '', 'resource or service backend is required')];
  const errs: FieldError[] = [];
  const name = service.name ?? '';
  if (name === '') errs.push(fieldErrors.required(path.child('service', 'name'), ''));
  else errs.push(...invalidEach(path.child('service', 'name'), name, nameIsDNS1035Label(name, false)));
  const portName = service.port?.name ?? '';
  const portNumber = service.port?.number ?? 0;
  if (portName !== '' && portNumber !== 0) errs.push(fieldErrors.invalid(path, '', 'cannot set both port name & port number'));
  else if (portName !== '') errs.push(...invalidEach(path.child('service', 'port', 'name'), portName, isValidPortName(portName)));
  else if (portNumber !== 0) errs.push(...invalidEach(path.child('service', 'port', 'number'), portNumber, isValidPortNum(portNumber)));
  else errs.push(fieldErrors.required(path, 'port name or number is required'));
  return errs;
}

/** validateHTTPIngressPath: a pathType, a path that suits it, and a backend. */
function validateHTTPIngressPath(p: HTTPIngressPath, path: FieldPath): FieldError[] {
  if (p.pathType === undefined || p.pathType === null) return [fieldErrors.required(path.child('pathType'), 'pathType must be specified')];
  const errs: FieldError[] = [];
  const text = p.path ?? '';
  const at = path.child('path');
  switch (p.pathType) {
    case 'Exact':
    case 'Prefix':
      if (!text.startsWith('/')) errs.push(fieldErrors.invalid(at, text, 'must be an absolute path'));
      if (text.length > 0) {
        for (const seq of invalidPathSequences) if (text.includes(seq)) errs.push(fieldErrors.invalid(at, text, `must not contain '${seq}'`));
        for (const suffix of invalidPathSuffixes) if (text.endsWith(suffix)) errs.push(fieldErrors.invalid(at, text, `cannot end with '${suffix}'`));
      }
      break;
    case 'ImplementationSpecific':
      if (text.length > 0 && !text.startsWith('/')) errs.push(fieldErrors.invalid(at, text, 'must be an absolute path'));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child('pathType'), p.pathType, supportedPathTypes));
  }
  errs.push(...validateIngressBackend(p.backend ?? {}, path.child('backend')));
  return errs;
}

/** validateIngressRuleValue: the HTTP paths of a rule, at least one. */
function validateIngressRuleValue(rule: IngressRuleValue, path: FieldPath): FieldError[] {
  if (!rule.http) return [];
  const http = path.child('http');
  const paths = rule.http.paths ?? [];
  const errs: FieldError[] = paths.length === 0 ? [fieldErrors.required(http.child('paths'), '')] : [];
  paths.forEach((p, i) => errs.push(...validateHTTPIngressPath(p, http.child('paths').index(i))));
  return errs;
}

/** validateIngressRules: hosts are DNS names (or wildcards), never IPs. */
function validateIngressRules(rules: readonly IngressRule[], path: FieldPath, opts: IngressValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((rule, i) => {
    const at = path.index(i);
    const host = rule.host ?? '';
    let wildcard = false;
    if (host !== '') {
      if (parseIPSloppy(host)) errs.push(fieldErrors.invalid(at.child('host'), host, 'must be a DNS name, not an IP address'));
      if (host.includes('*')) {
        errs.push(...invalidEach(at.child('host'), host, isWildcardDNS1123Subdomain(host)));
        wildcard = true;
      } else errs.push(...invalidEach(at.child('host'), host, isDNS1123Subdomain(host)));
    }
    if (!wildcard || !opts.allowInvalidWildcardHostRule) errs.push(...validateIngressRuleValue(rule, at));
  });
  return errs;
}

/** validateTLSSecretName: empty, or a Secret name. */
function tlsSecretNameErrors(name: string): string[] {
  return name === '' ? [] : nameIsDNSSubdomain(name, false);
}

/** ValidateIngressSpec. */
export function validateIngressSpec(spec: IngressSpec, path: FieldPath, opts: IngressValidationOptions = strict): FieldError[] {
  const errs: FieldError[] = [];
  const rules = spec.rules ?? [];
  if (rules.length === 0 && !spec.defaultBackend) {
    // kube prints the (empty) rules slice with %#v.
    errs.push(invalidGo(path, spec.rules === undefined ? '[]networking.IngressRule(nil)' : '[]networking.IngressRule{}', 'either `defaultBackend` or `rules` must be specified'));
  }
  if (spec.defaultBackend) errs.push(...validateIngressBackend(spec.defaultBackend, path.child('defaultBackend')));
  if (rules.length > 0) errs.push(...validateIngressRules(rules, path.child('rules'), opts));
  (spec.tls ?? []).forEach((tls, i) => {
    const at = path.child('tls').index(i);
    (tls.hosts ?? []).forEach((host, j) => {
      const check = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
      errs.push(...invalidEach(at.child('hosts').index(j), host, check));
    });
    if (!opts.allowInvalidSecretName) errs.push(...invalidEach(at.child('secretName'), tls.secretName ?? '', tlsSecretNameErrors(tls.secretName ?? '')));
  });
  if (spec.ingressClassName !== undefined && spec.ingressClassName !== null) {
    errs.push(...invalidEach(path.child('ingressClassName'), spec.ingressClassName, nameIsDNSSubdomain(spec.ingressClassName, false)));
  }
  return errs;
}

function validateIngress(ing: Ingress, opts: IngressValidationOptions): FieldError[] {
  return [...validateCoreObjectMeta(ing.metadata, true, nameIsDNSSubdomain), ...validateIngressSpec(ing.spec ?? {}, FieldPath.of('spec'), opts)];
}

/** ValidateIngressCreate: the Ingress, and a class annotation that agrees with spec.ingressClassName. */
export function validateIngressCreate(ing: Ingress): FieldError[] {
  const errs = validateIngress(ing, strict);
  const annotation = ing.metadata?.annotations?.[ingressClassAnnotation];
  const className = ing.spec?.ingressClassName;
  if (annotation !== undefined && className !== undefined && className !== null && annotation !== className) {
    errs.push(fieldErrors.invalid(FieldPath.of('annotations').child(ingressClassAnnotation), annotation, 'must match `ingressClassName` when both are specified'));
  }
  return errs;
}

/** ValidateIngressUpdate: metadata, then the Ingress, tolerating bad secret names and wildcard rules the stored one had. */
export function validateIngressUpdate(ing: Ingress, old: Ingress): FieldError[] {
  const oldSpec = old.spec ?? {};
  const opts: IngressValidationOptions = {
    allowInvalidSecretName: (oldSpec.tls ?? []).some((tls) => tlsSecretNameErrors(tls.secretName ?? '').length > 0),
    allowInvalidWildcardHostRule: (oldSpec.rules ?? []).some(
      (rule) => (rule.host ?? '').includes('*') && validateIngressRuleValue(rule, FieldPath.of('')).length > 0,
    ),
  };
  return [...validateCoreObjectMetaUpdate(ing.metadata, old.metadata), ...validateIngress(ing, opts)];
}

/** ValidateIngressLoadBalancerStatus: IPs (those already stored are kept) and DNS hostnames. */
export function validateIngressLoadBalancerStatus(status: IngressLoadBalancerStatus, old: IngressLoadBalancerStatus | undefined, path: FieldPath): FieldError[] {
  const existing = (old?.ingress ?? []).map((i) => i.ip ?? '').filter((ip) => ip !== '');
  const errs: FieldError[] = [];
  (status.ingress ?? []).forEach((ing, i) => {
    const at = path.child('ingress').index(i);
    const ip = ing.ip ?? '';
    if (ip !== '') errs.push(...validateIPForLegacyField(at.child('ip'), ip, existing));
    const hostname = ing.hostname ?? '';
    if (hostname !== '') {
      errs.push(...invalidEach(at.child('hostname'), hostname, isDNS1123Subdomain(hostname)));
      if (parseIPSloppy(hostname)) errs.push(fieldErrors.invalid(at.child('hostname'), hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errs;
}

/** ValidateIngressStatusUpdate: metadata and the load balancer status. */
export function validateIngressStatusUpdate(ing: Ingress, old: Ingress): FieldError[] {
  return [
    ...validateCoreObjectMetaUpdate(ing.metadata, old.metadata),
    ...validateIngressLoadBalancerStatus(ing.status?.loadBalancer ?? {}, old.status?.loadBalancer, FieldPath.of('status', 'loadBalancer')),
  ];
}
