// The orderings and rules the endpoints controllers share, against vectors computed with kube's own
// code: the Go representations, md5 and fnv128a below were printed by go-spew 1.1.1 (kube's
// DeepHashObject configuration) and Go 1.19's crypto/md5 and hash/fnv, and the repacked subsets by
// pkg/api/v1/endpoints RepackSubsets (v1.33) run on the same input.
import { describe, expect, it } from 'vitest';
import { md5, fnv128aHex, spewEndpointPort, spewEndpointSubset, spewSlicePort } from '../src/internal/go-hash.ts';
import { ipString, isIPv6String, parseIPSloppy } from '../src/internal/ip.ts';
import { repackSubsets } from '../src/endpoints-subsets.ts';
import { portMapKey } from '../src/endpointslice-utils.ts';
import { capacityAnnotationSetCorrectly, labelsCorrectForEndpoints, truncateEndpoints } from '../src/endpoints-controller.ts';
import { createTriggerTimeTracker } from '../src/trigger-time-tracker.ts';
import { ErrorList } from '../src/endpointslice-reconciler.ts';
import { pod, service } from './endpoints-fixtures.ts';

describe('Go hashes of endpoint structs', () => {
  const vectors: { name: string; spew: () => string; go: string; digest: string; hash: 'md5' | 'fnv128a' }[] = [
    {
      name: 'core EndpointPort',
      spew: () => spewEndpointPort({ name: 'web', port: 8080, protocol: 'TCP' }),
      go: '(v1.EndpointPort){Name:(string)web Port:(int32)8080 Protocol:(v1.Protocol)TCP AppProtocol:(*string)<nil>}',
      digest: '049b9cb8aab0c8f490db33da83812af4',
      hash: 'md5',
    },
    {
      name: 'core EndpointPort with appProtocol, unnamed',
      spew: () => spewEndpointPort({ name: '', port: 53, protocol: 'UDP', appProtocol: 'http' }),
      go: '(v1.EndpointPort){Name:(string) Port:(int32)53 Protocol:(v1.Protocol)UDP AppProtocol:(*string)http}',
      digest: '16c3e913af78a55f32b148edf00fcae4',
      hash: 'md5',
    },
    {
      name: 'EndpointSubset with a ready address and a port',
      spew: () =>
        spewEndpointSubset({
          addresses: [{ ip: '10.0.0.1', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: 'u1' } }],
          ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
        }),
      go:
        '(v1.EndpointSubset){Addresses:([]v1.EndpointAddress)[{IP:(string)10.0.0.1 Hostname:(string) NodeName:(*string)node-1 TargetRef:(*v1.ObjectReference){Kind:(string)Pod Namespace:(string)ns Name:(string)a UID:(types.UID)u1 APIVersion:(string) ResourceVersion:(string) FieldPath:(string)}}] ' +
        'NotReadyAddresses:([]v1.EndpointAddress)<nil> Ports:([]v1.EndpointPort)[{Name:(string)web Port:(int32)8080 Protocol:(v1.Protocol)TCP AppProtocol:(*string)<nil>}]}',
      digest: '296c1514b2084a113c433a6a65888d36',
      hash: 'md5',
    },
    {
      name: 'EndpointSubset without ports, empty node name, no target',
      spew: () => spewEndpointSubset({ notReadyAddresses: [{ ip: '10.0.0.2', hostname: 'h', nodeName: '' }] }),
      go: '(v1.EndpointSubset){Addresses:([]v1.EndpointAddress)<nil> NotReadyAddresses:([]v1.EndpointAddress)[{IP:(string)10.0.0.2 Hostname:(string)h NodeName:(*string) TargetRef:(*v1.ObjectReference)<nil>}] Ports:([]v1.EndpointPort)<nil>}',
      digest: 'fde8c0df9977901e9b72a5a43e12b3fc',
      hash: 'md5',
    },
    {
      name: 'discovery EndpointPort',
      spew: () => spewSlicePort({ name: 'web', protocol: 'TCP', port: 8080 }),
      go: '(v1.EndpointPort){Name:(*string)web Protocol:(*v1.Protocol)TCP Port:(*int32)8080 AppProtocol:(*string)<nil>}',
      digest: 'fe23013897cc08a3bd0afbf38270b263',
      hash: 'fnv128a',
    },
  ];
  it.each(vectors)('$name prints and hashes as Go does', (v) => {
    expect(v.spew()).toBe(v.go);
    expect(v.hash === 'md5' ? md5(v.go).toString('hex') : fnv128aHex(v.go)).toBe(v.digest);
  });

  it("orders a slice's ports by their fnv128a, as NewPortMapKey sorts them", () => {
    const ports = [
      { name: 'metrics', protocol: 'TCP', port: 9090 },
      { name: '', protocol: 'TCP', port: 80 },
      { name: 'http', protocol: 'TCP', port: 8080 },
      { name: 'dns', protocol: 'UDP', port: 53 },
    ];
    portMapKey(ports);
    expect(ports.map((p) => p.name)).toEqual(['http', 'dns', '', 'metrics']);
  });
});

describe('repackSubsets', () => {
  const ref = (name: string) => ({ kind: 'Pod', namespace: 'ns', name, uid: `uid-${name}` });
  const a = { ip: '10.0.0.9', nodeName: 'node-a', targetRef: ref('a') };
  const b = { ip: '10.0.0.10', nodeName: 'node-b', targetRef: ref('b') };
  const c = { ip: '10.0.0.3', nodeName: 'node-a', targetRef: ref('c') };
  const http = { name: 'http', port: 8080, protocol: 'TCP' };
  const metrics = { name: 'metrics', port: 9090, protocol: 'TCP' };
  const dns = { name: 'dns', port: 53, protocol: 'UDP' };

  it('groups addresses by the ports they serve and sorts as kube (vector from RepackSubsets)', () => {
    const out = repackSubsets([
      { addresses: [a], ports: [http] },
      { addresses: [a], ports: [metrics] },
      { addresses: [a], ports: [dns] },
      { addresses: [b], ports: [http] },
      { addresses: [b], ports: [metrics] },
      { addresses: [b], ports: [dns] },
      { notReadyAddresses: [c], ports: [http] },
      { notReadyAddresses: [c], ports: [dns] },
    ]);
    expect(out).toEqual([
      { addresses: [b, a], notReadyAddresses: [c], ports: [dns, http] },
      { addresses: [b, a], ports: [metrics] },
    ]);
  });

  it('keeps the addresses of a headless Service without ports', () => {
    expect(repackSubsets([{ addresses: [a], ports: [] }, { notReadyAddresses: [b], ports: [] }])).toEqual([{ addresses: [a], notReadyAddresses: [b] }]);
  });

  it('not ready trumps ready for the same address and port', () => {
    expect(repackSubsets([{ addresses: [a], ports: [http] }, { notReadyAddresses: [a], ports: [http] }])).toEqual([{ notReadyAddresses: [a], ports: [http] }]);
  });
});

describe('IP parsing as k8s.io/utils/net (printed as Go 1.19 prints them)', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3', false],
    ['010.001.002.003', '10.1.2.3', false],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1', true],
    ['2001:db8:0:1:0:0:1:0', '2001:db8:0:1::1:0', true],
    ['::ffff:1.2.3.4', '1.2.3.4', false],
    ['fe80:0:0:0:1:0:0:0', 'fe80::1:0:0:0', true],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3', true],
  ])('%s reads as %s', (input, printed, v6) => {
    expect(ipString(parseIPSloppy(input)!)).toBe(printed);
    expect(isIPv6String(input)).toBe(v6);
  });
  it.each(['1.2.3', '1.2.3.256', '1::2::3', 'x'])('%s is no IP', (input) => expect(parseIPSloppy(input)).toBeUndefined());
});

describe('Endpoints labels and capacity', () => {
  const managed = { 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' };
  it.each([
    ['managed, no other labels', managed, {}, true],
    ['managed, headless label ignored', { ...managed, 'service.kubernetes.io/headless': '' }, {}, true],
    ['managed, the Service labels', { ...managed, a: 'b' }, { a: 'b' }, true],
    ['not managed', {}, {}, false],
    ['a Service label missing', managed, { a: 'b' }, false],
    ['a label the Service lost', { ...managed, a: 'b' }, {}, false],
    ['a label changed', { ...managed, a: 'b' }, { a: 'c' }, false],
  ])('%s', (_name, ep, svc, correct) => expect(labelsCorrectForEndpoints(ep, svc)).toBe(correct));

  const addrs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ ip: `10.0.${Math.floor((i + from) / 256)}.${(i + from) % 256}` }));
  it('truncates to 1000 addresses, ready first, each subset by its share', () => {
    const subsets = [
      { addresses: addrs(600), notReadyAddresses: addrs(10, 600) },
      { addresses: addrs(300, 700), notReadyAddresses: addrs(200, 1000) },
    ];
    expect(truncateEndpoints(subsets)).toBe(true);
    // 100 not-ready places for 210: ceil(10/210*100) = 5, then ceil(200/210*100) = 96 capped to the 95 left.
    expect(subsets.map((s) => [s.addresses.length, s.notReadyAddresses.length])).toEqual([
      [600, 5],
      [300, 95],
    ]);
    const ready = [{ addresses: addrs(900) }, { addresses: addrs(300, 900) }];
    expect(truncateEndpoints(ready)).toBe(true);
    // ceil(900/1200*1000) = 750, then what is left: 250.
    expect(ready.map((s) => s.addresses.length)).toEqual([750, 250]);
    expect(truncateEndpoints([{ addresses: addrs(1000) }])).toBe(false);
  });
  it('the over-capacity annotation is right only under capacity and absent', () => {
    expect(capacityAnnotationSetCorrectly({}, [{ addresses: addrs(1000) }])).toBe(true);
    expect(capacityAnnotationSetCorrectly({}, [{ addresses: addrs(1001) }])).toBe(false);
    expect(capacityAnnotationSetCorrectly({ 'endpoints.kubernetes.io/over-capacity': 'truncated' }, [{ addresses: addrs(10) }])).toBe(false);
  });
});

describe('trigger time tracker', () => {
  const at = (s: string) => Date.parse(s);
  it("answers a new Service's creation, then the earliest Ready transition that changed", () => {
    const t = createTriggerTimeTracker();
    const svc = service('ns', 's', { creationTimestamp: '2025-01-01T00:00:00Z' });
    const p1 = pod('ns', 'p1', { readySince: '2025-01-02T00:00:00Z' });
    const p2 = pod('ns', 'p2', { readySince: '2025-01-03T00:00:00Z' });
    expect(t.compute('ns', svc, [p1, p2])).toBe(at('2025-01-01T00:00:00Z'));
    expect(t.compute('ns', svc, [p1, p2])).toBeUndefined();
    const p1b = pod('ns', 'p1', { readySince: '2025-01-05T00:00:00Z' });
    const p3 = pod('ns', 'p3', { readySince: '2025-01-04T00:00:00Z' });
    expect(t.compute('ns', svc, [p1b, p2, p3])).toBe(at('2025-01-04T00:00:00Z'));
    t.deleteService('ns', 's');
    expect(t.compute('ns', svc, [p1b])).toBe(at('2025-01-01T00:00:00Z'));
  });
});

describe("Go's aggregate errors", () => {
  it('prints one error alone, several flattened and deduplicated in brackets', () => {
    expect(new ErrorList([new Error('a')]).message).toBe('a');
    expect(new ErrorList([new Error('a'), new ErrorList([new Error('b'), new Error('a')])]).message).toBe('[a, b]');
    expect(new ErrorList([new Error('a'), new Error('a')]).message).toBe('a');
  });
});
