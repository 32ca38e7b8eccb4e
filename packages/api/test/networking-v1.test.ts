// networking.k8s.io/v1 NetworkPolicy, IngressClass, Ingress, ServiceCIDR and IPAddress as
// kube-apiserver v1.33 declares, defaults and validates them (k8s.io/api networking/v1 types.go + generated.proto,
// pkg/apis/networking/v1/defaults.go, pkg/apis/networking/validation/validation.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, protoMessageOf, type FieldError } from '@kapi/apimachinery';
import {
  IPAddress,
  Ingress,
  IngressClass,
  IngressRule,
  NetworkPolicy,
  ServiceCIDR,
  ingressClassKind,
  ingressKind,
  ipAddressKind,
  networkPolicyKind,
  serviceCIDRKind,
  admitDefaultIngressClass,
  defaultServiceCIDR,
  ipString,
  parseIPSloppy,
  serviceIPAddress,
  validateIngressStatusUpdate,
  type NetworkPolicyPeer,
  type NetworkPolicyPort,
} from '../src/networking/v1/index.ts';
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

  const moreTable: UpstreamTable = {
    'io.k8s.api.networking.v1.Ingress': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.networking.v1.IngressSpec': [
      ['ingressClassName', 4, 'ptr'],
      ['defaultBackend', 1, 'ptr'],
      ['tls', 2, 'list:atomic'],
      ['rules', 3, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.IngressBackend': [
      ['service', 4, 'ptr'],
      ['resource', 3, 'ptr'],
    ],
    'io.k8s.api.networking.v1.IngressServiceBackend': [
      ['name', 1, 'req'],
      ['port', 2],
    ],
    'io.k8s.api.networking.v1.ServiceBackendPort': [
      ['name', 1],
      ['number', 2],
    ],
    'io.k8s.api.networking.v1.IngressTLS': [
      ['hosts', 1, 'list:atomic'],
      ['secretName', 2],
    ],
    'io.k8s.api.networking.v1.HTTPIngressRuleValue': [['paths', 1, 'req list:atomic']],
    'io.k8s.api.networking.v1.HTTPIngressPath': [
      ['path', 1],
      ['pathType', 3, 'ptr req'],
      ['backend', 2, 'req'],
    ],
    'io.k8s.api.networking.v1.IngressStatus': [['loadBalancer', 1]],
    'io.k8s.api.networking.v1.IngressLoadBalancerStatus': [['ingress', 1, 'list:atomic']],
    'io.k8s.api.networking.v1.IngressLoadBalancerIngress': [
      ['ip', 1],
      ['hostname', 2],
      ['ports', 4, 'list:atomic'],
    ],
    'io.k8s.api.networking.v1.IngressPortStatus': [
      ['port', 1, 'req'],
      ['protocol', 2, 'req'],
      ['error', 3, 'ptr'],
    ],
    'io.k8s.api.networking.v1.ServiceCIDR': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.networking.v1.ServiceCIDRSpec': [['cidrs', 1, 'list:atomic']],
    'io.k8s.api.networking.v1.ServiceCIDRStatus': [['conditions', 1, 'merge:type list:map:type']],
    'io.k8s.api.networking.v1.IPAddress': [
      ['metadata', 1],
      ['spec', 2],
    ],
    'io.k8s.api.networking.v1.IPAddressSpec': [['parentRef', 1, 'ptr req']],
    'io.k8s.api.networking.v1.ParentReference': [
      ['group', 1],
      ['resource', 2, 'req'],
      ['namespace', 3],
      ['name', 4, 'req'],
    ],
  };

  it('IngressRule keeps its value\'s fields inline in JSON and in protobuf field 2', () => {
    const rule = protoMessageOf(IngressRule);
    const fields = typeof rule.fields === 'function' ? rule.fields() : rule.fields;
    expect(fields.map((f) => [f.name, f.no, f.inline ?? false])).toEqual([
      ['host', 1, false],
      ['ingressRuleValue', 2, true],
    ]);
  });

  it('match k8s.io/api networking/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([NetworkPolicy, IngressClass, Ingress, ServiceCIDR, IPAddress], { ...table, ...moreTable });
  });

  it('serves the kinds with kube\'s names, scope and short names', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['NetworkPolicy', 'networkpolicies', 'networkpolicy', true, 'NetworkPolicyList', ['netpol'], []],
      ['IngressClass', 'ingressclasses', 'ingressclass', false, 'IngressClassList', [], []],
      ['Ingress', 'ingresses', 'ingress', true, 'IngressList', ['ing'], []],
      ['ServiceCIDR', 'servicecidrs', 'servicecidr', false, 'ServiceCIDRList', [], []],
      ['IPAddress', 'ipaddresses', 'ipaddress', false, 'IPAddressList', ['ip'], []],
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

const svcBackend = (name = 'web', port: { name?: string; number?: number } = { number: 80 }) => ({ service: { name, port } });
const ingress = (spec: Ingress['spec'], annotations?: Record<string, string>): Ingress => ({
  metadata: { name: 'web', namespace: 'default', resourceVersion: '1', ...(annotations ? { annotations } : {}) },
  spec,
});
type HTTPRule = NonNullable<NonNullable<NonNullable<Ingress['spec']>['rules']>[number]['http']>;
const rule = (host: string, http: HTTPRule) => ({ host, http });

describe('Ingress validation', () => {
  it('accepts a typical Ingress', () => {
    const ing = ingress({
      ingressClassName: 'nginx',
      defaultBackend: { resource: { apiGroup: 'k8s.example.com', kind: 'StorageBucket', name: 'static' } },
      tls: [{ hosts: ['foo.bar.com', '*.bar.com'], secretName: 'tls-secret' }],
      rules: [
        rule('foo.bar.com', {
          paths: [
            { path: '/api', pathType: 'Prefix', backend: svcBackend('api', { name: 'http' }) },
            { path: '/', pathType: 'Exact', backend: svcBackend() },
          ],
        }),
        rule('*.bar.com', { paths: [{ pathType: 'ImplementationSpecific', backend: svcBackend() }] }),
        { host: 'no-http.bar.com' },
      ],
    });
    expect(ingressKind.validate(ing)).toEqual([]);
  });

  const cases: [string, Ingress['spec'], string[]][] = [
    ['neither a default backend nor rules', {}, ['spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified']],
    ['empty rules', { rules: [] }, ['spec: Invalid value: []networking.IngressRule{}: either `defaultBackend` or `rules` must be specified']],
    ['a backend with both service and resource', { defaultBackend: { ...svcBackend(), resource: { kind: 'K', name: 'n' } } }, ['spec.defaultBackend: Invalid value: "": cannot set both resource and service backends']],
    ['a backend with neither', { defaultBackend: {} }, ['spec.defaultBackend: Invalid value: "": resource or service backend is required']],
    ['a service without a name or port', { defaultBackend: { service: { name: '' } } }, ['spec.defaultBackend.service.name: Required value', 'spec.defaultBackend: Required value: port name or number is required']],
    [
      'a service name that is no DNS-1035 label',
      { defaultBackend: svcBackend('1web') },
      [
        "spec.defaultBackend.service.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    ['both port name and number', { defaultBackend: svcBackend('web', { name: 'http', number: 80 }) }, ['spec.defaultBackend: Invalid value: "": cannot set both port name & port number']],
    ['a port number out of range', { defaultBackend: svcBackend('web', { number: 70000 }) }, ['spec.defaultBackend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive']],
    ['a resource without kind and name', { defaultBackend: { resource: { kind: '', name: '' } } }, ['spec.defaultBackend.resource.kind: Required value: kind is required', 'spec.defaultBackend.resource.name: Required value: name is required']],
    ['a path without pathType', { rules: [rule('', { paths: [{ path: '/', backend: svcBackend() }] })] }, ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified']],
    [
      'an unknown pathType',
      { rules: [rule('', { paths: [{ path: '/', pathType: 'Regex', backend: svcBackend() }] })] },
      ['spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"'],
    ],
    [
      'relative and unclean Prefix and Exact paths',
      {
        rules: [
          rule('', {
            paths: [
              { path: 'foo', pathType: 'Prefix', backend: svcBackend() },
              { path: '/foo//bar/..', pathType: 'Exact', backend: svcBackend() },
              { path: '/foo%2Fbar/.', pathType: 'Prefix', backend: svcBackend() },
            ],
          }),
        ],
      },
      [
        'spec.rules[0].http.paths[0].path: Invalid value: "foo": must be an absolute path',
        "spec.rules[0].http.paths[1].path: Invalid value: \"/foo//bar/..\": must not contain '//'",
        "spec.rules[0].http.paths[1].path: Invalid value: \"/foo//bar/..\": cannot end with '/..'",
        "spec.rules[0].http.paths[2].path: Invalid value: \"/foo%2Fbar/.\": must not contain '%2F'",
        "spec.rules[0].http.paths[2].path: Invalid value: \"/foo%2Fbar/.\": cannot end with '/.'",
      ],
    ],
    ['a relative ImplementationSpecific path', { rules: [rule('', { paths: [{ path: 'foo', pathType: 'ImplementationSpecific', backend: svcBackend() }] })] }, ['spec.rules[0].http.paths[0].path: Invalid value: "foo": must be an absolute path']],
    ['an http rule without paths', { rules: [rule('foo.com', { paths: [] })] }, ['spec.rules[0].http.paths: Required value']],
    ['an IP as host', { rules: [{ host: '10.0.0.1' }] }, ['spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address']],
    [
      'a bad wildcard host',
      { rules: [{ host: 'foo.*.com' }] },
      [
        "spec.rules[0].host: Invalid value: \"foo.*.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
    [
      'a bad TLS host and secret name',
      { defaultBackend: svcBackend(), tls: [{ hosts: ['Foo.com'], secretName: 'Bad_Secret' }] },
      [
        "spec.tls[0].hosts[0]: Invalid value: \"Foo.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "spec.tls[0].secretName: Invalid value: \"Bad_Secret\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
    [
      'a bad ingressClassName',
      { defaultBackend: svcBackend(), ingressClassName: 'Nginx' },
      [
        "spec.ingressClassName: Invalid value: \"Nginx\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    expect(msgs(ingressKind.validate(ingress(spec)))).toEqual(want);
  });

  it('requires the class annotation to match ingressClassName on create only', () => {
    const ing = ingress({ defaultBackend: svcBackend(), ingressClassName: 'nginx' }, { 'kubernetes.io/ingress.class': 'traefik' });
    expect(msgs(ingressKind.validate(ing))).toEqual(['annotations.kubernetes.io/ingress.class: Invalid value: "traefik": must match `ingressClassName` when both are specified']);
    expect(ingressKind.validateUpdate(ing, ing)).toEqual([]);
    expect(ingressKind.validate(ingress({ defaultBackend: svcBackend() }, { 'kubernetes.io/ingress.class': 'traefik' }))).toEqual([]);
  });

  it('updates keep bad secret names and wildcard rules the stored Ingress already had', () => {
    const old = ingress({ rules: [rule('*.foo.com', { paths: [] })], tls: [{ secretName: 'Bad_Secret' }] });
    expect(msgs(ingressKind.validate(old))).toHaveLength(2);
    expect(ingressKind.validateUpdate(old, old)).toEqual([]);
    const fresh = ingress({ rules: [rule('*.foo.com', { paths: [] })] });
    expect(msgs(ingressKind.validateUpdate(fresh, ingress({ defaultBackend: svcBackend() })))).toEqual(['spec.rules[0].http.paths: Required value']);
  });

  it('validates the load balancer status: IPs, and DNS hostnames that are no IPs', () => {
    const base = ingress({ defaultBackend: svcBackend() });
    const withStatus = { ...base, status: { loadBalancer: { ingress: [{ ip: '1.2.3.04' }, { ip: 'bad' }, { hostname: '10.0.0.1' }, { hostname: 'lb.example.com' }] } } };
    expect(msgs(validateIngressStatusUpdate(withStatus, base))).toEqual([
      'status.loadBalancer.ingress[1].ip: Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      'status.loadBalancer.ingress[2].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
    ]);
  });
});

describe('ServiceCIDR validation', () => {
  const sc = (cidrs?: string[], name = 'range'): ServiceCIDR => ({ metadata: { name, resourceVersion: '1' }, spec: cidrs ? { cidrs } : {} });

  it('accepts one CIDR, or one of each family', () => {
    expect(serviceCIDRKind.validate(sc(['10.96.0.0/12']))).toEqual([]);
    expect(serviceCIDRKind.validate(sc(['10.96.0.0/12', 'fd00:10:96::/112']))).toEqual([]);
  });

  const cases: [string, string[] | undefined, string[]][] = [
    ['no CIDRs', undefined, ['spec.cidrs: Required value: at least one CIDR required']],
    [
      'three CIDRs',
      ['10.0.0.0/24', '10.1.0.0/24', '10.2.0.0/24'],
      ['spec.cidrs: Invalid value: networking.ServiceCIDRSpec{CIDRs:[]string{"10.0.0.0/24", "10.1.0.0/24", "10.2.0.0/24"}}: may only hold up to 2 values'],
    ],
    ['two of one family', ['10.0.0.0/24', '10.1.0.0/24'], ['spec.cidrs: Invalid value: []string{"10.0.0.0/24", "10.1.0.0/24"}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64']],
    ['no CIDR', ['10.0.0.0'], ['spec.cidrs[0]: Invalid value: "10.0.0.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']],
    ['host bits', ['10.0.0.1/24'], ['spec.cidrs[0]: Invalid value: "10.0.0.1/24": must not have bits set beyond the prefix length']],
    ['leading zeros', ['010.0.0.0/24'], ['spec.cidrs[0]: Invalid value: "010.0.0.0/24": must not have leading 0s in IP or prefix length']],
    ['an IPv4-mapped IPv6 CIDR', ['::ffff:10.0.0.0/120'], ['spec.cidrs[0]: Invalid value: "::ffff:10.0.0.0/120": must not have an IPv4-mapped IPv6 address']],
    ['a non-canonical IPv6 CIDR', ['FD00:0:0::/64'], ['spec.cidrs[0]: Invalid value: "FD00:0:0::/64": must be in canonical form ("fd00::/64")']],
  ];

  it.each(cases)('rejects %s', (_name, cidrs, want) => {
    expect(msgs(serviceCIDRKind.validate(sc(cidrs)))).toEqual(want);
  });

  it('keeps the CIDRs immutable, except that a single-stack range may become dual-stack', () => {
    const old = sc(['10.96.0.0/12']);
    expect(msgs(serviceCIDRKind.validateUpdate(sc(['10.100.0.0/16']), old))).toEqual(['spec.cidrs[0]: Invalid value: "10.100.0.0/16": field is immutable']);
    expect(serviceCIDRKind.validateUpdate(sc(['10.96.0.0/12', 'fd00::/108']), old)).toEqual([]);
    expect(msgs(serviceCIDRKind.validateUpdate(sc(['10.96.0.0/12', '10.97.0.0/16']), old))).toEqual([
      'spec.cidrs: Invalid value: []string{"10.96.0.0/12", "10.97.0.0/16"}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
    ]);
    expect(msgs(serviceCIDRKind.validateUpdate(sc(['10.96.0.0/12']), sc(['10.96.0.0/12', 'fd00::/108'])))).toEqual([
      'spec.cidrs: Invalid value: []string{"10.96.0.0/12"}: field is immutable',
    ]);
  });
});

describe('IPAddress validation', () => {
  const ip = (name: string, parentRef?: NonNullable<IPAddress['spec']>['parentRef']): IPAddress => ({
    metadata: { name, resourceVersion: '1' },
    spec: parentRef ? { parentRef } : {},
  });
  const svc = { group: '', resource: 'services', namespace: 'default', name: 'kubernetes' };

  it('accepts canonical addresses with a parent', () => {
    expect(ipAddressKind.validate(ip('10.96.0.1', svc))).toEqual([]);
    expect(ipAddressKind.validate(ip('2001:db8::1', svc))).toEqual([]);
  });

  const cases: [string, IPAddress, string[]][] = [
    ['no parentRef', ip('10.96.0.1'), ['spec.parentRef: Required value']],
    ['a parent without resource and name', ip('10.96.0.1', { group: 'Bad_Group' }), [
      "spec.parentRef.group: Invalid value: \"Bad_Group\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.parentRef.resource: Required value',
      'spec.parentRef.name: Required value',
    ]],
    ['a name that is no IP', ip('foo', svc), ['metadata.name: Invalid value: "foo": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']],
    ['a non-canonical IPv6 name', ip('2001:db8:0:0::1', svc), ['metadata.name: Invalid value: "2001:db8:0:0::1": must be in canonical form ("2001:db8::1")']],
    ['a name with leading zeros', ip('10.096.0.1', svc), ['metadata.name: Invalid value: "10.096.0.1": must not have leading 0s']],
    ['an IPv4-mapped name', ip('::ffff:10.96.0.1', svc), ['metadata.name: Invalid value: "::ffff:10.96.0.1": must not be an IPv4-mapped IPv6 address']],
  ];

  it.each(cases)('rejects %s', (_name, obj, want) => {
    expect(msgs(ipAddressKind.validate(obj))).toEqual(want);
  });

  it('keeps the parentRef immutable', () => {
    expect(msgs(ipAddressKind.validateUpdate(ip('10.96.0.1', { ...svc, name: 'other' }), ip('10.96.0.1', svc)))).toEqual([
      'spec.parentRef: Invalid value: networking.ParentReference{Group:"", Resource:"services", Namespace:"default", Name:"other"}: field is immutable',
    ]);
  });
});

describe('the objects the apiserver keeps for Service IP allocation', () => {
  it('the default ServiceCIDR and a Service IP\'s IPAddress are valid', () => {
    const sc = defaultServiceCIDR(['10.96.0.0/12', 'fd00:10:96::/112'], '2025-01-01T00:00:00Z');
    expect(sc.metadata).toEqual({ name: 'kubernetes' });
    expect(sc.status!.conditions!.map((c) => [c.type, c.status, c.message])).toEqual([['Ready', 'True', 'Kubernetes default Service CIDR is ready']]);
    expect(serviceCIDRKind.validate(sc)).toEqual([]);
    const ip = serviceIPAddress('10.96.0.1', { namespace: 'default', name: 'kubernetes' });
    expect(ip.metadata!.labels).toEqual({ 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' });
    expect(ip.spec).toEqual({ parentRef: { group: '', resource: 'services', namespace: 'default', name: 'kubernetes' } });
    expect(ipAddressKind.validate(ip)).toEqual([]);
    expect(serviceIPAddress('fd00:10:96::1', { namespace: 'default', name: 'kubernetes' }).metadata!.labels!['ipaddress.kubernetes.io/ip-family']).toBe('IPv6');
  });
});

describe('kube\'s object metadata rules (core ValidateObjectMeta) apply to every networking kind', () => {
  it('refuses a finalizer that is neither standard nor fully qualified', () => {
    const want = ['metadata.finalizers[0]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified'];
    const np = policy();
    np.metadata!.finalizers = ['cleanup'];
    expect(msgs(networkPolicyKind.validate(np))).toEqual(want);
    const ic = ingressClass({ controller: 'k8s.io/ingress-nginx' });
    ic.metadata!.finalizers = ['cleanup'];
    expect(msgs(ingressClassKind.validate(ic))).toEqual(want);
    const ing = ingress({ defaultBackend: svcBackend() });
    ing.metadata!.finalizers = ['cleanup'];
    expect(msgs(ingressKind.validate(ing))).toEqual(want);
  });
});

describe('IP text forms (Go net.IP.String, netip strictness)', () => {
  const canonical: [string, string][] = [
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['FE80::1', 'fe80::1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
  ];
  it.each(canonical)('%s prints as %s', (text, want) => {
    expect(ipString(parseIPSloppy(text)!)).toBe(want);
  });
});

describe('DefaultIngressClass admission (for the admission chain)', () => {
  const cls = (name: string, created: string, isDefault = true): IngressClass => ({
    metadata: { name, creationTimestamp: created, ...(isDefault ? { annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } } : {}) },
    spec: { controller: 'k8s.io/ingress-nginx' },
  });
  const classes = [cls('old', '2025-01-01T00:00:00Z'), cls('b-new', '2025-02-01T00:00:00Z'), cls('a-new', '2025-02-01T00:00:00Z'), cls('newest-not-default', '2025-03-01T00:00:00Z', false)];

  it('gives a classless Ingress the newest default class (ties by name)', () => {
    const ing = ingress({ defaultBackend: svcBackend() });
    expect(admitDefaultIngressClass(ing, classes)).toBe(true);
    expect(ing.spec!.ingressClassName).toBe('a-new');
  });

  it('leaves Ingresses with a class name or the class annotation, and does nothing without a default class', () => {
    const named = ingress({ defaultBackend: svcBackend(), ingressClassName: 'x' });
    expect(admitDefaultIngressClass(named, classes)).toBe(false);
    const annotated = ingress({ defaultBackend: svcBackend() }, { 'kubernetes.io/ingress.class': 'x' });
    expect(admitDefaultIngressClass(annotated, classes)).toBe(false);
    expect(annotated.spec!.ingressClassName).toBeUndefined();
    const plain = ingress({ defaultBackend: svcBackend() });
    expect(admitDefaultIngressClass(plain, [cls('c', '2025-01-01T00:00:00Z', false)])).toBe(false);
  });
});
