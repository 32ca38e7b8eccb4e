// authentication.k8s.io/v1, authorization.k8s.io/v1 and componentstatuses with kubectl against
// `kapi serve` (issue 13). kapi has no authenticator yet: a request without credentials is
// system:anonymous in system:unauthenticated, as kube-apiserver takes one with --anonymous-auth,
// and the authorizer is AlwaysAllow's (kube's --authorization-mode=AlwaysAllow).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlPath, type KubectlResult, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the auth kubectl tests are skipped');

const rows = tableRows;

/** kubectl with `input` on stdin (for `-f -`). */
function kubectlIn(kubeconfig: string, args: string[], input: string): Promise<KubectlResult> {
  const cache = mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  return new Promise((resolve) => {
    const child = execFile(kubectlPath!, [`--kubeconfig=${kubeconfig}`, `--cache-dir=${cache}`, ...args], { timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin!.end(input);
  });
}

const sar = `apiVersion: authorization.k8s.io/v1
kind: SubjectAccessReview
spec:
  resourceAttributes:
    namespace: default
    verb: get
    resource: pods
  user: jane
  groups: [dev]
`;

describe.skipIf(!kubectlPath)('authentication, authorization and componentstatuses with kubectl against kapi serve', () => {
  const fx = useKapiServe('auth');
  const { k } = fx;
  const kin = (input: string, ...args: string[]) => kubectlIn(fx.serve.kubeconfig, args, input);


  it('discovers the reviews as create-only resources, and componentstatuses as cs', async () => {
    const authz = await k('api-resources', '--api-group=authorization.k8s.io', '-o', 'wide');
    expect(authz.stderr).toBe('');
    expect(rows(authz.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['localsubjectaccessreviews', 'authorization.k8s.io/v1', 'true', 'LocalSubjectAccessReview', 'create'],
      ['selfsubjectaccessreviews', 'authorization.k8s.io/v1', 'false', 'SelfSubjectAccessReview', 'create'],
      ['selfsubjectrulesreviews', 'authorization.k8s.io/v1', 'false', 'SelfSubjectRulesReview', 'create'],
      ['subjectaccessreviews', 'authorization.k8s.io/v1', 'false', 'SubjectAccessReview', 'create'],
    ]);
    const authn = await k('api-resources', '--api-group=authentication.k8s.io', '-o', 'wide');
    expect(rows(authn.stdout).slice(1)).toEqual([
      ['selfsubjectreviews', 'authentication.k8s.io/v1', 'false', 'SelfSubjectReview', 'create'],
      ['tokenreviews', 'authentication.k8s.io/v1', 'false', 'TokenReview', 'create'],
    ]);
    const core = await k('api-resources', '--api-group=', '-o', 'wide');
    expect(rows(core.stdout).find((r) => r[0] === 'componentstatuses')).toEqual(['componentstatuses', 'cs', 'v1', 'false', 'ComponentStatus', 'get,list']);
  });

  it('kubectl auth can-i answers yes (SelfSubjectAccessReview, AlwaysAllow)', async () => {
    for (const args of [['create', 'pods'], ['list', 'secrets', '-n', 'kube-system'], ['get', '/healthz']]) {
      const got = await k('auth', 'can-i', ...args);
      expect(got.stderr).toBe('');
      expect(got.stdout).toBe('yes\n');
      expect(got.code).toBe(0);
    }
  });

  it('kubectl auth can-i --list prints the rules of AlwaysAllow (SelfSubjectRulesReview)', async () => {
    const got = await k('auth', 'can-i', '--list');
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(
      ['Resources   Non-Resource URLs   Resource Names   Verbs', '*.*         []                  []               [*]', '            [*]                 []               [*]', ''].join('\n'),
    );
  });

  it('kubectl auth whoami prints the anonymous user (SelfSubjectReview)', async () => {
    const got = await k('auth', 'whoami');
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['ATTRIBUTE', 'VALUE'],
      ['Username', 'system:anonymous'],
      ['Groups', '[system:unauthenticated]'],
    ]);
    const json = JSON.parse((await k('auth', 'whoami', '-o', 'json')).stdout) as Record<string, unknown>;
    expect(json.status).toEqual({ userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } });
    expect(typeof (json.metadata as { creationTimestamp?: unknown }).creationTimestamp).toBe('string');
  });

  it('creates a SubjectAccessReview with kubectl create -f - and answers it with its status filled', async () => {
    const got = await kin(sar, 'create', '-f', '-', '-o', 'yaml');
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(`apiVersion: authorization.k8s.io/v1
kind: SubjectAccessReview
metadata:
  creationTimestamp: null
spec:
  groups:
  - dev
  resourceAttributes:
    namespace: default
    resource: pods
    verb: get
  user: jane
status:
  allowed: true
`);
    // Nothing is kept: the resource serves create only.
    const list = await k('get', 'subjectaccessreviews');
    expect(list.code).not.toBe(0);
    expect(list.stderr).toContain('(MethodNotAllowed)');
  });

  it('refuses invalid reviews with kube\'s messages', async () => {
    const noSubject = await kin('{"apiVersion":"authorization.k8s.io/v1","kind":"SubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"pods"}}}', 'create', '-f', '-');
    expect(noSubject.code).not.toBe(0);
    expect(noSubject.stderr).toBe('The request is invalid: spec.user: Invalid value: "": at least one of user or group must be specified\n');
    const empty = await kin('{"apiVersion":"authorization.k8s.io/v1","kind":"SubjectAccessReview","spec":{}}', 'create', '-f', '-');
    expect(empty.stderr).toBe(
      [
        'The request is invalid: ',
        '* spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
        '* spec.user: Invalid value: "": at least one of user or group must be specified',
        '',
      ].join('\n'),
    );
    const mismatch = await kin(
      '{"apiVersion":"authorization.k8s.io/v1","kind":"LocalSubjectAccessReview","metadata":{"namespace":"default"},"spec":{"user":"jane","resourceAttributes":{"namespace":"other","verb":"get","resource":"pods"}}}',
      'create',
      '-f',
      '-',
    );
    expect(mismatch.stderr).toBe('The request is invalid: spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace\n');
  });

  it('answers a LocalSubjectAccessReview in any namespace, even one that does not exist', async () => {
    const got = await kin(
      '{"apiVersion":"authorization.k8s.io/v1","kind":"LocalSubjectAccessReview","metadata":{"namespace":"nowhere"},"spec":{"user":"jane","resourceAttributes":{"namespace":"nowhere","verb":"delete","resource":"pods"}}}',
      'create',
      '-f',
      '-',
      '-o',
      'json',
    );
    expect(got.stderr).toBe('');
    const review = JSON.parse(got.stdout) as Record<string, unknown>;
    expect(review.metadata).toEqual({ namespace: 'nowhere', creationTimestamp: null });
    expect(review.status).toEqual({ allowed: true });
  });

  it('keeps no LocalSubjectAccessReviews, so deleting a namespace passes them by', async () => {
    expect((await k('create', 'namespace', 'reviewed')).stderr).toBe('');
    const deleted = await k('delete', 'namespace', 'reviewed', '--timeout=20s');
    expect(deleted.stderr).toBe('');
    expect(deleted.stdout).toBe('namespace "reviewed" deleted\n');
  });

  it('answers a TokenReview as kube does when no authenticator knows the token', async () => {
    const got = await kin('{"apiVersion":"authentication.k8s.io/v1","kind":"TokenReview","spec":{"token":"abc"}}', 'create', '-f', '-', '-o', 'json');
    expect(got.stderr).toBe('');
    expect((JSON.parse(got.stdout) as { status: unknown }).status).toEqual({ user: {}, error: 'invalid bearer token' });
    const noToken = await kin('{"apiVersion":"authentication.k8s.io/v1","kind":"TokenReview","spec":{}}', 'create', '-f', '-');
    expect(noToken.stderr).toBe('Error from server (BadRequest): error when creating "STDIN": token is required for TokenReview in authentication\n');
  });

  it('answers creates with 201 and the body as Go writes it: struct order, unknown fields dropped, managedFields kept', async () => {
    const server = /server: (\S+)/.exec(readFileSync(fx.serve.kubeconfig, 'utf8'))![1]!;
    const post = (path: string, body: unknown) =>
      fetch(`${server}${path}?fieldManager=test`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const sarRes = await post('/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      spec: { user: 'jane', bogus: 1, extra: { scopes: ['a'] }, nonResourceAttributes: { verb: 'get', path: '/healthz' } },
    });
    expect(sarRes.status).toBe(201);
    const review = (await sarRes.json()) as { metadata: { managedFields?: { manager: string }[] }; spec: object };
    expect(review.metadata.managedFields?.map((m) => m.manager)).toEqual(['test']);
    expect(JSON.stringify(review.spec)).toBe('{"nonResourceAttributes":{"path":"/healthz","verb":"get"},"user":"jane","extra":{"scopes":["a"]}}');
    const rulesRes = await post('/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'default' } });
    expect(rulesRes.status).toBe(201);
    expect(await rulesRes.text()).toBe(
      '{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","metadata":{"creationTimestamp":null},"spec":{},' +
        '"status":{"resourceRules":[{"verbs":["*"],"apiGroups":["*"],"resources":["*"]}],"nonResourceRules":[{"verbs":["*"],"nonResourceURLs":["*"]}],"incomplete":false}}\n',
    );
    const noNamespace = await post('/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: {} });
    expect(noNamespace.status).toBe(400);
    expect(((await noNamespace.json()) as { message: string }).message).toBe('no namespace on request');
  });

  it('kubectl get cs prints the components with kube\'s columns and deprecation warning', async () => {
    const got = await k('get', 'cs');
    expect(got.stderr).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\n');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'STATUS', 'MESSAGE', 'ERROR'],
      ['scheduler', 'Unhealthy', 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused'],
      ['controller-manager', 'Unhealthy', 'Get "https://127.0.0.1:10257/healthz": dial tcp 127.0.0.1:10257: connect: connection refused'],
      ['etcd-0', 'Healthy', 'ok'],
    ]);
    const one = await k('get', 'componentstatus', 'etcd-0', '-o', 'json');
    expect(JSON.parse(one.stdout)).toEqual({
      apiVersion: 'v1',
      kind: 'ComponentStatus',
      metadata: { name: 'etcd-0', creationTimestamp: null },
      conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }],
    });
    const missing = await k('get', 'cs', 'kube-dns');
    expect(missing.stderr).toContain('Error from server (InternalError): Internal error occurred: Component not found: kube-dns');
  });
});
