// networking.k8s.io/v1 NetworkPolicy and IngressClass as kube-apiserver v1.33 declares, defaults
// and validates them (k8s.io/api networking/v1 types.go + generated.proto,
// pkg/apis/networking/v1/defaults.go, pkg/apis/networking/validation/validation.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { IngressClass, NetworkPolicy, ingressClassKind, networkPolicyKind, type NetworkPolicyPeer, type NetworkPolicyPort } from '../src/networking/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const group = 'networking.k8s.io';

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.networking.v1.NetworkPolicy': [
      ['metadata', 1],
      ['spec', 2],
    ],
    'io.k8s.api.networking.v1.NetworkPolicySpec': [
      ['podSelector', 1],
      ['ingress', 2, 'list:atomic'],
      ['egress', 3, 'list:atomic'],
      ['policyTypes', 4, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.NetworkPolicyIngressRule': [
      ['ports', 1, 'list:atomic'],
      ['from', 2, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.NetworkPolicyEgressRule': [
      ['ports', 1, 'list:atomic'],
      ['to', 2, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.NetworkPolicyPort': [
      ['protocol', 1, 'ptr'],
      ['port', 2, 'ptr'],
      ['endPort', 3, 'ptr'],
    ],
    'io.k8s.api.networking.v1.NetworkPolicyPeer': [
      ['podSelector', 1, 'ptr'],
      ['namespaceSelector', 2, 'ptr'],
      ['ipBlock', 3, 'ptr'],
    ],
    'io.k8s.api.networking.v1.IPBlock': [
      ['cidr', 1, 'req'],
      ['except', 2, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.IngressClass': [
      ['metadata', 1],
      ['spec', 2],
    ],
    'io.k8s.api.networking.v1.IngressClassSpec': [
      ['controller', 1],
      ['parameters', 2, 'ptr'],
    ],
    'io.k8s.api.networking.v1.IngressClassParametersReference': [
      ['apiGroup', 1, 'ptr'],
      ['kind', 2, 'req'],
      ['name', 3, 'req'],
      ['scope', 4, 'ptr'],
      ['namespace', 5, 'ptr'],
    ],
  };

  it('match k8s.io/api networking/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([NetworkPolicy, IngressClass], table);
  });

  it('serves both kinds with kube\'s names, scope and short names', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['NetworkPolicy', 'networkpolicies', 'networkpolicy', true, 'NetworkPolicyList', ['netpol'], []],
      ['IngressClass', 'ingressclasses', 'ingressclass', false, 'IngressClassList', [], []],
    ]);
  });
});

const policy = (spec: NetworkPolicy['spec'] = {}, name = 'api'): NetworkPolicy => ({ metadata: { name, namespace: 'default', resourceVersion: '1' }, spec });

describe('NetworkPolicy defaults', () => {
  it('ports are TCP; policyTypes are Ingress, plus Egress when there are egress rules', () => {
    const np = policy({ ingress: [{ ports: [{ port: 80 }, { protocol: 'UDP', port: 53 }] }], egress: [{ ports: [{}] }] });
    networkPolicyKind.defaults(np);
    expect(np.spec).toEqual({
      ingress: [{ ports: [{ protocol: 'TCP', port: 80 }, { protocol: 'UDP', port: 53 }] }],
      egress: [{ ports: [{ protocol: 'TCP' }] }],
      policyTypes: ['Ingress', 'Egress'],
    });
    const deny = policy();
    networkPolicyKind.defaults(deny);
    expect(deny.spec).toEqual({ policyTypes: ['Ingress'] });
    const egressOnly = policy({ policyTypes: ['Egress'] });
    networkPolicyKind.defaults(egressOnly);
    expect(egressOnly.spec!.policyTypes).toEqual(['Egress']);
  });
});

describe('NetworkPolicy validation', () => {
  it('accepts a typical policy', () => {
    const np = policy({
      podSelector: { matchLabels: { app: 'api' } },
      ingress: [{ from: [{ podSelector: { matchLabels: { role: 'fe' } }, namespaceSelector: {} }, { ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }], ports: [{ protocol: 'TCP', port: 80, endPort: 90 }, { port: 'http' }] }],
      egress: [{ to: [{ ipBlock: { cidr: '2001:db8::/32', except: ['2001:db8:1::/48'] } }] }],
      policyTypes: ['Ingress', 'Egress'],
    });
    expect(networkPolicyKind.validate(np)).toEqual([]);
  });

  const portCases: [string, NetworkPolicyPort, string[]][] = [
    ['an unknown protocol', { protocol: 'ICMP' }, ['spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"']],
    ['port 0', { port: 0 }, ['spec.ingress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive']],
    ['an endPort below port', { port: 100, endPort: 99 }, ['spec.ingress[0].ports[0].endPort: Invalid value: 99: must be greater than or equal to `port`']],
    [
      'an endPort out of range',
      { port: 100, endPort: 70000 },
      ['spec.ingress[0].ports[0].endPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    ],
    ['an endPort beside a named port', { port: 'http', endPort: 90 }, ['spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric']],
    ['an endPort without a port', { endPort: 90 }, ['spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is not specified']],
    [
      'a bad port name',
      { port: 'HTTP' },
      [
        'spec.ingress[0].ports[0].port: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.ingress[0].ports[0].port: Invalid value: "HTTP": must contain at least one letter (a-z)',
      ],
    ],
  ];

  it.each(portCases)('rejects %s', (_name, port, want) => {
    expect(msgs(networkPolicyKind.validate(policy({ ingress: [{ ports: [port] }] })))).toEqual(want);
  });

  const peerCases: [string, NetworkPolicyPeer, string[]][] = [
    ['an empty peer', {}, ['spec.egress[0].to[0]: Required value: must specify a peer']],
    ['an ipBlock beside a selector', { ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }, ['spec.egress[0].to[0]: Forbidden: may not specify both ipBlock and another peer']],
    ['an ipBlock without a cidr', { ipBlock: { cidr: '' } }, ['spec.egress[0].to[0].ipBlock.cidr: Required value']],
    ['a cidr that is none', { ipBlock: { cidr: '10.0.0.0' } }, ['spec.egress[0].to[0].ipBlock.cidr: Invalid value: "10.0.0.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']],
    [
      'excepts outside the cidr, equal to it, of the other family, or no CIDR',
      { ipBlock: { cidr: '192.168.0.0/16', except: ['10.0.0.0/24', '192.168.0.0/16', '2001:db8::/64', 'x'] } },
      [
        'spec.egress[0].to[0].ipBlock.except[0]: Invalid value: "10.0.0.0/24": must be a strict subset of `cidr`',
        'spec.egress[0].to[0].ipBlock.except[1]: Invalid value: "192.168.0.0/16": must be a strict subset of `cidr`',
        'spec.egress[0].to[0].ipBlock.except[2]: Invalid value: "2001:db8::/64": must be a strict subset of `cidr`',
        'spec.egress[0].to[0].ipBlock.except[3]: Invalid value: "x": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
      ],
    ],
    [
      'a selector with a bad operator',
      { namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Has' }] } },
      ['spec.egress[0].to[0].namespaceSelector.matchExpressions[0].operator: Invalid value: "Has": not a valid selector operator'],
    ],
  ];

  it.each(peerCases)('rejects %s', (_name, peer, want) => {
    expect(msgs(networkPolicyKind.validate(policy({ egress: [{ to: [peer] }] })))).toEqual(want);
  });

  it('rejects unknown and too many policyTypes', () => {
    expect(msgs(networkPolicyKind.validate(policy({ policyTypes: ['Ingress', 'Both'] })))).toEqual(['spec.policyTypes[1]: Unsupported value: "Both": supported values: "Ingress", "Egress"']);
    expect(msgs(networkPolicyKind.validate(policy({ policyTypes: ['Ingress', 'Egress', 'Ingress'] })))).toEqual([
      'spec.policyTypes: Invalid value: []networking.PolicyType{"Ingress", "Egress", "Ingress"}: may not specify more than two policyTypes',
    ]);
  });

  it('needs a namespace and a DNS-subdomain name', () => {
    expect(msgs(networkPolicyKind.validate({ metadata: { name: 'Api' }, spec: {} }))).toEqual([
      "metadata.name: Invalid value: \"Api\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'metadata.namespace: Required value',
    ]);
  });

  it('updates report the spec rules twice, as kube\'s strategy runs them twice; bad label values stay where the old podSelector had them', () => {
    const bad = policy({ ingress: [{ from: [{}] }] });
    expect(msgs(networkPolicyKind.validateUpdate(bad, policy()))).toEqual([
      'spec.ingress[0].from[0]: Required value: must specify a peer',
      'spec.ingress[0].from[0]: Required value: must specify a peer',
    ]);
    const badValue = policy({ podSelector: { matchLabels: { app: 'not valid!' } } });
    expect(msgs(networkPolicyKind.validate(badValue))).toHaveLength(1);
    const badExpr = policy({ podSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['not valid!'] }] } });
    expect(msgs(networkPolicyKind.validate(badExpr))).toHaveLength(1);
    expect(networkPolicyKind.validateUpdate(badExpr, badExpr)).toEqual([]);
  });
});

const ingressClass = (spec: IngressClass['spec'], name = 'nginx'): IngressClass => ({ metadata: { name, resourceVersion: '1' }, spec });

describe('IngressClass', () => {
  it('defaults the scope of parameters to Cluster', () => {
    const ic = ingressClass({ controller: 'k8s.io/ingress-nginx', parameters: { kind: 'P', name: 'p' } });
    ingressClassKind.defaults(ic);
    expect(ic.spec!.parameters!.scope).toBe('Cluster');
    expect(ingressClassKind.validate(ic)).toEqual([]);
  });

  const cases: [string, IngressClass['spec'], string[]][] = [
    ['no controller', {}, ['spec.controller: Required value']],
    ['a controller without a domain', { controller: 'nginx' }, ['spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")']],
    [
      'a controller of more than 250 bytes',
      { controller: `example.com/${'a'.repeat(240)}` },
      [`spec.controller: Too long: may not be more than 250 bytes`],
    ],
    [
      'parameters without kind, name or scope',
      { controller: 'example.com/c', parameters: { apiGroup: 'Bad_Group' } },
      [
        "spec.parameters.apiGroup: Invalid value: \"Bad_Group\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        'spec.parameters.kind: Required value: kind is required',
        'spec.parameters.name: Required value: name is required',
        'spec.parameters.scope: Required value',
      ],
    ],
    ['an unknown scope', { controller: 'example.com/c', parameters: { kind: 'P', name: 'p', scope: 'Global' } }, ['spec.parameters.scope: Unsupported value: "Global": supported values: "Cluster", "Namespace"']],
    [
      'scope Namespace without a namespace',
      { controller: 'example.com/c', parameters: { kind: 'P', name: 'p', scope: 'Namespace' } },
      ["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'"],
    ],
    [
      'scope Cluster with a namespace',
      { controller: 'example.com/c', parameters: { kind: 'P', name: 'p', scope: 'Cluster', namespace: 'default' } },
      ["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'"],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    expect(msgs(ingressClassKind.validate(ingressClass(spec)))).toEqual(want);
  });

  it('keeps the controller immutable', () => {
    const old = ingressClass({ controller: 'k8s.io/ingress-nginx' });
    expect(msgs(ingressClassKind.validateUpdate(ingressClass({ controller: 'example.com/other' }), old))).toEqual(['spec.controller: Invalid value: "example.com/other": field is immutable']);
    expect(ingressClassKind.validateUpdate(ingressClass({ controller: 'k8s.io/ingress-nginx', parameters: { kind: 'P', name: 'p', scope: 'Namespace', namespace: 'ingress' } }), old)).toEqual([]);
  });
});
