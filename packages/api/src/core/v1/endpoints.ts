// Endpoints, as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13),
// and its kind: SetDefaults_Endpoints of pkg/apis/core/v1/defaults.go and ValidateEndpoints(Create,
// Update) of pkg/apis/core/validation/validation.go (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import {
  invalidEach,
  isIPv4,
  isIPv6,
  isValidPortNum,
  notSupported,
  validateCoreObjectMeta,
  validateCoreObjectMetaUpdate,
  validateDNS1123Label,
  validateIP,
  validateQualifiedName,
} from './validation-helpers.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { ObjectReference } from './references.ts';

/** An address of an endpoint. */
export const EndpointAddress = struct({ ...coreV1('EndpointAddress', 'An address of an endpoint.'), mapType: 'atomic' }, {
  ip: field(1, types.string(), { description: 'The IP address.', required: true, default: '' }),
  hostname: field(3, types.string(), { description: 'The hostname of the endpoint.' }),
  nodeName: field(4, types.string(), { description: 'The node hosting the endpoint.', pointer: true }),
  targetRef: field(2, ObjectReference, { description: 'The object backing the endpoint, usually a pod.', pointer: true }),
});
export type EndpointAddress = z.infer<typeof EndpointAddress>;

/** A port of an endpoint. */
export const EndpointPort = struct({ ...coreV1('EndpointPort', 'A port of an endpoint.'), mapType: 'atomic' }, {
  name: field(1, types.string(), { description: "Name of the port, matching the service port's name." }),
  port: field(2, types.int32(), { description: 'The port number.', required: true, default: 0 }),
  protocol: field(3, types.string(), { description: 'TCP (default), UDP or SCTP.' }),
  appProtocol: field(4, types.string(), { description: 'The application protocol, e.g. http.', pointer: true }),
});
export type EndpointPort = z.infer<typeof EndpointPort>;

/** Addresses that share a set of ports. */
export const EndpointSubset = struct(coreV1('EndpointSubset', 'Addresses that share a set of ports.'), {
  addresses: field(1, types.list(EndpointAddress), { description: 'Ready addresses.', listType: 'atomic' }),
  notReadyAddresses: field(2, types.list(EndpointAddress), {
    description: 'Addresses that are not ready yet or failed a readiness check.',
    listType: 'atomic',
  }),
  ports: field(3, types.list(EndpointPort), { description: 'The ports of all the addresses.', listType: 'atomic' }),
});
export type EndpointSubset = z.infer<typeof EndpointSubset>;

/** The addresses and ports that implement a service. */
export const Endpoints = struct(coreV1('Endpoints', 'The addresses and ports that implement a service.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  subsets: field(2, types.list(EndpointSubset), { description: 'Groups of addresses that share the same ports.', listType: 'atomic' }),
});
export type Endpoints = z.infer<typeof Endpoints>;

/** ValidateNonSpecialIP: not unspecified, loopback or link-local. */
export function validateNonSpecialIP(ip: string, path: FieldPath): FieldError[] {
  if (!isIPv4(ip) && !isIPv6(ip)) return [fieldErrors.invalid(path, ip, 'must be a valid IP address')];
  const errs: FieldError[] = [];
  const v4 = isIPv4(ip) ? ip.split('.').map(Number) : undefined;
  const v6 = v4 ? '' : ip.toLowerCase();
  if (v4 ? v4.every((o) => o === 0) : /^(0{0,4}:){1,7}:?0{0,4}$|^::$/.test(v6)) errs.push(fieldErrors.invalid(path, ip, `may not be unspecified (${ip})`));
  if (v4 ? v4[0] === 127 : /^(0{0,4}:){1,7}:?0{0,3}1$|^::1$/.test(v6)) {
    errs.push(fieldErrors.invalid(path, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  }
  if (v4 ? v4[0] === 169 && v4[1] === 254 : /^fe[89ab]/.test(v6)) {
    errs.push(fieldErrors.invalid(path, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  }
  if (v4 ? v4[0] === 224 && v4[1] === 0 && v4[2] === 0 : /^ff02:/.test(v6)) {
    errs.push(fieldErrors.invalid(path, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  }
  return errs;
}

function validateEndpointAddress(a: EndpointAddress, path: FieldPath): FieldError[] {
  const errs = validateIP(path.child('ip'), a.ip ?? '');
  if (a.hostname) errs.push(...validateDNS1123Label(a.hostname, path.child('hostname')));
  if (a.nodeName != null) errs.push(...invalidEach(path.child('nodeName'), a.nodeName, nameIsDNSSubdomain(a.nodeName, false)));
  errs.push(...validateNonSpecialIP(a.ip ?? '', path.child('ip')));
  return errs;
}

function validateEndpointPort(p: EndpointPort, requireName: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = p.name ?? '';
  if (requireName && name === '') errs.push(fieldErrors.required(path.child('name'), ''));
  else if (name !== '') errs.push(...validateDNS1123Label(name, path.child('name')));
  errs.push(...invalidEach(path.child('port'), p.port ?? 0, isValidPortNum(p.port ?? 0)));
  const protocol = p.protocol ?? '';
  if (protocol === '') errs.push(fieldErrors.required(path.child('protocol'), ''));
  else if (!['SCTP', 'TCP', 'UDP'].includes(protocol)) errs.push(notSupported(path.child('protocol'), protocol, ['SCTP', 'TCP', 'UDP']));
  if (p.appProtocol != null) errs.push(...validateQualifiedName(p.appProtocol, path.child('appProtocol')));
  return errs;
}

/** ValidateEndpoints: metadata and subsets. */
function validateEndpoints(ep: Endpoints): FieldError[] {
  const errs = validateCoreObjectMeta(ep.metadata, true, nameIsDNSSubdomain);
  (ep.subsets ?? []).forEach((ss, i) => {
    const p = FieldPath.of('subsets').index(i);
    if ((ss.addresses ?? []).length === 0 && (ss.notReadyAddresses ?? []).length === 0) {
      errs.push(fieldErrors.required(p, 'must specify `addresses` or `notReadyAddresses`'));
    }
    (ss.addresses ?? []).forEach((a, j) => errs.push(...validateEndpointAddress(a, p.child('addresses').index(j))));
    (ss.notReadyAddresses ?? []).forEach((a, j) => errs.push(...validateEndpointAddress(a, p.child('notReadyAddresses').index(j))));
    const ports = ss.ports ?? [];
    ports.forEach((port, j) => errs.push(...validateEndpointPort(port, ports.length > 1, p.child('ports').index(j))));
  });
  return errs;
}

/** endpoints (ep). */
export const endpointsKind = defineKind<Endpoints>({
  group: '',
  version: 'v1',
  kind: 'Endpoints',
  listKind: 'EndpointsList',
  resource: 'endpoints',
  singular: 'endpoints',
  shortNames: ['ep'],
  namespaced: true,
  schema: Endpoints,
  proto: protoMessageOf(Endpoints),
  description: 'The addresses and ports that implement a service.',
  defaults(ep) {
    for (const ss of ep.subsets ?? []) for (const p of ss.ports ?? []) p.protocol ||= 'TCP';
  },
  validate: validateEndpoints,
  validateUpdate: (ep, old) => [...validateCoreObjectMetaUpdate(ep.metadata, old.metadata), ...validateEndpoints(ep)],
});
