// Behaviour of k8s.io/kubernetes/pkg/util/hash DeepHashObject and k8s.io/utils/dump ForHash (go-spew's
// `%#v` with SortKeys and DisableMethods) (v1.33), for the few structs whose hashes decide an order a
// client sees: the ports and subsets of an Endpoints (md5, pkg/api/v1/endpoints SortSubsets) and the
// ports of an EndpointSlice (fnv128a, k8s.io/endpointslice/util NewPortMapKey).
import { createHash } from 'node:crypto';
import type { EndpointAddress, EndpointPort, EndpointSubset, ObjectReference, SliceEndpointPort } from './core-types.ts';

/** A pointer as spew prints it with types: `(*T)value`, or `(*T)<nil>`. */
const ptr = (type: string, value: string | number | undefined): string => `(*${type})${value === undefined ? '<nil>' : String(value)}`;

/** A slice as spew prints it: `([]T)<nil>` when nil, else `([]T)[a b]` with its elements untyped. */
const list = <T>(type: string, items: readonly T[] | undefined, item: (x: T) => string): string =>
  items === undefined ? `([]${type})<nil>` : `([]${type})[${items.map(item).join(' ')}]`;

const objectReference = (r: ObjectReference): string =>
  `{Kind:(string)${r.kind ?? ''} Namespace:(string)${r.namespace ?? ''} Name:(string)${r.name ?? ''} UID:(types.UID)${r.uid ?? ''} ` +
  `APIVersion:(string)${r.apiVersion ?? ''} ResourceVersion:(string)${r.resourceVersion ?? ''} FieldPath:(string)${r.fieldPath ?? ''}}`;

const endpointAddress = (a: EndpointAddress): string =>
  `{IP:(string)${a.ip} Hostname:(string)${a.hostname ?? ''} NodeName:${ptr('string', a.nodeName)} ` +
  `TargetRef:${a.targetRef === undefined ? '(*v1.ObjectReference)<nil>' : `(*v1.ObjectReference)${objectReference(a.targetRef)}`}}`;

const endpointPort = (p: EndpointPort): string =>
  `{Name:(string)${p.name ?? ''} Port:(int32)${p.port} Protocol:(v1.Protocol)${p.protocol ?? ''} AppProtocol:${ptr('string', p.appProtocol)}}`;

/** spew `%#v` of a core/v1 EndpointPort. */
export const spewEndpointPort = (p: EndpointPort): string => `(v1.EndpointPort)${endpointPort(p)}`;

/** spew `%#v` of a core/v1 EndpointSubset (absent lists are nil slices). */
export const spewEndpointSubset = (s: EndpointSubset): string =>
  `(v1.EndpointSubset){Addresses:${list('v1.EndpointAddress', s.addresses, endpointAddress)} ` +
  `NotReadyAddresses:${list('v1.EndpointAddress', s.notReadyAddresses, endpointAddress)} Ports:${list('v1.EndpointPort', s.ports, endpointPort)}}`;

/** spew `%#v` of a discovery/v1 EndpointPort (every field a pointer). */
export const spewSlicePort = (p: SliceEndpointPort): string =>
  `(v1.EndpointPort){Name:${ptr('string', p.name)} Protocol:${ptr('v1.Protocol', p.protocol)} Port:${ptr('int32', p.port)} AppProtocol:${ptr('string', p.appProtocol)}}`;

/** The md5 digest of a string's UTF-8 bytes. */
export const md5 = (s: string): Buffer => createHash('md5').update(s, 'utf8').digest();

const fnvOffset128 = 0x6c62272e07bb014262b821756295c58dn;
const fnvPrime128 = 0x0000000001000000000000000000013bn;
const mask128 = (1n << 128n) - 1n;

/** Go's hash/fnv New128a over a string's UTF-8 bytes, hex-encoded as encoding/hex prints Sum(nil). */
export function fnv128aHex(s: string): string {
  let h = fnvOffset128;
  for (const byte of Buffer.from(s, 'utf8')) {
    h ^= BigInt(byte);
    h = (h * fnvPrime128) & mask128;
  }
  return h.toString(16).padStart(32, '0');
}
