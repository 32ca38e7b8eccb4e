// Behaviour of k8s.io/kubernetes/pkg/api/v1/endpoints/util.go (v1.33): RepackSubsets and SortSubsets,
// the canonical layout of an Endpoints' subsets: addresses grouped by the exact set of ports they
// serve (not-ready trumping ready per port), addresses sorted by IP then pod UID, ports and subsets
// sorted by the md5 of their Go representation.
import type { EndpointAddress, EndpointPort, EndpointSubset } from './internal/core-types.ts';
import { md5, spewEndpointPort, spewEndpointSubset } from './internal/go-hash.ts';

/** The identity of a port as a Go map key (a struct of comparable fields). */
const portKey = (p: EndpointPort) => JSON.stringify([p.name ?? '', p.port, p.protocol ?? '', p.appProtocol ?? null]);
/** Addresses are de-duplicated by IP and pod UID. */
const addressKey = (a: EndpointAddress) => JSON.stringify([a.ip, a.targetRef?.uid ?? '']);

/** The sentinel standing for "no ports" (a headless Service without ports). */
const noPorts: EndpointPort = { port: -1 };

/**
 * Expands subsets to (address, port, ready) triples and packs them into the canonical form: one
 * subset per distinct set of addresses (with their readiness) serving the same ports.
 */
export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const allAddrs = new Map<string, EndpointAddress>();
  const portAddrs = new Map<string, { port: EndpointPort; ready: Map<string, boolean> }>();
  const mapAddress = (addr: EndpointAddress, port: EndpointPort, ready: boolean) => {
    const key = addressKey(addr);
    if (!allAddrs.has(key)) allAddrs.set(key, { ...addr });
    const pk = portKey(port);
    let entry = portAddrs.get(pk);
    if (!entry) portAddrs.set(pk, (entry = { port, ready: new Map() }));
    // Not ready always trumps ready.
    const was = entry.ready.get(key);
    if (was === undefined || was) entry.ready.set(key, ready);
  };
  for (const s of subsets) {
    for (const port of (s.ports ?? []).length === 0 ? [noPorts] : s.ports!) {
      for (const a of s.addresses ?? []) mapAddress(a, port, true);
      for (const a of s.notReadyAddresses ?? []) mapAddress(a, port, false);
    }
  }

  // Group the ports by the address set (with readiness) they map to.
  const groups = new Map<string, { ready: Map<string, boolean>; ports: EndpointPort[] | undefined }>();
  for (const { port, ready } of portAddrs.values()) {
    const sorted = [...ready].map(([k, r]) => ({ addr: allAddrs.get(k)!, ready: r })).sort((x, y) => compareAddresses(x.addr, y.addr));
    const key = JSON.stringify(sorted.map((x) => [addressKey(x.addr), x.ready]));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ready, ports: undefined }));
    if (port.port > 0) (g.ports ??= []).push(port);
  }

  const final: EndpointSubset[] = [];
  for (const g of groups.values()) {
    const subset: EndpointSubset = {};
    for (const [k, ready] of g.ready) {
      const addr = allAddrs.get(k)!;
      if (ready) (subset.addresses ??= []).push(addr);
      else (subset.notReadyAddresses ??= []).push(addr);
    }
    if (g.ports !== undefined) subset.ports = g.ports;
    final.push(subset);
  }
  return sortSubsets(final);
}

/** LessEndpointAddress: by the bytes of the IP, then by the pod UID (an address without one first). */
export function compareAddresses(a: EndpointAddress, b: EndpointAddress): number {
  const ips = Buffer.compare(Buffer.from(a.ip, 'utf8'), Buffer.from(b.ip, 'utf8'));
  if (ips !== 0) return ips;
  if (b.targetRef === undefined) return a.targetRef === undefined ? 0 : 1;
  if (a.targetRef === undefined) return -1;
  const au = a.targetRef.uid ?? '';
  const bu = b.targetRef.uid ?? '';
  return au < bu ? -1 : au > bu ? 1 : 0;
}

const byDigest = <T>(spew: (x: T) => string) => {
  const digests = new Map<T, Buffer>();
  const digest = (x: T) => {
    let d = digests.get(x);
    if (!d) digests.set(x, (d = md5(spew(x))));
    return d;
  };
  return (a: T, b: T) => Buffer.compare(digest(a), digest(b));
};

/** Sorts each subset's addresses and ports, then the subsets; in place, returning its argument. */
export function sortSubsets(subsets: EndpointSubset[]): EndpointSubset[] {
  for (const s of subsets) {
    s.addresses?.sort(compareAddresses);
    s.notReadyAddresses?.sort(compareAddresses);
    s.ports?.sort(byDigest(spewEndpointPort));
  }
  return subsets.sort(byDigest(spewEndpointSubset));
}
