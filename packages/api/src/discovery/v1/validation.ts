// Behaviour of k8s.io/kubernetes pkg/apis/discovery/v1/defaults.go and
// pkg/apis/discovery/validation/validation.go (v1.33): EndpointSlice defaults and rules.
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Label,
  isDNS1123Subdomain,
  isValidLabelValue,
  nameIsDNSSubdomain,
  validateLabels,
  type FieldError,
} from '@kapi/apimachinery';
import {
  invalidEach,
  notSupported,
  validateCoreObjectMeta,
  validateCoreObjectMetaUpdate,
  validateDNS1123Label,
  validateQualifiedName,
} from '../../core/v1/validation-helpers.ts';
import { isV4, parseIPSloppy, validateEndpointIP, validateIPForLegacyField } from '../../networking/v1/ip.ts';
import type { Endpoint, EndpointHints, EndpointPort, EndpointSlice } from './types.ts';

const supportedAddressTypes = ['FQDN', 'IPv4', 'IPv6'];
const supportedPortProtocols = ['SCTP', 'TCP', 'UDP'];
const maxTopologyLabels = 16;
const maxAddresses = 100;
const maxPorts = 20000;
const maxEndpoints = 1000;
const maxZoneHints = 8;
const maxNodeHints = 8;

/** SetDefaults_EndpointPort: an unnamed port is named "", its protocol is TCP. */
export function defaultEndpointSlice(eps: EndpointSlice): void {
  for (const port of eps.ports ?? []) {
    port.name ??= '';
    port.protocol ??= 'TCP';
  }
}

/** validation.IsFullyQualifiedDomainName: a subdomain of at least two labels (a trailing dot is allowed). */
function validateFQDN(path: FieldPath, value: string): FieldError[] {
  if (value.length === 0) return [fieldErrors.required(path, '')];
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const sub = isDNS1123Subdomain(name);
  if (sub.length > 0) return [fieldErrors.invalid(path, name, sub.join(','))];
  const labels = name.split('.');
  if (labels.length < 2) return [fieldErrors.invalid(path, name, 'should be a domain with at least two segments separated by dots')];
  for (const label of labels) {
    const errs = isDNS1123Label(label);
    if (errs.length > 0) return [fieldErrors.invalid(path, label, errs.join(','))];
  }
  return [];
}

/** An address of an IPv4 or IPv6 slice: an IP of that family, not special. */
function validateAddress(addressPath: FieldPath, i: number, address: string, family: 'IPv4' | 'IPv6'): FieldError[] {
  const at = addressPath.index(i);
  const ipErrs = validateIPForLegacyField(at, address);
  if (ipErrs.length > 0) return ipErrs;
  const errs: FieldError[] = [];
  const v4 = isV4(parseIPSloppy(address)!);
  // kube reports the family mismatch at the list, without the index.
  if (family === 'IPv4' && !v4) errs.push(fieldErrors.invalid(addressPath, address, 'must be an IPv4 address'));
  if (family === 'IPv6' && v4) errs.push(fieldErrors.invalid(addressPath, address, 'must be an IPv6 address'));
  errs.push(...validateEndpointIP(address, at));
  return errs;
}

function validateHints(hints: EndpointHints, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const zones = hints.forZones ?? [];
  const zonePath = path.child('forZones');
  if (zones.length > maxZoneHints) return [fieldErrors.tooMany(zonePath, zones.length, maxZoneHints)];
  const zoneNames = new Set<string>();
  zones.forEach((z, i) => {
    const at = zonePath.index(i).child('name');
    const name = z.name ?? '';
    if (zoneNames.has(name)) errs.push(fieldErrors.duplicate(at, name));
    else zoneNames.add(name);
    errs.push(...invalidEach(at, name, isValidLabelValue(name)));
  });
  const nodes = hints.forNodes ?? [];
  const nodePath = path.child('forNodes');
  if (nodes.length > maxNodeHints) return [...errs, fieldErrors.tooMany(nodePath, nodes.length, maxNodeHints)];
  const nodeNames = new Set<string>();
  nodes.forEach((n, i) => {
    const at = nodePath.index(i).child('name');
    const name = n.name ?? '';
    if (nodeNames.has(name)) errs.push(fieldErrors.duplicate(at, name));
    else nodeNames.add(name);
    errs.push(...invalidEach(at, name, nameIsDNSSubdomain(name, false)));
  });
  return errs;
}

function validateEndpoints(endpoints: readonly Endpoint[], addressType: string, path: FieldPath): FieldError[] {
  if (endpoints.length > maxEndpoints) return [fieldErrors.tooMany(path, endpoints.length, maxEndpoints)];
  const errs: FieldError[] = [];
  endpoints.forEach((ep, i) => {
    const at = path.index(i);
    const addressPath = at.child('addresses');
    const addresses = ep.addresses ?? [];
    if (addresses.length === 0) errs.push(fieldErrors.required(addressPath, 'must contain at least 1 address'));
    else if (addresses.length > maxAddresses) errs.push(fieldErrors.tooMany(addressPath, addresses.length, maxAddresses));
    addresses.forEach((address, j) => {
      // Unknown address types fall through unvalidated (the type itself is reported).
      if (addressType === 'IPv4' || addressType === 'IPv6') errs.push(...validateAddress(addressPath, j, address, addressType));
      else if (addressType === 'FQDN') errs.push(...validateFQDN(addressPath.index(j), address));
    });
    if (ep.nodeName !== undefined && ep.nodeName !== null) {
      errs.push(...invalidEach(at.child('nodeName'), ep.nodeName, nameIsDNSSubdomain(ep.nodeName, false)));
    }
    const topology = ep.deprecatedTopology ?? {};
    const topologyPath = at.child('deprecatedTopology');
    const n = Object.keys(topology).length;
    if (n > maxTopologyLabels) errs.push(fieldErrors.tooMany(topologyPath, n, maxTopologyLabels));
    errs.push(...validateLabels(topology, topologyPath));
    if (ep.hostname !== undefined && ep.hostname !== null) errs.push(...validateDNS1123Label(ep.hostname, at.child('hostname')));
    if (ep.hints) errs.push(...validateHints(ep.hints, at.child('hints')));
  });
  return errs;
}

function validatePorts(ports: readonly EndpointPort[], path: FieldPath): FieldError[] {
  if (ports.length > maxPorts) return [fieldErrors.tooMany(path, ports.length, maxPorts)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const at = path.index(i);
    const name = port.name ?? '';
    if (name !== '') errs.push(...validateDNS1123Label(name, at.child('name')));
    if (names.has(name)) errs.push(fieldErrors.duplicate(at.child('name'), name));
    else names.add(name);
    if (port.protocol === undefined || port.protocol === null) errs.push(fieldErrors.required(at.child('protocol'), ''));
    else if (!supportedPortProtocols.includes(port.protocol)) errs.push(notSupported(at.child('protocol'), port.protocol, supportedPortProtocols));
    if (port.appProtocol !== undefined && port.appProtocol !== null) errs.push(...validateQualifiedName(port.appProtocol, at.child('appProtocol')));
  });
  return errs;
}

function validateAddressType(addressType: string): FieldError[] {
  const at = FieldPath.of('addressType');
  if (addressType === '') return [fieldErrors.required(at, '')];
  return supportedAddressTypes.includes(addressType) ? [] : [notSupported(at, addressType, supportedAddressTypes)];
}

/** ValidateEndpointSlice (create). */
export function validateEndpointSlice(eps: EndpointSlice): FieldError[] {
  const addressType = eps.addressType ?? '';
  return [
    ...validateCoreObjectMeta(eps.metadata, true, nameIsDNSSubdomain),
    ...validateAddressType(addressType),
    ...validateEndpoints(eps.endpoints ?? [], addressType, FieldPath.of('endpoints')),
    ...validatePorts(eps.ports ?? [], FieldPath.of('ports')),
  ];
}

/**
 * ValidateEndpointSliceUpdate: the slice again and an immutable addressType. Metadata updates are
 * checked by the generic store's BeforeUpdate in kube; here too, before the slice's own rules.
 */
export function validateEndpointSliceUpdate(eps: EndpointSlice, old: EndpointSlice): FieldError[] {
  const errs = [...validateCoreObjectMetaUpdate(eps.metadata, old.metadata), ...validateEndpointSlice(eps)];
  const addressType = eps.addressType ?? '';
  if (addressType !== (old.addressType ?? '')) errs.push(fieldErrors.invalid(FieldPath.of('addressType'), addressType, fieldImmutableErrorMsg));
  return errs;
}
