// networking.k8s.io/v1 and discovery.k8s.io/v1 with kubectl against `kapi serve` (issue 13):
// NetworkPolicy, IngressClass, Ingress, ServiceCIDR, IPAddress and EndpointSlice created from YAML
// (and `kubectl create ingress`), printed with kube's columns, refused with kube's messages, their
// status subresources, and applied server-side.
import { describe, expect, it } from 'vitest';
import { builtinResources, resourceInfoOf } from '@kapi/registry';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the networking kubectl tests are skipped');

const group = 'networking.k8s.io';

const rows = tableRows;

const policy = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: api-allow
  namespace: default
spec:
  podSelector:
    matchLabels:
      app: api
    matchExpressions:
    - {key: tier, operator: In, values: [web, backend]}
  ingress:
  - from:
    - podSelector:
        matchLabels:
          role: frontend
    - ipBlock:
        cidr: 172.17.0.0/16
        except: [172.17.1.0/24]
    ports:
    - port: 6379
      endPort: 6390
  egress:
  - to:
    - namespaceSelector: {}
    ports:
    - protocol: UDP
      port: dns
`;

const deny = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny
  namespace: default
spec:
  podSelector: {}
`;

const ingressClass = `apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
  parameters:
    apiGroup: k8s.example.com
    kind: IngressParameters
    name: external-lb
`;

const ingressYaml = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: default
spec:
  ingressClassName: nginx
  tls:
  - hosts: [foo.bar.com]
    secretName: foo-tls
  rules:
  - host: foo.bar.com
    http:
      paths:
      - path: /api
        pathType: Prefix
        backend:
          service:
            name: api
            port:
              name: http
      - path: /
        pathType: Exact
        backend:
          service:
            name: web
            port:
              number: 80
  - host: "*.bar.com"
    http:
      paths:
      - pathType: ImplementationSpecific
        backend:
          resource:
            apiGroup: k8s.example.com
            kind: StorageBucket
            name: static
`;

const endpointSliceYaml = `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: web-abc12
  namespace: default
  labels:
    kubernetes.io/service-name: web
    endpointslice.kubernetes.io/managed-by: my-controller.example.com
addressType: IPv4
ports:
- name: http
  port: 8080
- name: metrics
  protocol: TCP
  port: 9090
  appProtocol: http
endpoints:
- addresses: [10.1.2.3]
  conditions: {ready: true, serving: true, terminating: false}
  nodeName: node-1
  zone: us-east-1a
  deprecatedTopology: {kubernetes.io/hostname: node-1}
- addresses: [10.1.2.4]
  conditions: {ready: false}
  hints:
    forZones: [{name: us-east-1a}]
    forNodes: [{name: node-2}]
- addresses: [10.1.2.5]
- addresses: [10.1.2.6]
`;

const serviceCIDRYaml = `apiVersion: networking.k8s.io/v1
kind: ServiceCIDR
metadata:
  name: extra
spec:
  cidrs: [10.200.0.0/16]
`;

const ipAddressYaml = `apiVersion: networking.k8s.io/v1
kind: IPAddress
metadata:
  name: 10.200.0.10
spec:
  parentRef:
    group: ""
    resource: services
    namespace: default
    name: web
`;

describe.skipIf(!kubectlPath)('networking.k8s.io with kubectl against kapi serve', () => {
  const fx = useKapiServe('networking');
  const { k, file } = fx;


  it('discovers the resources with kube\'s scope and short names', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    const verbs = 'create,delete,deletecollection,get,list,patch,update,watch';
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['ingressclasses', `${group}/v1`, 'false', 'IngressClass', verbs],
      ['ingresses', 'ing', `${group}/v1`, 'true', 'Ingress', verbs],
      ['ipaddresses', 'ip', `${group}/v1`, 'false', 'IPAddress', verbs],
      ['networkpolicies', 'netpol', `${group}/v1`, 'true', 'NetworkPolicy', verbs],
      ['servicecidrs', `${group}/v1`, 'false', 'ServiceCIDR', verbs],
    ]);
    const discovery = await k('api-resources', '--api-group=discovery.k8s.io', '-o', 'wide');
    expect(rows(discovery.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['endpointslices', 'discovery.k8s.io/v1', 'true', 'EndpointSlice', verbs],
    ]);
  });

  it('stores each kind under kube-apiserver\'s etcd key (test/integration/etcd/data.go)', () => {
    const keys = Object.fromEntries(
      builtinResources
        .filter((r) => r.definition.group === group || r.definition.group === 'discovery.k8s.io')
        .map((r) => [r.definition.resource, `/registry${resourceInfoOf(r.definition, r.keyPrefix).keyPrefix}`]),
    );
    expect(keys).toEqual({
      networkpolicies: '/registry/networkpolicies',
      ingressclasses: '/registry/ingressclasses',
      ingresses: '/registry/ingress',
      servicecidrs: '/registry/servicecidrs',
      ipaddresses: '/registry/ipaddresses',
      endpointslices: '/registry/endpointslices',
    });
  });

  it('creates NetworkPolicies from YAML with kube\'s defaults and prints their pod selector', async () => {
    const made = await k('create', '-f', file('policy.yaml', policy), '-f', file('deny.yaml', deny));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual([`networkpolicy.${group}/api-allow created`, `networkpolicy.${group}/default-deny created`]);
    const np = JSON.parse((await k('get', 'netpol', 'api-allow', '-n', 'default', '-o', 'json')).stdout);
    expect(np.metadata.generation).toBe(1);
    expect(np.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(np.spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: 6379, endPort: 6390 }]);
    expect(np.spec.egress[0].ports).toEqual([{ protocol: 'UDP', port: 'dns' }]);
    const denyObj = JSON.parse((await k('get', 'netpol', 'default-deny', '-n', 'default', '-o', 'json')).stdout);
    expect(denyObj.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    const got = rows((await k('get', 'networkpolicies', '-n', 'default', '-o', 'wide')).stdout);
    expect(got[0]).toEqual(['NAME', 'POD-SELECTOR', 'AGE']);
    expect(got[1]).toEqual(['api-allow', 'app=api,tier in (backend,web)', expect.stringMatching(/^\d+s$/)]);
    expect(got[2]).toEqual(['default-deny', '<none>', expect.stringMatching(/^\d+s$/)]);
  });

  it('refuses NetworkPolicies kube refuses, with kube\'s messages', async () => {
    const bad = policy.replace('except: [172.17.1.0/24]', 'except: [10.0.0.0/8]').replace('endPort: 6390', 'endPort: 6000').replace('name: api-allow', 'name: bad');
    const got = await k('create', '-f', file('bad.yaml', bad));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The NetworkPolicy "bad" is invalid: \n' +
        '* spec.ingress[0].ports[0].endPort: Invalid value: 6000: must be greater than or equal to `port`\n' +
        '* spec.ingress[0].from[1].ipBlock.except[0]: Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`',
    );
    const peer = await k('patch', 'netpol', 'api-allow', '-n', 'default', '--type=json', '-p', '[{"op":"add","path":"/spec/ingress/0/from/1/podSelector","value":{}}]');
    expect(peer.code).not.toBe(0);
    expect(peer.stderr.trim()).toBe('The NetworkPolicy "api-allow" is invalid: spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer');
  });

  it('bumps the generation when the spec changes', async () => {
    const patched = await k('patch', 'netpol', 'default-deny', '-n', 'default', '--type=merge', '-p', '{"spec":{"policyTypes":["Ingress","Egress"]}}');
    expect(patched.stdout.trim()).toBe(`networkpolicy.${group}/default-deny patched`);
    const np = JSON.parse((await k('get', 'netpol', 'default-deny', '-n', 'default', '-o', 'json')).stdout);
    expect(np.metadata.generation).toBe(2);
  });

  it('creates IngressClasses with kube\'s defaults and columns; the controller is immutable', async () => {
    const made = await k('create', '-f', file('ic.yaml', ingressClass));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe(`ingressclass.${group}/nginx created`);
    const ic = JSON.parse((await k('get', 'ingressclass', 'nginx', '-o', 'json')).stdout);
    expect(ic.spec.parameters).toEqual({ apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb', scope: 'Cluster' });
    const got = rows((await k('get', 'ingressclasses', '-o', 'wide')).stdout);
    expect(got[0]).toEqual(['NAME', 'CONTROLLER', 'PARAMETERS', 'AGE']);
    expect(got[1]).toEqual(['nginx', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/external-lb', expect.stringMatching(/^\d+s$/)]);
    const changed = await k('patch', 'ingressclass', 'nginx', '--type=merge', '-p', '{"spec":{"controller":"example.com/other"}}');
    expect(changed.code).not.toBe(0);
    expect(changed.stderr.trim()).toBe('The IngressClass "nginx" is invalid: spec.controller: Invalid value: "example.com/other": field is immutable');
    const ns = await k('patch', 'ingressclass', 'nginx', '--type=merge', '-p', '{"spec":{"parameters":{"namespace":"default"}}}');
    expect(ns.stderr.trim()).toBe("The IngressClass \"nginx\" is invalid: spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'");
  });

  it('applies both kinds server-side, twice', async () => {
    const text = `${policy.replace('name: api-allow', 'name: ssa-policy')}---\n${ingressClass.replace('name: nginx', 'name: ssa-class')}`;
    const path = file('ssa.yaml', text);
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim().split('\n')).toEqual([`networkpolicy.${group}/ssa-policy serverside-applied`, `ingressclass.${group}/ssa-class serverside-applied`]);
    const again = await k('apply', '--server-side', '-f', path);
    expect(again.stdout.trim().split('\n')).toEqual([`networkpolicy.${group}/ssa-policy serverside-applied`, `ingressclass.${group}/ssa-class serverside-applied`]);
    const np = JSON.parse((await k('get', 'netpol', 'ssa-policy', '-n', 'default', '-o', 'json', '--show-managed-fields')).stdout);
    expect(np.metadata.generation).toBe(1);
    expect(np.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
  });
  it('creates Ingresses from YAML and prints kube\'s columns; create clears the status', async () => {
    const withStatus = `${ingressYaml}status:\n  loadBalancer:\n    ingress: [{ip: 192.0.2.1}]\n`;
    const made = await k('create', '-f', file('ing.yaml', withStatus));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe(`ingress.${group}/web created`);
    const ing = JSON.parse((await k('get', 'ing', 'web', '-n', 'default', '-o', 'json')).stdout);
    expect(ing.metadata.generation).toBe(1);
    expect(ing.status).toEqual({ loadBalancer: {} });
    expect(ing.spec.rules[1]).toEqual({
      host: '*.bar.com',
      http: { paths: [{ pathType: 'ImplementationSpecific', backend: { resource: { apiGroup: 'k8s.example.com', kind: 'StorageBucket', name: 'static' } } }] },
    });
    const got = rows((await k('get', 'ingresses', '-n', 'default', '-o', 'wide')).stdout);
    expect(got[0]).toEqual(['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS', 'AGE']);
    expect(got[1]).toEqual(['web', 'nginx', 'foo.bar.com,*.bar.com', '80, 443', expect.stringMatching(/^\d+s$/)]);
  });

  it('creates an Ingress with `kubectl create ingress`', async () => {
    const made = await k('create', 'ingress', 'simple', '-n', 'default', '--class=default', '--rule=foo.com/bar=svc1:8080,tls=my-cert', '--rule=bar.com/*=svc2:http');
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe(`ingress.${group}/simple created`);
    const ing = JSON.parse((await k('get', 'ingress', 'simple', '-n', 'default', '-o', 'json')).stdout);
    expect(ing.spec).toEqual({
      ingressClassName: 'default',
      rules: [
        { host: 'foo.com', http: { paths: [{ path: '/bar', pathType: 'Exact', backend: { service: { name: 'svc1', port: { number: 8080 } } } }] } },
        { host: 'bar.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'svc2', port: { name: 'http' } } } }] } },
      ],
      tls: [{ hosts: ['foo.com'], secretName: 'my-cert' }],
    });
    const got = rows((await k('get', 'ing', 'simple', '-n', 'default')).stdout);
    expect(got[1]).toEqual(['simple', 'default', 'foo.com,bar.com', '80, 443', expect.stringMatching(/^\d+s$/)]);
  });

  it('refuses Ingresses kube refuses, with kube\'s messages', async () => {
    const bad = ingressYaml
      .replace('name: web', 'name: bad')
      .replace('host: foo.bar.com', 'host: 10.0.0.1')
      .replace('        pathType: Exact\n', '')
      .replace('ingressClassName: nginx', 'ingressClassName: nginx\n  defaultBackend:\n    service:\n      name: web')
      .replace('  namespace: default', '  namespace: default\n  annotations:\n    kubernetes.io/ingress.class: traefik');
    const got = await k('create', '-f', file('bad-ing.yaml', bad));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The Ingress "bad" is invalid: \n' +
        '* spec.defaultBackend: Required value: port name or number is required\n' +
        '* spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address\n' +
        '* spec.rules[0].http.paths[1].pathType: Required value: pathType must be specified\n' +
        '* annotations.kubernetes.io/ingress.class: Invalid value: "traefik": must match `ingressClassName` when both are specified',
    );
    const empty = await k('patch', 'ing', 'web', '-n', 'default', '--type=json', '-p', '[{"op":"remove","path":"/spec/rules"}]');
    expect(empty.stderr.trim()).toBe('The Ingress "web" is invalid: spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified');
  });

  it('serves the Ingress status subresource: only status moves, the spec and generation stay', async () => {
    const status = await k('patch', 'ing', 'web', '-n', 'default', '--subresource=status', '--type=merge', '-p', '{"spec":{"ingressClassName":"other"},"status":{"loadBalancer":{"ingress":[{"ip":"192.0.2.10"},{"hostname":"lb.example.com"}]}}}');
    expect(status.stderr).toBe('');
    expect(status.stdout.trim()).toBe(`ingress.${group}/web patched`);
    const ing = JSON.parse((await k('get', 'ing', 'web', '-n', 'default', '-o', 'json')).stdout);
    expect(ing.spec.ingressClassName).toBe('nginx');
    expect(ing.metadata.generation).toBe(1);
    expect(ing.status).toEqual({ loadBalancer: { ingress: [{ ip: '192.0.2.10' }, { hostname: 'lb.example.com' }] } });
    const got = rows((await k('get', 'ing', 'web', '-n', 'default')).stdout);
    expect(got[1]).toEqual(['web', 'nginx', 'foo.bar.com,*.bar.com', '192.0.2.10,lb.example.com', '80, 443', expect.stringMatching(/^\d+s$/)]);
    // Status written through the main resource is ignored; a spec change bumps the generation.
    await k('patch', 'ing', 'web', '-n', 'default', '--type=merge', '-p', '{"spec":{"ingressClassName":"other"},"status":{"loadBalancer":{"ingress":[{"ip":"192.0.2.99"}]}}}');
    const after = JSON.parse((await k('get', 'ing', 'web', '-n', 'default', '-o', 'json')).stdout);
    expect(after.metadata.generation).toBe(2);
    expect(after.status.loadBalancer.ingress[0]).toEqual({ ip: '192.0.2.10' });
    const bad = await k('patch', 'ing', 'web', '-n', 'default', '--subresource=status', '--type=merge', '-p', '{"status":{"loadBalancer":{"ingress":[{"hostname":"10.0.0.1"}]}}}');
    expect(bad.stderr.trim()).toBe('The Ingress "web" is invalid: status.loadBalancer.ingress[0].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address');
  });

  it('creates ServiceCIDRs and IPAddresses with kube\'s columns and rules', async () => {
    const made = await k('create', '-f', file('sc.yaml', serviceCIDRYaml), '-f', file('ip.yaml', ipAddressYaml));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual([`servicecidr.${group}/extra created`, `ipaddress.${group}/10.200.0.10 created`]);
    const sc = rows((await k('get', 'servicecidrs', 'extra')).stdout);
    expect(sc).toEqual([
      ['NAME', 'CIDRS', 'AGE'],
      ['extra', '10.200.0.0/16', expect.stringMatching(/^\d+s$/)],
    ]);
    const ip = rows((await k('get', 'ipaddresses', '10.200.0.10')).stdout);
    expect(ip).toEqual([
      ['NAME', 'PARENTREF'],
      ['10.200.0.10', 'services/default/web'],
    ]);
    const dual = await k('patch', 'servicecidr', 'extra', '--type=merge', '-p', '{"spec":{"cidrs":["10.200.0.0/16","fd00:200::/112"]}}');
    expect(dual.stderr).toBe('');
    const changed = await k('patch', 'servicecidr', 'extra', '--type=merge', '-p', '{"spec":{"cidrs":["10.201.0.0/16","fd00:200::/112"]}}');
    expect(changed.stderr.trim()).toBe('The ServiceCIDR "extra" is invalid: spec.cidrs[0]: Invalid value: "10.201.0.0/16": field is immutable');
    const badCidr = await k('create', '-f', file('sc-bad.yaml', serviceCIDRYaml.replace('name: extra', 'name: bad').replace('10.200.0.0/16', '10.200.0.1/16')));
    expect(badCidr.stderr.trim()).toBe('The ServiceCIDR "bad" is invalid: spec.cidrs[0]: Invalid value: "10.200.0.1/16": must not have bits set beyond the prefix length');
    const badIP = await k('create', '-f', file('ip-bad.yaml', ipAddressYaml.replace('10.200.0.10', '2001:db8:0::1')));
    expect(badIP.stderr.trim()).toBe('The IPAddress "2001:db8:0::1" is invalid: metadata.name: Invalid value: "2001:db8:0::1": must be in canonical form ("2001:db8::1")');
    const moved = await k('patch', 'ipaddress', '10.200.0.10', '--type=merge', '-p', '{"spec":{"parentRef":{"name":"other"}}}');
    expect(moved.stderr.trim()).toBe(
      'The IPAddress "10.200.0.10" is invalid: spec.parentRef: Invalid value: networking.ParentReference{Group:"", Resource:"services", Namespace:"default", Name:"other"}: field is immutable',
    );
    const status = await k('patch', 'servicecidr', 'extra', '--subresource=status', '--type=merge', '-p', '{"status":{"conditions":[{"type":"Ready","status":"True","reason":"","message":"","lastTransitionTime":"2025-01-01T00:00:00Z"}]}}');
    expect(status.stderr).toBe('');
    const got = JSON.parse((await k('get', 'servicecidr', 'extra', '-o', 'json')).stdout);
    expect(got.spec.cidrs).toEqual(['10.200.0.0/16', 'fd00:200::/112']);
    expect(got.status.conditions.map((c: { type: string; status: string }) => `${c.type}=${c.status}`)).toEqual(['Ready=True']);
  });

  it('keeps an IPAddress for each Service cluster IP, the kubernetes Service\'s included, and drops it with the Service', async () => {
    const byName = async () => new Map(rows((await k('get', 'ipaddresses')).stdout).map(([name, ref]) => [name, ref]));
    const made = await k('create', 'service', 'clusterip', 'ipsvc', '--tcp=80:8080');
    expect(made.stderr).toBe('');
    const ip = (await k('get', 'service', 'ipsvc', '-o', 'jsonpath={.spec.clusterIP}')).stdout.trim();
    expect(ip).toMatch(/^10\.(9[6-9]|10\d|11[01])\.\d+\.\d+$/);
    const listed = await byName();
    expect(listed.get('NAME')).toBe('PARENTREF');
    expect(listed.get('10.96.0.1')).toBe('services/default/kubernetes');
    expect(listed.get(ip)).toBe('services/default/ipsvc');
    const got = JSON.parse((await k('get', 'ipaddress', ip, '-o', 'json')).stdout);
    expect(got.metadata.labels).toEqual({ 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' });
    // group is omitempty in v1: the core group prints as no group.
    expect(got.spec.parentRef).toEqual({ resource: 'services', namespace: 'default', name: 'ipsvc' });
    const taken = await k('create', 'service', 'clusterip', 'dup', '--tcp=80', `--clusterip=${ip}`);
    expect(taken.stderr.trim()).toBe(`error: failed to create ClusterIP service: Service "dup" is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: provided IP is already allocated`);
    expect((await k('delete', 'service', 'ipsvc')).stderr).toBe('');
    const after = await byName();
    expect(after.has(ip)).toBe(false);
    expect(after.get('10.96.0.1')).toBe('services/default/kubernetes');
    expect((await k('get', 'ipaddress', ip)).stderr.trim()).toBe(`Error from server (NotFound): ipaddresses.networking.k8s.io "${ip}" not found`);
  });

  it('creates EndpointSlices with kube\'s defaults, drops what v1 may not write, and prints kube\'s columns', async () => {
    const made = await k('create', '-f', file('eps.yaml', endpointSliceYaml));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe('endpointslice.discovery.k8s.io/web-abc12 created');
    const eps = JSON.parse((await k('get', 'endpointslice', 'web-abc12', '-n', 'default', '-o', 'json')).stdout);
    expect(eps.metadata.generation).toBe(1);
    expect(eps.ports).toEqual([
      { name: 'http', protocol: 'TCP', port: 8080 },
      { name: 'metrics', protocol: 'TCP', port: 9090, appProtocol: 'http' },
    ]);
    // deprecatedTopology is not writable through v1; hints for nodes need PreferSameTrafficDistribution (alpha).
    expect(eps.endpoints[0]).toEqual({ addresses: ['10.1.2.3'], conditions: { ready: true, serving: true, terminating: false }, nodeName: 'node-1', zone: 'us-east-1a' });
    expect(eps.endpoints[1]).toEqual({ addresses: ['10.1.2.4'], conditions: { ready: false }, hints: { forZones: [{ name: 'us-east-1a' }] } });
    // Go writes the (non-pointer) conditions struct of every endpoint.
    expect(eps.endpoints[2]).toEqual({ addresses: ['10.1.2.5'], conditions: {} });
    const got = rows((await k('get', 'endpointslices', '-n', 'default')).stdout);
    expect(got[0]).toEqual(['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE']);
    expect(got.find((r) => r[0] === 'web-abc12')).toEqual(['web-abc12', 'IPv4', '8080,9090', '10.1.2.3,10.1.2.4,10.1.2.5 + 1 more...', expect.stringMatching(/^\d+s$/)]);
    const selected = await k('get', 'endpointslices', '-n', 'default', '-l', 'kubernetes.io/service-name=web', '-o', 'name');
    expect(selected.stdout.trim()).toBe('endpointslice.discovery.k8s.io/web-abc12');
  });

  it('bumps an EndpointSlice\'s generation on label and endpoint changes, not on annotations', async () => {
    const gen = async () => JSON.parse((await k('get', 'endpointslice', 'web-abc12', '-n', 'default', '-o', 'json')).stdout).metadata.generation;
    await k('annotate', 'endpointslice', 'web-abc12', '-n', 'default', 'note=x');
    expect(await gen()).toBe(1);
    await k('label', 'endpointslice', 'web-abc12', '-n', 'default', 'tier=web');
    expect(await gen()).toBe(2);
    await k('patch', 'endpointslice', 'web-abc12', '-n', 'default', '--type=json', '-p', '[{"op":"remove","path":"/endpoints/3"}]');
    expect(await gen()).toBe(3);
  });

  it('prints many hosts and addresses, and empty slices, as kube does', async () => {
    const hosts = ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com'].map((h) => `--rule=${h}/=svc:80`);
    // The class annotation keeps kube's DefaultIngressClass admission from setting ingressClassName.
    expect((await k('create', 'ingress', 'many', '-n', 'default', '--annotation=kubernetes.io/ingress.class=nginx', ...hosts)).stderr).toBe('');
    const ing = rows((await k('get', 'ing', 'many', '-n', 'default')).stdout);
    expect(ing[1]).toEqual(['many', '<none>', 'a.example.com,b.example.com,c.example.com + 1 more...', '80', expect.stringMatching(/^\d+s$/)]);
    const empty = 'apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: empty, namespace: default}\naddressType: FQDN\nendpoints: []\n';
    expect((await k('create', '-f', file('empty.yaml', empty))).stderr).toBe('');
    const eps = rows((await k('get', 'endpointslice', 'empty', '-n', 'default')).stdout);
    expect(eps[1]).toEqual(['empty', 'FQDN', '<unset>', '<unset>', expect.stringMatching(/^\d+s$/)]);
  });

  it('refuses EndpointSlices kube refuses, with kube\'s messages', async () => {
    const bad = endpointSliceYaml
      .replace('name: web-abc12', 'name: bad')
      .replace('addresses: [10.1.2.5]', 'addresses: [127.0.0.1]')
      .replace('addresses: [10.1.2.6]', 'addresses: [2001:db8::1]')
      .replace('name: metrics', 'name: http');
    const got = await k('create', '-f', file('eps-bad.yaml', bad));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The EndpointSlice "bad" is invalid: \n' +
        '* endpoints[2].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)\n' +
        '* endpoints[3].addresses: Invalid value: "2001:db8::1": must be an IPv4 address\n' +
        '* ports[1].name: Duplicate value: "http"',
    );
    const immutable = await k('patch', 'endpointslice', 'web-abc12', '-n', 'default', '--type=merge', '-p', '{"addressType":"IPv6","endpoints":[]}');
    expect(immutable.stderr.trim()).toBe('The EndpointSlice "web-abc12" is invalid: addressType: Invalid value: "IPv6": field is immutable');
  });

  it('applies Ingresses and EndpointSlices server-side, twice', async () => {
    const text = `${ingressYaml.replace('name: web', 'name: ssa-ingress')}---\n${endpointSliceYaml.replace('name: web-abc12', 'name: ssa-slice').replace(/ {2}deprecatedTopology.*\n/, '').replace(/ {4}forNodes.*\n/, '')}`;
    const path = file('ssa-2.yaml', text);
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim().split('\n')).toEqual([`ingress.${group}/ssa-ingress serverside-applied`, 'endpointslice.discovery.k8s.io/ssa-slice serverside-applied']);
    const again = await k('apply', '--server-side', '-f', path);
    expect(again.stderr).toBe('');
    const ing = JSON.parse((await k('get', 'ing', 'ssa-ingress', '-n', 'default', '-o', 'json', '--show-managed-fields')).stdout);
    expect(ing.metadata.generation).toBe(1);
    expect(ing.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
    const eps = JSON.parse((await k('get', 'endpointslice', 'ssa-slice', '-n', 'default', '-o', 'json')).stdout);
    expect(eps.metadata.generation).toBe(1);
    expect(eps.endpoints).toHaveLength(4);
  });
});
