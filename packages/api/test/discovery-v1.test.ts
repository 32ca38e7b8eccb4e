// discovery.k8s.io/v1 EndpointSlice as kube-apiserver v1.33 declares, defaults and validates it
// (k8s.io/api discovery/v1 types.go + generated.proto, pkg/apis/discovery/v1/defaults.go,
// pkg/apis/discovery/validation/validation.go), and the `kubernetes` Service's endpoints as kube's
// endpoint reconciler writes them (pkg/controlplane/reconcilers).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { EndpointSlice, endpointSliceKind, kubernetesServiceEndpoints, type Endpoint } from '../src/discovery/v1/index.ts';
import { builtinKinds, endpointsKind } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.discovery.v1.EndpointSlice': [
      ['metadata', 1],
      ['addressType', 4, 'req'],
      ['endpoints', 2, 'req list:atomic'],
      ['ports', 3, 'list:atomic'],
    ],
    'io.k8s.api.discovery.v1.Endpoint': [
      ['addresses', 1, 'req list:set'],
      ['conditions', 2],
      ['hostname', 3, 'ptr'],
      ['targetRef', 4, 'ptr'],
      ['deprecatedTopology', 5],
      ['nodeName', 6, 'ptr'],
      ['zone', 7, 'ptr'],
      ['hints', 8, 'ptr'],
    ],
    'io.k8s.api.discovery.v1.EndpointConditions': [
      ['ready', 1, 'ptr'],
      ['serving', 2, 'ptr'],
      ['terminating', 3, 'ptr'],
    ],
    'io.k8s.api.discovery.v1.EndpointHints': [
      ['forZones', 1, 'list:atomic'],
      ['forNodes', 2, 'list:atomic'],
    ],
    'io.k8s.api.discovery.v1.ForZone': [['name', 1, 'req']],
    'io.k8s.api.discovery.v1.ForNode': [['name', 1, 'req']],
    'io.k8s.api.discovery.v1.EndpointPort': [
      ['name', 1, 'ptr'],
      ['protocol', 2, 'ptr'],
      ['port', 3, 'ptr'],
      ['appProtocol', 4, 'ptr'],
    ],
  };

  it('match k8s.io/api discovery/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([EndpointSlice], table);
  });

  it('serves EndpointSlice with kube\'s names and scope, without short names', () => {
    const kinds = builtinKinds.filter((k) => k.group === 'discovery.k8s.io');
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['EndpointSlice', 'endpointslices', 'endpointslice', true, 'EndpointSliceList', [], []],
    ]);
  });
});

const slice = (addressType: string, endpoints: Endpoint[] = [], ports: EndpointSlice['ports'] = [], name = 'web-abc'): EndpointSlice => ({
  metadata: { name, namespace: 'default', resourceVersion: '1' },
  addressType,
  endpoints,
  ports,
});

describe('EndpointSlice defaults', () => {
  it('names unnamed ports "" and makes them TCP', () => {
    const eps = slice('IPv4', [], [{ port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }]);
    endpointSliceKind.defaults(eps);
    expect(eps.ports).toEqual([
      { name: '', protocol: 'TCP', port: 80 },
      { name: 'dns', protocol: 'UDP', port: 53 },
    ]);
  });
});

describe('EndpointSlice validation', () => {
  it('accepts typical slices of each address type', () => {
    const ready = { ready: true, serving: true, terminating: false };
    const v4 = slice('IPv4', [{ addresses: ['10.1.2.3'], conditions: ready, hostname: 'pod-1', nodeName: 'node-1', zone: 'a', hints: { forZones: [{ name: 'a' }] } }], [
      { name: 'http', protocol: 'TCP', port: 80, appProtocol: 'kubernetes.io/h2c' },
      { name: '', protocol: 'UDP', port: 53 },
    ]);
    expect(endpointSliceKind.validate(v4)).toEqual([]);
    expect(endpointSliceKind.validate(slice('IPv6', [{ addresses: ['2001:db8::1'] }]))).toEqual([]);
    expect(endpointSliceKind.validate(slice('FQDN', [{ addresses: ['db.example.com.'] }]))).toEqual([]);
  });

  const cases: [string, EndpointSlice, string[]][] = [
    ['no addressType', slice(''), ['addressType: Required value']],
    ['an unknown addressType', slice('IP'), ['addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"']],
    ['an endpoint without addresses', slice('IPv4', [{ addresses: [] }]), ['endpoints[0].addresses: Required value: must contain at least 1 address']],
    [
      'more than 100 addresses',
      slice('IPv4', [{ addresses: Array.from({ length: 101 }, (_, i) => `10.0.${i >> 8}.${(i % 254) + 1}`) }]),
      ['endpoints[0].addresses: Too many: 101: must have at most 100 items'],
    ],
    ['more than 1000 endpoints', slice('IPv4', Array.from({ length: 1001 }, () => ({ addresses: ['10.0.0.1'] }))), ['endpoints: Too many: 1001: must have at most 1000 items']],
    ['an address that is no IP', slice('IPv4', [{ addresses: ['foo'] }]), ['endpoints[0].addresses[0]: Invalid value: "foo": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']],
    ['an IPv6 address in an IPv4 slice', slice('IPv4', [{ addresses: ['2001:db8::1'] }]), ['endpoints[0].addresses: Invalid value: "2001:db8::1": must be an IPv4 address']],
    ['an IPv4 address in an IPv6 slice', slice('IPv6', [{ addresses: ['10.0.0.1'] }]), ['endpoints[0].addresses: Invalid value: "10.0.0.1": must be an IPv6 address']],
    [
      'special addresses',
      slice('IPv4', [{ addresses: ['0.0.0.0', '127.0.0.1', '169.254.1.1', '224.0.0.251'] }]),
      [
        'endpoints[0].addresses[0]: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)',
        'endpoints[0].addresses[1]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
        'endpoints[0].addresses[2]: Invalid value: "169.254.1.1": may not be in the link-local range (169.254.0.0/16, fe80::/10)',
        'endpoints[0].addresses[3]: Invalid value: "224.0.0.251": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)',
      ],
    ],
    ['special IPv6 addresses', slice('IPv6', [{ addresses: ['::1', 'fe80::1'] }]), [
      'endpoints[0].addresses[0]: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
      'endpoints[0].addresses[1]: Invalid value: "fe80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10)',
    ]],
    ['a one-label FQDN', slice('FQDN', [{ addresses: ['localhost'] }]), ['endpoints[0].addresses[0]: Invalid value: "localhost": should be a domain with at least two segments separated by dots']],
    [
      'a bad hostname and nodeName',
      slice('IPv4', [{ addresses: ['10.0.0.1'], hostname: 'Pod_1', nodeName: 'Node_1' }]),
      [
        "endpoints[0].nodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "endpoints[0].hostname: Invalid value: \"Pod_1\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    [
      'too many and duplicate zone hints',
      slice('IPv4', [
        { addresses: ['10.0.0.1'], hints: { forZones: [{ name: 'a' }, { name: 'a' }] } },
        { addresses: ['10.0.0.2'], hints: { forZones: Array.from({ length: 9 }, (_, i) => ({ name: `z${i}` })) } },
      ]),
      ['endpoints[0].hints.forZones[1].name: Duplicate value: "a"', 'endpoints[1].hints.forZones: Too many: 9: must have at most 8 items'],
    ],
    [
      'duplicate and bad port names, a missing or unknown protocol, a bad appProtocol',
      slice('IPv4', [], [
        { name: 'http', protocol: 'TCP', port: 80 },
        { name: 'http', protocol: 'ICMP', port: 81 },
        { name: 'Web', port: 82, appProtocol: 'not/valid/proto' },
      ]),
      [
        'ports[1].name: Duplicate value: "http"',
        'ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
        "ports[2].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        'ports[2].protocol: Required value',
        "ports[2].appProtocol: Invalid value: \"not/valid/proto\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ],
    ],
    ['a namespace-less slice', { ...slice('IPv4'), metadata: { name: 'web' } }, ['metadata.namespace: Required value']],
  ];

  it.each(cases)('rejects %s', (_name, eps, want) => {
    expect(msgs(endpointSliceKind.validate(eps))).toEqual(want);
  });

  it('allows 20000 ports (kube raised the limit the API documents as 100)', () => {
    const ports = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, protocol: 'TCP', port: (i % 65535) + 1 }));
    expect(endpointSliceKind.validate(slice('IPv4', [], ports(101)))).toEqual([]);
    expect(msgs(endpointSliceKind.validate(slice('IPv4', [], ports(20001))))).toEqual(['ports: Too many: 20001: must have at most 20000 items']);
  });

  it('keeps addressType immutable', () => {
    expect(msgs(endpointSliceKind.validateUpdate(slice('IPv6'), slice('IPv4')))).toEqual(['addressType: Invalid value: "IPv6": field is immutable']);
    expect(endpointSliceKind.validateUpdate(slice('IPv4', [{ addresses: ['10.0.0.9'] }]), slice('IPv4'))).toEqual([]);
  });
});

describe('the kubernetes Service endpoints', () => {
  it('are what kube\'s endpoint reconciler writes, and valid', () => {
    const { endpoints, endpointSlice } = kubernetesServiceEndpoints({ addresses: ['10.0.0.2', '10.0.0.1'], port: 6443 });
    expect(endpoints).toEqual({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
      subsets: [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
    });
    expect(endpointSlice).toEqual({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4',
      endpoints: [
        { addresses: ['10.0.0.1'], conditions: { ready: true } },
        { addresses: ['10.0.0.2'], conditions: { ready: true } },
      ],
      ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
    });
    expect(endpointsKind.validate(endpoints)).toEqual([]);
    expect(endpointSliceKind.validate(endpointSlice)).toEqual([]);
    expect(kubernetesServiceEndpoints({ addresses: ['fd00::10'], port: 443 }).endpointSlice.addressType).toBe('IPv6');
  });
});
