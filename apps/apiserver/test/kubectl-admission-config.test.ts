// admissionregistration.k8s.io, apiregistration.k8s.io and certificates.k8s.io with kubectl against
// `kapi serve` (issue 13): cert-manager-like webhook configurations, a ValidatingAdmissionPolicy and
// its binding, APIServices and CertificateSigningRequests created from YAML, printed with kube's
// columns, refused with kube's messages, approved with `kubectl certificate approve`, and applied
// server-side. Storage only: no webhook is called and no policy evaluated.
import { describe, expect, it } from 'vitest';
import { apiServiceKind, type KindDefinition } from '@kapi/api';
import { autoRegisterManagedLabel, localAPIServices } from '../src/bootstrap/apiservices.ts';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the admission-config kubectl tests are skipped');

const rows = tableRows;
const age = expect.stringMatching(/^\d+s$/);

// The shape of cert-manager's webhook configurations (v1.16 manifests), caBundle injected later by cainjector.
const certManagerWebhooks = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: cert-manager-webhook
  labels:
    app: webhook
    app.kubernetes.io/name: webhook
  annotations:
    cert-manager.io/inject-ca-from-secret: "cert-manager/cert-manager-webhook-ca"
webhooks:
  - name: webhook.cert-manager.io
    namespaceSelector:
      matchExpressions:
        - key: cert-manager.io/disable-validation
          operator: NotIn
          values:
            - "true"
    rules:
      - apiGroups:
          - "cert-manager.io"
          - "acme.cert-manager.io"
        apiVersions:
          - "v1"
        operations:
          - CREATE
          - UPDATE
        resources:
          - "*/*"
    admissionReviewVersions: ["v1"]
    matchPolicy: Equivalent
    timeoutSeconds: 30
    failurePolicy: Fail
    sideEffects: None
    clientConfig:
      service:
        name: cert-manager-webhook
        namespace: cert-manager
        path: /validate
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: cert-manager-webhook
  annotations:
    cert-manager.io/inject-ca-from-secret: "cert-manager/cert-manager-webhook-ca"
webhooks:
  - name: webhook.cert-manager.io
    rules:
      - apiGroups:
          - "cert-manager.io"
        apiVersions:
          - "v1"
        operations:
          - CREATE
        resources:
          - "certificaterequests"
    admissionReviewVersions: ["v1"]
    timeoutSeconds: 30
    failurePolicy: Fail
    sideEffects: None
    clientConfig:
      service:
        name: cert-manager-webhook
        namespace: cert-manager
        path: /mutate
`;

// ingress-nginx's admission webhook (controller-v1.12 deploy/static/provider/cloud/deploy.yaml).
const ingressNginxWebhook = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  labels:
    app.kubernetes.io/component: admission-webhook
    app.kubernetes.io/instance: ingress-nginx
    app.kubernetes.io/name: ingress-nginx
  name: ingress-nginx-admission
webhooks:
- admissionReviewVersions:
  - v1
  clientConfig:
    service:
      name: ingress-nginx-controller-admission
      namespace: ingress-nginx
      path: /networking/v1/ingresses
      port: 443
  failurePolicy: Fail
  matchPolicy: Equivalent
  name: validate.nginx.ingress.kubernetes.io
  rules:
  - apiGroups:
    - networking.k8s.io
    apiVersions:
    - v1
    operations:
    - CREATE
    - UPDATE
    resources:
    - ingresses
  sideEffects: None
`;

// gateway-api's safe-upgrades policy (v1.2 standard-install.yaml).
const gatewayPolicy = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  annotations:
    gateway.networking.k8s.io/bundle-version: v1.2.1
  labels:
    gateway.networking.k8s.io/policy: safe-upgrades.gateway.networking.k8s.io
  name: safe-upgrades.gateway.networking.k8s.io
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups:
      - apiextensions.k8s.io
      apiVersions:
      - v1
      operations:
      - CREATE
      - UPDATE
      resources:
      - customresourcedefinitions
  validations:
  - expression: object.spec.group != 'gateway.networking.k8s.io' || (!has(object.spec.versions.exists(v, v.name == 'v1alpha2')))
    message: Installing experimental CRDs on top of standard channel CRDs is prohibited by default.
  paramKind:
    apiVersion: v1
    kind: ConfigMap
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  annotations:
    gateway.networking.k8s.io/bundle-version: v1.2.1
  labels:
    gateway.networking.k8s.io/policy: safe-upgrades.gateway.networking.k8s.io
  name: safe-upgrades.gateway.networking.k8s.io
spec:
  policyName: safe-upgrades.gateway.networking.k8s.io
  validationActions:
  - Deny
  paramRef:
    name: upgrade-params
    parameterNotFoundAction: Allow
  matchResources:
    resourceRules:
    - apiGroups:
      - apiextensions.k8s.io
      apiVersions:
      - v1
      operations:
      - CREATE
      - UPDATE
      resources:
      - customresourcedefinitions
`;

const apiServices = `apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: v1beta1.metrics.k8s.io
  labels:
    k8s-app: metrics-server
spec:
  group: metrics.k8s.io
  groupPriorityMinimum: 100
  insecureSkipTLSVerify: true
  service:
    name: metrics-server
    namespace: kube-system
  version: v1beta1
  versionPriority: 100
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: v1alpha1.local.example.com
spec:
  group: local.example.com
  version: v1alpha1
  groupPriorityMinimum: 1000
  versionPriority: 15
`;

// openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -subj "/CN=alice/O=dev"
const aliceCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIHYMIGAAgEAMB4xDjAMBgNVBAMMBWFsaWNlMQwwCgYDVQQKDANkZXYwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAQtj8jyBGzl2LmyQdW11avNYWQUi0JaxGt08r0I
UedV57gH98RI+wDiuhbttnoifB6M/ZSouwxLbWdEuCc1q9ZaoAAwCgYIKoZIzj0E
AwIDRwAwRAIgOtoebelKqi6UVtDy1julyf7X4ZdY87hFXwzqiKn9lzMCIGYeNGON
CEFhds78u32v3/00X0HpErjnkhov+0fgFgun
-----END CERTIFICATE REQUEST-----
`;
// openssl req -new (same key) -subj "/CN=system:node:worker-1/O=system:nodes"
const nodeCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIHyMIGYAgEAMDYxHTAbBgNVBAMMFHN5c3RlbTpub2RlOndvcmtlci0xMRUwEwYD
VQQKDAxzeXN0ZW06bm9kZXMwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQtj8jy
BGzl2LmyQdW11avNYWQUi0JaxGt08r0IUedV57gH98RI+wDiuhbttnoifB6M/ZSo
uwxLbWdEuCc1q9ZaoAAwCgYIKoZIzj0EAwIDSQAwRgIhAJe/LUsOO5cAsQ9+u9rd
pwSgR7d1Am3nqxTGprKThFrIAiEA/fyxoKiRad3t+gTrZMdjf6T6WYAKQsdln32Q
i56vnCk=
-----END CERTIFICATE REQUEST-----
`;
// openssl req -x509 (same key) -subj "/CN=issued"
const issuedCert = `-----BEGIN CERTIFICATE-----
MIIBeDCCAR2gAwIBAgIUP3KzH1jUmjUIM8od1j5zuP8DWiwwCgYIKoZIzj0EAwIw
ETEPMA0GA1UEAwwGaXNzdWVkMB4XDTI2MTEyNjAzNTU1OFoXDTM2MTEyMzAzNTU1
OFowETEPMA0GA1UEAwwGaXNzdWVkMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
LY/I8gRs5di5skHVtdWrzWFkFItCWsRrdPK9CFHnVee4B/fESPsA4roW7bZ6Inwe
jP2UqLsMS21nRLgnNavWWqNTMFEwHQYDVR0OBBYEFL+GBAuAtZnHZ7QiLf+Sfz6s
vccrMB8GA1UdIwQYMBaAFL+GBAuAtZnHZ7QiLf+Sfz6svccrMA8GA1UdEwEB/wQF
MAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAIjnbEOaiDNLMUTO42N9vHRKl69KJnAj
kn9UVEsG1pp8AiEAiQUbXn/7T5ejy6qqe6gbpdWuboS9cb09w0TXiFZq+eA=
-----END CERTIFICATE-----
`;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const csrYaml = (name: string, pem: string, extra = '') => `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: ${name}
spec:
  request: ${b64(pem)}
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400
  usages:
  - client auth
${extra}`;

describe.skipIf(!kubectlPath)('admission configuration, APIServices and CSRs with kubectl against kapi serve', () => {
  const fx = useKapiServe('admission-config');
  const { k, file } = fx;


  it("discovers the resources with kube's scope, short names and categories", async () => {
    const verbs = 'create,delete,deletecollection,get,list,patch,update,watch';
    const head = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'];
    const admission = await k('api-resources', '--api-group=admissionregistration.k8s.io', '-o', 'wide');
    expect(admission.stderr).toBe('');
    const a = 'admissionregistration.k8s.io/v1';
    expect(rows(admission.stdout)).toEqual([
      head,
      ['mutatingwebhookconfigurations', a, 'false', 'MutatingWebhookConfiguration', verbs, 'api-extensions'],
      ['validatingadmissionpolicies', a, 'false', 'ValidatingAdmissionPolicy', verbs, 'api-extensions'],
      ['validatingadmissionpolicybindings', a, 'false', 'ValidatingAdmissionPolicyBinding', verbs, 'api-extensions'],
      ['validatingwebhookconfigurations', a, 'false', 'ValidatingWebhookConfiguration', verbs, 'api-extensions'],
    ]);
    const reg = await k('api-resources', '--api-group=apiregistration.k8s.io', '-o', 'wide');
    expect(rows(reg.stdout)).toEqual([head, ['apiservices', 'apiregistration.k8s.io/v1', 'false', 'APIService', verbs, 'api-extensions']]);
    const certs = await k('api-resources', '--api-group=certificates.k8s.io', '-o', 'wide');
    expect(rows(certs.stdout)).toEqual([head, ['certificatesigningrequests', 'csr', 'certificates.k8s.io/v1', 'false', 'CertificateSigningRequest', verbs]]);
    const ext = await k('get', 'api-extensions', '-o', 'name');
    expect(ext.stderr).toBe('');
    const explained = await k('explain', 'validatingwebhookconfiguration.webhooks.rules');
    expect(explained.stderr).toBe('');
    expect(explained.stdout).toContain('FIELD: rules <[]RuleWithOperations>');
    // The inline Rule's fields are the rule's own.
    expect(explained.stdout.match(/^ {2}(\w+)\t/gm)).toEqual(['  apiGroups\t', '  apiVersions\t', '  operations\t', '  resources\t', '  scope\t']);
  });

  it("creates cert-manager's and ingress-nginx's webhook configurations with kube's defaults and columns", async () => {
    const made = await k('create', '-f', file('cm.yaml', certManagerWebhooks), '-f', file('nginx.yaml', ingressNginxWebhook));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual([
      'validatingwebhookconfiguration.admissionregistration.k8s.io/cert-manager-webhook created',
      'mutatingwebhookconfiguration.admissionregistration.k8s.io/cert-manager-webhook created',
      'validatingwebhookconfiguration.admissionregistration.k8s.io/ingress-nginx-admission created',
    ]);
    const m = JSON.parse((await k('get', 'mutatingwebhookconfiguration', 'cert-manager-webhook', '-o', 'json')).stdout);
    expect(m.metadata.generation).toBe(1);
    expect(m.webhooks[0]).toEqual({
      name: 'webhook.cert-manager.io',
      clientConfig: { service: { namespace: 'cert-manager', name: 'cert-manager-webhook', path: '/mutate', port: 443 } },
      rules: [{ operations: ['CREATE'], apiGroups: ['cert-manager.io'], apiVersions: ['v1'], resources: ['certificaterequests'], scope: '*' }],
      failurePolicy: 'Fail',
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      sideEffects: 'None',
      timeoutSeconds: 30,
      admissionReviewVersions: ['v1'],
      reinvocationPolicy: 'Never',
    });
    const got = rows((await k('get', 'validatingwebhookconfigurations')).stdout);
    expect(got).toEqual([
      ['NAME', 'WEBHOOKS', 'AGE'],
      ['cert-manager-webhook', '1', age],
      ['ingress-nginx-admission', '1', age],
    ]);
    // cainjector patches the caBundle in: a webhook change bumps the generation.
    const ca = await k('patch', 'validatingwebhookconfiguration', 'cert-manager-webhook', '--type=json', '-p', `[{"op":"add","path":"/webhooks/0/clientConfig/caBundle","value":"${b64(issuedCert)}"}]`);
    expect(ca.stderr).toBe('');
    const v = JSON.parse((await k('get', 'validatingwebhookconfiguration', 'cert-manager-webhook', '-o', 'json')).stdout);
    expect(v.metadata.generation).toBe(2);
    expect(v.webhooks[0].clientConfig.caBundle).toBe(b64(issuedCert));
  });

  it("refuses webhook configurations kube refuses, with kube's messages", async () => {
    const bad = ingressNginxWebhook
      .replace('name: ingress-nginx-admission', 'name: bad')
      .replace('  sideEffects: None\n', '')
      .replace('    service:\n      name: ingress-nginx-controller-admission\n      namespace: ingress-nginx\n      path: /networking/v1/ingresses\n      port: 443\n', '    url: http://example.com/x?y=1\n');
    const got = await k('create', '-f', file('bad.yaml', bad));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The ValidatingWebhookConfiguration "bad" is invalid: \n' +
        '* webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun\n' +
        "* webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]\n" +
        '* webhooks[0].clientConfig.url: Invalid value: "y=1": query parameters are not permitted in the URL',
    );
  });

  it('creates a ValidatingAdmissionPolicy and its binding (gateway-api) and prints them', async () => {
    const made = await k('create', '-f', file('gw.yaml', gatewayPolicy));
    expect(made.stderr).toBe('');
    const p = JSON.parse((await k('get', 'validatingadmissionpolicy', 'safe-upgrades.gateway.networking.k8s.io', '-o', 'json')).stdout);
    expect(p.metadata.generation).toBe(1);
    expect(p.spec.matchConstraints).toEqual({
      namespaceSelector: {},
      objectSelector: {},
      resourceRules: [{ apiGroups: ['apiextensions.k8s.io'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['customresourcedefinitions'], scope: '*' }],
      matchPolicy: 'Equivalent',
    });
    expect(rows((await k('get', 'validatingadmissionpolicies')).stdout)).toEqual([
      ['NAME', 'VALIDATIONS', 'PARAMKIND', 'AGE'],
      ['safe-upgrades.gateway.networking.k8s.io', '1', 'v1/ConfigMap', age],
    ]);
    const bySelector = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: by-selector
spec:
  policyName: safe-upgrades.gateway.networking.k8s.io
  validationActions: [Warn, Audit]
  paramRef:
    namespace: gateway-system
    selector:
      matchLabels: {tier: prod, app: gw}
      matchExpressions:
      - {key: env, operator: In, values: [a, b]}
    parameterNotFoundAction: Deny
`;
    expect((await k('create', '-f', file('by-selector.yaml', bySelector))).stderr).toBe('');
    // kube prints a selector paramRef with gogo's String() of the LabelSelector.
    expect(rows((await k('get', 'validatingadmissionpolicybindings')).stdout)).toEqual([
      ['NAME', 'POLICYNAME', 'PARAMREF', 'AGE'],
      [
        'by-selector',
        'safe-upgrades.gateway.networking.k8s.io',
        '&LabelSelector{MatchLabels:map[string]string{app: gw,tier: prod,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[a b],},},}',
        age,
      ],
      ['safe-upgrades.gateway.networking.k8s.io', 'safe-upgrades.gateway.networking.k8s.io', '*/upgrade-params', age],
    ]);
    // The status belongs to the type checker: the main resource ignores it, /status takes it.
    const status = `{"status":{"observedGeneration":1,"conditions":[{"type":"TypeChecked","status":"True","reason":"Checked","message":"","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}`;
    await k('patch', 'validatingadmissionpolicy', 'safe-upgrades.gateway.networking.k8s.io', '--type=merge', '-p', status);
    expect(JSON.parse((await k('get', 'validatingadmissionpolicy', 'safe-upgrades.gateway.networking.k8s.io', '-o', 'json')).stdout).status).toEqual({});
    const viaStatus = await k('patch', 'validatingadmissionpolicy', 'safe-upgrades.gateway.networking.k8s.io', '--subresource=status', '--type=merge', '-p', status);
    expect(viaStatus.stderr).toBe('');
    const after = JSON.parse((await k('get', 'validatingadmissionpolicy', 'safe-upgrades.gateway.networking.k8s.io', '-o', 'json')).stdout);
    expect(after.status.conditions[0].type).toBe('TypeChecked');
    expect(after.metadata.generation).toBe(1);
    const bad = await k('patch', 'validatingadmissionpolicybinding', 'safe-upgrades.gateway.networking.k8s.io', '--type=merge', '-p', '{"spec":{"validationActions":["Deny","Warn"]}}');
    expect(bad.stderr.trim()).toBe(
      'The ValidatingAdmissionPolicyBinding "safe-upgrades.gateway.networking.k8s.io" is invalid: spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    );
  });

  it("creates APIServices: local ones are Available, AVAILABLE prints the condition's reason", async () => {
    const made = await k('create', '-f', file('apiservices.yaml', apiServices));
    expect(made.stderr).toBe('');
    const local = JSON.parse((await k('get', 'apiservice', 'v1alpha1.local.example.com', '-o', 'json')).stdout);
    expect(local.status.conditions).toEqual([{ type: 'Available', status: 'True', lastTransitionTime: expect.any(String), reason: 'Local', message: 'Local APIServices are always available' }]);
    const status = '{"status":{"conditions":[{"type":"Available","status":"False","reason":"FailedDiscoveryCheck","message":"failing or missing response","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}';
    const patched = await k('patch', 'apiservice', 'v1beta1.metrics.k8s.io', '--subresource=status', '--type=merge', '-p', status);
    expect(patched.stderr).toBe('');
    const listed = rows((await k('get', 'apiservices')).stdout);
    expect(listed[0]).toEqual(['NAME', 'SERVICE', 'AVAILABLE', 'AGE']);
    expect(listed.filter((r) => r[0]!.includes('example.com') || r[0]!.includes('metrics.k8s.io'))).toEqual([
      ['v1alpha1.local.example.com', 'Local', 'True', age],
      ['v1beta1.metrics.k8s.io', 'kube-system/metrics-server', 'False (FailedDiscoveryCheck)', age],
    ]);
    // Beside them, the local APIServices a fresh server holds for the built-in group versions.
    expect(listed).toContainEqual(['v1.apps', 'Local', 'True', age]);
    expect(listed).toContainEqual(['v2.autoscaling', 'Local', 'True', age]);
    expect(listed).toContainEqual(['v1.', 'Local', 'True', age]);
    const bad = await k('create', '-f', file('bad-apiservice.yaml', apiServices.split('---\n')[1]!.replace('name: v1alpha1.local.example.com', 'name: wrong').replace('versionPriority: 15', 'versionPriority: 1001')));
    expect(bad.stderr.trim()).toBe(
      'The APIService "wrong" is invalid: \n' +
        '* metadata.name: Invalid value: "wrong": must be `spec.version+"."+spec.group`: "v1alpha1.local.example.com"\n' +
        '* spec.versionPriority: Invalid value: 1001: must be positive and less than 1000',
    );
  });

  it('creates CSRs, prints them, approves and denies them with kubectl certificate, and takes the certificate on /status', async () => {
    const made = await k('create', '-f', file('alice.yaml', csrYaml('alice', aliceCsr)), '-f', file('node.yaml', csrYaml('node-csr', nodeCsr)));
    expect(made.stderr).toBe('');
    const listed = rows((await k('get', 'csr')).stdout);
    expect(listed[0]).toEqual(['NAME', 'AGE', 'SIGNERNAME', 'REQUESTOR', 'REQUESTEDDURATION', 'CONDITION']);
    // No authentication yet: the requestor is what the client sent (nothing here), so the cell is empty.
    expect(listed[1]).toEqual(['alice', age, 'kubernetes.io/kube-apiserver-client', '24h', 'Pending']);

    const approve = await k('certificate', 'approve', 'alice');
    expect(approve.stderr).toBe('');
    expect(approve.stdout.trim()).toBe('certificatesigningrequest.certificates.k8s.io/alice approved');
    const deny = await k('certificate', 'deny', 'node-csr');
    expect(deny.stdout.trim()).toBe('certificatesigningrequest.certificates.k8s.io/node-csr denied');
    const alice = JSON.parse((await k('get', 'csr', 'alice', '-o', 'json')).stdout);
    expect(alice.status.conditions).toEqual([
      {
        type: 'Approved',
        status: 'True',
        reason: 'KubectlApprove',
        message: 'This CSR was approved by kubectl certificate approve.',
        lastUpdateTime: expect.any(String),
        lastTransitionTime: expect.any(String),
      },
    ]);
    const issue = await k('patch', 'csr', 'alice', '--subresource=status', '--type=merge', '-p', `{"status":{"certificate":"${b64(issuedCert)}"}}`);
    expect(issue.stderr).toBe('');
    const printed = rows((await k('get', 'csr', '--field-selector', 'spec.signerName=kubernetes.io/kube-apiserver-client')).stdout);
    expect(printed.map((r) => [r[0], r[r.length - 1]])).toEqual([
      ['NAME', 'CONDITION'],
      ['alice', 'Approved,Issued'],
      ['node-csr', 'Denied'],
    ]);
    // The main resource keeps spec and status as stored; the approval may not be removed.
    const unapprove = await k('patch', 'csr', 'alice', '--subresource=approval', '--type=merge', '-p', '{"status":{"conditions":[]}}');
    expect(unapprove.code).not.toBe(0);
    expect(unapprove.stderr.trim()).toBe('The CertificateSigningRequest "alice" is invalid: status.conditions: Forbidden: updates may not remove a condition of type "Approved"');
    const bad = await k('create', '-f', file('bad-csr.yaml', csrYaml('bad', aliceCsr).replace('expirationSeconds: 86400', 'expirationSeconds: 60').replace('- client auth', '- client auth\n  - telepathy')));
    expect(bad.stderr.trim()).toBe(
      'The CertificateSigningRequest "bad" is invalid: \n' +
        '* spec.usages[1]: Unsupported value: "telepathy": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"\n' +
        '* spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)',
    );
  });

  it('applies webhook configurations and policies server-side, twice', async () => {
    const text = `${ingressNginxWebhook.replace('name: ingress-nginx-admission', 'name: ssa-webhook')}---\n${gatewayPolicy.replaceAll('name: safe-upgrades', 'name: ssa-safe-upgrades').replace('policyName: safe-upgrades', 'policyName: ssa-safe-upgrades')}`;
    const path = file('ssa.yaml', text);
    const want = [
      'validatingwebhookconfiguration.admissionregistration.k8s.io/ssa-webhook serverside-applied',
      'validatingadmissionpolicy.admissionregistration.k8s.io/ssa-safe-upgrades.gateway.networking.k8s.io serverside-applied',
      'validatingadmissionpolicybinding.admissionregistration.k8s.io/ssa-safe-upgrades.gateway.networking.k8s.io serverside-applied',
    ];
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim().split('\n')).toEqual(want);
    const again = await k('apply', '--server-side', '-f', path);
    expect(again.stderr).toBe('');
    expect(again.stdout.trim().split('\n')).toEqual(want);
    const v = JSON.parse((await k('get', 'validatingwebhookconfiguration', 'ssa-webhook', '-o', 'json', '--show-managed-fields')).stdout);
    expect(v.metadata.generation).toBe(1);
    expect(v.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
 
  });

  it('applies a CSR server-side; with no authentication the requestor fields stay as sent', async () => {
    const path = file('ssa-csr.yaml', csrYaml('ssa-csr', nodeCsr, '  username: system:node:worker-1\n  groups:\n  - system:nodes\n  extra:\n    scopes:\n    - a\n    - b\n'));
    for (let i = 0; i < 2; i++) {
      const got = await k('apply', '--server-side', '-f', path);
      expect(got.stderr).toBe('');
      expect(got.stdout.trim()).toBe('certificatesigningrequest.certificates.k8s.io/ssa-csr serverside-applied');
    }
    const csr = JSON.parse((await k('get', 'csr', 'ssa-csr', '-o', 'json')).stdout);
    expect([csr.spec.username, csr.spec.groups, csr.spec.extra]).toEqual(['system:node:worker-1', ['system:nodes'], { scopes: ['a', 'b'] }]);
    expect(rows((await k('get', 'csr', 'ssa-csr')).stdout)[1]).toEqual(['ssa-csr', age, 'kubernetes.io/kube-apiserver-client', 'system:node:worker-1', '24h', 'Pending']);
  });
});

describe('the local APIServices of the autoregister controller (bootstrap/apiservices.ts)', () => {
  const now = new Date('2026-01-02T03:04:05.678Z');
  it('makes one per served built-in group version with kube priorities, skipping unknown groups', () => {
    const got = localAPIServices(
      [
        { group: '', version: 'v1' },
        { group: 'apps', version: 'v1' },
        { group: 'autoscaling', version: 'v2' },
        { group: 'stable.example.com', version: 'v1' },
        { group: 'apps', version: 'v1' },
      ],
      now,
    );
    expect(got.map((a) => [a.metadata!.name, a.spec!.groupPriorityMinimum, a.spec!.versionPriority])).toEqual([
      ['v1.', 18000, 1],
      ['v1.apps', 17800, 15],
      ['v2.autoscaling', 17500, 30],
    ]);
    expect(got[1]).toEqual({
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: 'v1.apps', labels: { [autoRegisterManagedLabel]: 'onstart' } },
      spec: { group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 },
      status: { conditions: [{ type: 'Available', status: 'True', lastTransitionTime: '2026-01-02T03:04:05Z', reason: 'Local', message: 'Local APIServices are always available' }] },
    });
  });
  it('makes objects that pass APIService validation', () => {
    const all = localAPIServices(
      ['', 'admissionregistration.k8s.io', 'apiregistration.k8s.io', 'certificates.k8s.io', 'rbac.authorization.k8s.io', 'flowcontrol.apiserver.k8s.io'].map((group) => ({ group, version: 'v1' })),
      now,
    );
    // apiregistration.k8s.io is the aggregator's own group: kube has no priority for it in this table.
    expect(all.map((a) => a.metadata!.name)).toEqual(['v1.', 'v1.admissionregistration.k8s.io', 'v1.certificates.k8s.io', 'v1.rbac.authorization.k8s.io', 'v1.flowcontrol.apiserver.k8s.io']);
    for (const a of all) expect((apiServiceKind as KindDefinition).validate(a)).toEqual([]);
  });
});
