// networking.k8s.io/v1 with kubectl against `kapi serve` (issue 13): NetworkPolicy and
// IngressClass created from YAML, printed with kube's columns, refused with kube's messages, and
// applied server-side.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, kubectlPath, startKapiServe, type ServeProcess } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the networking kubectl tests are skipped');

const group = 'networking.k8s.io';

const rows = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s{2,}/));

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

describe.skipIf(!kubectlPath)('networking.k8s.io with kubectl against kapi serve', () => {
  let serve: ServeProcess;
  let dir: string;
  const k = (...args: string[]) => kubectl(serve.kubeconfig, args);
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-networking-'));
    serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0']);
  });
  afterAll(async () => {
    await serve?.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  it('discovers both resources with kube\'s scope and short names', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    const verbs = 'create,delete,deletecollection,get,list,patch,update,watch';
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['ingressclasses', `${group}/v1`, 'false', 'IngressClass', verbs],
      ['networkpolicies', 'netpol', `${group}/v1`, 'true', 'NetworkPolicy', verbs],
    ]);
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
});
