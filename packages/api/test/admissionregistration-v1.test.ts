// admissionregistration.k8s.io/v1 ValidatingWebhookConfiguration, MutatingWebhookConfiguration,
// ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding as kube-apiserver v1.33 declares,
// defaults and validates them (k8s.io/api admissionregistration/v1 types.go + generated.proto,
// pkg/apis/admissionregistration/v1/defaults.go, pkg/apis/admissionregistration/validation/validation.go
// and its validation_test.go). CEL compilation is not done: expressions are checked for presence only.
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  MutatingWebhookConfiguration,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingWebhookConfiguration,
  mutatingWebhookConfigurationKind,
  validateValidatingAdmissionPolicyStatusUpdate,
  validatingAdmissionPolicyBindingKind,
  validatingAdmissionPolicyKind,
  validatingWebhookConfigurationKind,
} from '../src/admissionregistration/v1/index.ts';
import { parseGoUrl } from '../src/admissionregistration/v1/webhook-url.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const group = 'admissionregistration.k8s.io';
const id = (n: string) => `io.k8s.api.admissionregistration.v1.${n}`;

describe('declarations', () => {
  const selectorHook: [string, number, string?][] = [
    ['name', 1, 'req'],
    ['clientConfig', 2, 'req'],
    ['rules', 3, 'list:atomic'],
    ['failurePolicy', 4, 'ptr'],
    ['matchPolicy', 9, 'ptr'],
    ['namespaceSelector', 5, 'ptr'],
  ];
  const table: UpstreamTable = {
    [id('ValidatingWebhookConfiguration')]: [
      ['metadata', 1],
      ['webhooks', 2, 'merge:name list:map:name'],
    ],
    [id('ValidatingWebhook')]: [
      ...selectorHook,
      ['objectSelector', 10, 'ptr'],
      ['sideEffects', 6, 'ptr req'],
      ['timeoutSeconds', 7, 'ptr'],
      ['admissionReviewVersions', 8, 'list:atomic req'],
      ['matchConditions', 11, 'merge:name list:map:name'],
    ],
    [id('MutatingWebhook')]: [
      ...selectorHook,
      ['objectSelector', 11, 'ptr'],
      ['sideEffects', 6, 'ptr req'],
      ['timeoutSeconds', 7, 'ptr'],
      ['admissionReviewVersions', 8, 'list:atomic req'],
      ['reinvocationPolicy', 10, 'ptr'],
      ['matchConditions', 12, 'merge:name list:map:name'],
    ],
    [id('WebhookClientConfig')]: [
      ['url', 3, 'ptr'],
      ['service', 1, 'ptr'],
      ['caBundle', 2],
    ],
    [id('ServiceReference')]: [
      ['namespace', 1, 'req'],
      ['name', 2, 'req'],
      ['path', 3, 'ptr'],
      ['port', 4, 'ptr'],
    ],
    [id('MatchCondition')]: [
      ['name', 1, 'req'],
      ['expression', 2, 'req'],
    ],
    [id('ValidatingAdmissionPolicy')]: [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    [id('ValidatingAdmissionPolicySpec')]: [
      ['paramKind', 1, 'ptr'],
      ['matchConstraints', 2, 'ptr'],
      ['validations', 3, 'list:atomic'],
      ['failurePolicy', 4, 'ptr'],
      ['auditAnnotations', 5, 'list:atomic'],
      ['matchConditions', 6, 'merge:name list:map:name'],
      ['variables', 7, 'merge:name list:map:name'],
    ],
    [id('ParamKind')]: [
      ['apiVersion', 1],
      ['kind', 2],
    ],
    [id('MatchResources')]: [
      ['namespaceSelector', 1, 'ptr'],
      ['objectSelector', 2, 'ptr'],
      ['resourceRules', 3, 'list:atomic'],
      ['excludeResourceRules', 4, 'list:atomic'],
      ['matchPolicy', 7, 'ptr'],
    ],
    [id('Validation')]: [
      ['expression', 1, 'req'],
      ['message', 2],
      ['reason', 3, 'ptr'],
      ['messageExpression', 4],
    ],
    [id('AuditAnnotation')]: [
      ['key', 1, 'req'],
      ['valueExpression', 2, 'req'],
    ],
    [id('Variable')]: [
      ['name', 1, 'req'],
      ['expression', 2, 'req'],
    ],
    [id('ValidatingAdmissionPolicyStatus')]: [
      ['observedGeneration', 1],
      ['typeChecking', 2, 'ptr'],
      ['conditions', 3, 'list:map:type'],
    ],
    [id('TypeChecking')]: [['expressionWarnings', 1, 'list:atomic']],
    [id('ExpressionWarning')]: [
      ['fieldRef', 2, 'req'],
      ['warning', 3, 'req'],
    ],
    [id('ValidatingAdmissionPolicyBindingSpec')]: [
      ['policyName', 1],
      ['paramRef', 2, 'ptr'],
      ['matchResources', 3, 'ptr'],
      ['validationActions', 4, 'list:set'],
    ],
    [id('ParamRef')]: [
      ['name', 1],
      ['namespace', 2],
      ['selector', 3, 'ptr'],
      ['parameterNotFoundAction', 4, 'ptr'],
    ],
  };

  it('matches k8s.io/api field order, protobuf numbers, pointers and markers', () => {
    checkUpstreamTable([ValidatingWebhookConfiguration, MutatingWebhookConfiguration, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding], table);
  });

  it('declares the four cluster-scoped kinds in the api-extensions category', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.namespaced, k.shortNames, k.categories])).toEqual([
      ['ValidatingWebhookConfiguration', 'validatingwebhookconfigurations', false, [], ['api-extensions']],
      ['MutatingWebhookConfiguration', 'mutatingwebhookconfigurations', false, [], ['api-extensions']],
      ['ValidatingAdmissionPolicy', 'validatingadmissionpolicies', false, [], ['api-extensions']],
      ['ValidatingAdmissionPolicyBinding', 'validatingadmissionpolicybindings', false, [], ['api-extensions']],
    ]);
  });
});

/** A valid webhook of cert-manager's shape. */
const hook = (over: Record<string, unknown> = {}) => ({
  name: 'webhook.cert-manager.io',
  rules: [{ apiGroups: ['cert-manager.io'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['*/*'] }],
  admissionReviewVersions: ['v1'],
  sideEffects: 'None',
  clientConfig: { service: { name: 'cert-manager-webhook', namespace: 'cert-manager', path: '/validate' } },
  ...over,
});
const vwc = (...webhooks: Record<string, unknown>[]) => ({ metadata: { name: 'cert-manager-webhook' }, webhooks }) as ValidatingWebhookConfiguration;
const mwc = (...webhooks: Record<string, unknown>[]) => ({ metadata: { name: 'cert-manager-webhook' }, webhooks }) as MutatingWebhookConfiguration;
const validateV = (c: ValidatingWebhookConfiguration) => {
  validatingWebhookConfigurationKind.defaults(c);
  return msgs(validatingWebhookConfigurationKind.validate(c));
};

describe('webhook defaults (SetDefaults_ValidatingWebhook, _MutatingWebhook, _Rule, _ServiceReference)', () => {
  it('fills failurePolicy, matchPolicy, selectors, timeout, scope and port; sideEffects and versions stay unset', () => {
    const c = vwc({ name: 'a.b.c', clientConfig: { service: { name: 's', namespace: 'n' } }, rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] });
    validatingWebhookConfigurationKind.defaults(c);
    expect(c.webhooks![0]).toEqual({
      name: 'a.b.c',
      clientConfig: { service: { name: 's', namespace: 'n', port: 443 } },
      rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: '*' }],
      failurePolicy: 'Fail',
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      timeoutSeconds: 10,
    });
    const m = mwc({ name: 'a.b.c', clientConfig: { url: 'https://x' } });
    mutatingWebhookConfigurationKind.defaults(m);
    expect(m.webhooks![0]!.reinvocationPolicy).toBe('Never');
  });

  it('keeps what the client set', () => {
    const c = vwc(hook({ failurePolicy: 'Ignore', matchPolicy: 'Exact', timeoutSeconds: 3 }));
    validatingWebhookConfigurationKind.defaults(c);
    expect([c.webhooks![0]!.failurePolicy, c.webhooks![0]!.matchPolicy, c.webhooks![0]!.timeoutSeconds]).toEqual(['Ignore', 'Exact', 3]);
  });
});

describe('ValidateValidatingWebhookConfiguration / ValidateMutatingWebhookConfiguration', () => {
  it('accepts cert-manager-like configurations', () => {
    expect(validateV(vwc(hook()))).toEqual([]);
    const m = mwc(hook({ reinvocationPolicy: 'IfNeeded', clientConfig: { url: 'https://webhook.example.com:8443/mutate' } }));
    mutatingWebhookConfigurationKind.defaults(m);
    expect(msgs(mutatingWebhookConfigurationKind.validate(m))).toEqual([]);
  });

  const cases: [string, Record<string, unknown>[], string[]][] = [
    ['webhook name must be fully qualified', [hook({ name: 'k8s.io' })], ['webhooks[0].name: Invalid value: "k8s.io": should be a domain with at least three segments separated by dots']],
    ['webhook name required', [hook({ name: '' })], ['webhooks[0].name: Required value']],
    [
      'duplicate webhook names',
      [hook(), hook()],
      ['webhooks[1].name: Duplicate value: "webhook.cert-manager.io"'],
    ],
    [
      'sideEffects required, None or NoneOnDryRun in v1',
      [hook({ sideEffects: undefined })],
      ['webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun'],
    ],
    ['sideEffects Unknown refused', [hook({ sideEffects: 'Unknown' })], ['webhooks[0].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun"']],
    [
      'admissionReviewVersions required',
      [hook({ admissionReviewVersions: [] })],
      ['webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1'],
    ],
    [
      'admissionReviewVersions must include a known version',
      [hook({ admissionReviewVersions: ['v2', 'v2'] })],
      [
        'webhooks[0].admissionReviewVersions[1]: Invalid value: "v2": duplicate version',
        'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2", "v2"}: must include at least one of v1, v1beta1',
      ],
    ],
    [
      'url xor service',
      [hook({ clientConfig: { url: 'https://a.example.com', service: { name: 'x', namespace: 'y' } } })],
      ['webhooks[0].clientConfig: Required value: exactly one of url or service is required'],
    ],
    ['neither url nor service', [hook({ clientConfig: {} })], ['webhooks[0].clientConfig: Required value: exactly one of url or service is required']],
    [
      'url must be https with a host and no query',
      [hook({ clientConfig: { url: 'http://example.com/a?x=1#f' } })],
      [
        'webhooks[0].clientConfig.url: Invalid value: "http": \'https\' is the only allowed URL scheme; desired format: https://host[/path]',
        'webhooks[0].clientConfig.url: Invalid value: "f": fragments are not permitted in the URL',
        'webhooks[0].clientConfig.url: Invalid value: "x=1": query parameters are not permitted in the URL',
      ],
    ],
    [
      'url needs a host',
      [hook({ clientConfig: { url: 'https:///path' } })],
      ['webhooks[0].clientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]'],
    ],
    [
      'url with user information',
      [hook({ clientConfig: { url: 'https://user:pass@example.com' } })],
      ['webhooks[0].clientConfig.url: Invalid value: "user:pass": user information is not permitted in the URL'],
    ],
    [
      'unparseable url',
      [hook({ clientConfig: { url: ':foo' } })],
      ['webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse ":foo": missing protocol scheme; desired format: https://host[/path]'],
    ],
    [
      'service name, namespace, port and path (the first character is dropped unchecked, as kube does)',
      [hook({ clientConfig: { service: { name: '', namespace: '', port: 65536, path: 'foo//Bar' } } })],
      [
        'webhooks[0].clientConfig.service.name: Required value: service name is required',
        'webhooks[0].clientConfig.service.namespace: Required value: service namespace is required',
        'webhooks[0].clientConfig.service.port: Invalid value: 65536: port is not valid: must be between 1 and 65535, inclusive',
        'webhooks[0].clientConfig.service.path: Invalid value: "foo//Bar": must start with a \'/\'',
        'webhooks[0].clientConfig.service.path: Invalid value: "foo//Bar": segment[1] may not be empty',
        'webhooks[0].clientConfig.service.path: Invalid value: "foo//Bar": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
      ],
    ],
    [
      'timeout between 1 and 30',
      [hook({ timeoutSeconds: 31 })],
      ['webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds'],
    ],
    [
      'failure and match policies',
      [hook({ failurePolicy: 'Retry', matchPolicy: 'Loose' })],
      [
        'webhooks[0].failurePolicy: Unsupported value: "Retry": supported values: "Fail", "Ignore"',
        'webhooks[0].matchPolicy: Unsupported value: "Loose": supported values: "Equivalent", "Exact"',
      ],
    ],
    [
      'rules: wildcards, operations, scope',
      [hook({ rules: [{ operations: ['*', 'CREATE', 'PATCH'], apiGroups: ['*', 'apps'], apiVersions: [], resources: ['*', 'pods'], scope: 'Everywhere' }] })],
      [
        'webhooks[0].rules[0].operations: Invalid value: []admissionregistration.OperationType{"*", "CREATE", "PATCH"}: if \'*\' is present, must not specify other operations',
        'webhooks[0].rules[0].operations[2]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
        'webhooks[0].rules[0].apiGroups: Invalid value: []string{"*", "apps"}: if \'*\' is present, must not specify other API groups',
        'webhooks[0].rules[0].apiVersions: Required value',
        'webhooks[0].rules[0].resources: Invalid value: []string{"*", "pods"}: if \'*\' is present, must not specify other resources without subresources',
        'webhooks[0].rules[0].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced"',
      ],
    ],
    [
      'resources with wildcard subresources',
      [hook({ rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/*', 'pods/status', '*/*'] }] })],
      [
        'webhooks[0].rules[0].resources[1]: Invalid value: "pods/status": if \'pods/*\' is present, must not specify pods/status',
        'webhooks[0].rules[0].resources: Invalid value: []string{"pods/*", "pods/status", "*/*"}: if \'*/*\' is present, must not specify other resources',
      ],
    ],
    [
      'match conditions: names and expressions',
      [hook({ matchConditions: [{ name: 'a', expression: ' ' }, { name: 'a', expression: 'true' }, { name: '-bad', expression: 'true' }] })],
      [
        'webhooks[0].matchConditions[0].expression: Required value',
        'webhooks[0].matchConditions[1].name: Duplicate value: "a"',
        'webhooks[0].matchConditions[2].name: Invalid value: "-bad": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
      ],
    ],
    [
      'selectors',
      [hook({ namespaceSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } })],
      ["webhooks[0].namespaceSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"],
    ],
  ];
  it.each(cases)('%s', (_name, webhooks, want) => {
    expect(validateV(vwc(...webhooks))).toEqual(want);
  });

  it('refuses an unknown reinvocationPolicy on mutating webhooks', () => {
    const m = mwc(hook({ reinvocationPolicy: 'Always' }));
    expect(msgs(mutatingWebhookConfigurationKind.validate(m))).toEqual([
      'webhooks[0].reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"',
    ]);
  });

  it('tolerates on update what the stored configuration already had (ratcheting)', () => {
    const old = vwc(hook({ sideEffects: 'Unknown' }), hook({ sideEffects: 'Some' }));
    const next = vwc(hook({ sideEffects: 'Unknown', timeoutSeconds: 5 }), hook({ sideEffects: 'Some' }));
    old.metadata!.resourceVersion = next.metadata!.resourceVersion = '1';
    expect(msgs(validatingWebhookConfigurationKind.validateUpdate(next, old))).toEqual([]);
    const fresh = vwc(hook({ sideEffects: 'Some', name: 'other.example.com' }));
    expect(validateV(fresh)).toEqual(['webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"']);
  });
});

describe("Go's url.Parse as the webhook URL rules read it", () => {
  it.each([
    ['https://example.com:8443/path', { scheme: 'https', host: 'example.com:8443', user: undefined, fragment: '', rawQuery: '' }],
    ['HTTPS://a@b/c?d#e', { scheme: 'https', host: 'b', user: 'a', fragment: 'e', rawQuery: 'd' }],
    ['/relative', { scheme: '', host: '', user: undefined, fragment: '', rawQuery: '' }],
  ])('%s', (url, want) => expect(parseGoUrl(url)).toEqual(want));
  it.each([
    ['https://a b', 'parse "https://a b": invalid character " " in host name'],
    ['https://h:port', 'parse "https://h:port": invalid port ":port" after host'],
    ['a:b/c', undefined],
  ])('%s', (url, want) => {
    const got = parseGoUrl(url);
    if (want === undefined) expect(typeof got).toBe('object');
    else expect(got).toBe(want);
  });
});

const policy = (spec: Record<string, unknown>, name = 'replica-limit') =>
  ({
    metadata: { name },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] },
      validations: [{ expression: 'object.spec.replicas <= 5' }],
      ...spec,
    },
  }) as ValidatingAdmissionPolicy;
const validateP = (p: ValidatingAdmissionPolicy) => {
  validatingAdmissionPolicyKind.defaults(p);
  return msgs(validatingAdmissionPolicyKind.validate(p));
};

describe('ValidatingAdmissionPolicy', () => {
  it('defaults failurePolicy Fail and the match constraints (matchPolicy Equivalent, empty selectors, scope *)', () => {
    const p = policy({});
    expect(validateP(p)).toEqual([]);
    expect(p.spec!.failurePolicy).toBe('Fail');
    expect(p.spec!.matchConstraints).toEqual({
      resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'], scope: '*' }],
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
    });
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    [
      'matchConstraints required',
      { matchConstraints: undefined },
      ['spec.matchConstraints: Required value'],
    ],
    ['resourceRules required', { matchConstraints: {} }, ['spec.matchConstraints.resourceRules: Required value']],
    [
      'validations or auditAnnotations',
      { validations: [] },
      [
        'spec.validations: Required value: validations or auditAnnotations must contain at least one item',
        'spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item',
      ],
    ],
    [
      'validation expression, message and reason',
      { validations: [{ expression: ' ', message: 'a\nb', reason: 'Unauthorized', messageExpression: '  ' }] },
      [
        'spec.validations[0].expression: Required value: expression is not specified',
        'spec.validations[0].messageExpression: Invalid value: "  ": must be non-empty if specified',
        'spec.validations[0].message: Invalid value: "a\\nb": message must not contain line breaks',
        'spec.validations[0].reason: Unsupported value: "Unauthorized": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
      ],
    ],
    [
      'paramKind',
      { paramKind: { apiVersion: 'a/b/c', kind: 'Bad_Kind' } },
      [
        'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
        'spec.paramKind.kind: Invalid value: "Bad_Kind": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
      ],
    ],
    ['paramKind version', { paramKind: { apiVersion: 'example.com/', kind: 'Params' } }, ['spec.paramKind.apiVersion: Invalid value: "example.com/": version must be specified']],
    [
      'variables',
      { variables: [{ name: 'in', expression: 'x' }, { name: '', expression: '' }] },
      [
        'spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier',
        'spec.variables[1].name: Required value: name is not specified',
        'spec.variables[1].expression: Required value: expression is not specified',
      ],
    ],
    [
      'audit annotations',
      { auditAnnotations: [{ key: 'k', valueExpression: '' }, { key: 'k', valueExpression: "'v'" }] },
      ['spec.auditAnnotations[0].valueExpression: Required value: valueExpression is not specified', 'spec.auditAnnotations[1].key: Duplicate value: "k"'],
    ],
    [
      'at most 20 audit annotations',
      { validations: [], auditAnnotations: Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, valueExpression: "'v'" })) },
      [
        `spec.auditAnnotations: Invalid value: []admissionregistration.AuditAnnotation{${Array.from({ length: 21 }, (_, i) => `admissionregistration.AuditAnnotation{Key:"k${i}", ValueExpression:"'v'"}`).join(', ')}}: must not have more than 20 auditAnnotations`,
      ],
    ],
    ['failurePolicy', { failurePolicy: 'Never' }, ['spec.failurePolicy: Unsupported value: "Never": supported values: "Fail", "Ignore"']],
  ];
  it.each(cases)('%s', (_name, spec, want) => {
    const p = policy(spec);
    if ('matchConstraints' in spec && spec.matchConstraints === undefined) delete p.spec!.matchConstraints;
    expect(validateP(p)).toEqual(want);
  });

  it('validates status conditions and expression warnings on /status', () => {
    const p = policy({});
    p.metadata!.resourceVersion = '5';
    const next = { ...p, status: { conditions: [{ type: 'TypeChecked', status: 'Maybe', reason: '', lastTransitionTime: null, message: '' }], typeChecking: { expressionWarnings: [{ fieldRef: '', warning: '' }] } } };
    expect(msgs(validateValidatingAdmissionPolicyStatusUpdate(next as ValidatingAdmissionPolicy, p))).toEqual([
      'status.typeChecking.expressionWarnings[0].warning: Required value',
      'status.typeChecking.expressionWarnings[0].fieldRef: Required value',
      'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      'status.conditions[0].lastTransitionTime: Required value: must be set',
      'status.conditions[0].reason: Required value: must be set',
    ]);
  });
});

const binding = (spec: Record<string, unknown>) => ({ metadata: { name: 'replica-limit-test' }, spec: { policyName: 'replica-limit', validationActions: ['Deny'], ...spec } }) as ValidatingAdmissionPolicyBinding;
const validateB = (b: ValidatingAdmissionPolicyBinding) => {
  validatingAdmissionPolicyBindingKind.defaults(b);
  return msgs(validatingAdmissionPolicyBindingKind.validate(b));
};

describe('ValidatingAdmissionPolicyBinding', () => {
  it('accepts a binding with a param ref and match resources (defaulted)', () => {
    const b = binding({ paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' }, matchResources: { namespaceSelector: { matchLabels: { env: 'test' } } } });
    expect(validateB(b)).toEqual([]);
    expect(b.spec!.matchResources).toEqual({ namespaceSelector: { matchLabels: { env: 'test' } }, matchPolicy: 'Equivalent', objectSelector: {} });
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    [
      'policyName and validationActions required',
      { policyName: '', validationActions: [] },
      ['spec.policyName: Required value', 'spec.validationActions: Required value: at least one validation action is required'],
    ],
    [
      'Deny with Warn, duplicates, unknown actions',
      { validationActions: ['Deny', 'Warn', 'Deny', 'Block'] },
      [
        'spec.validationActions[2]: Duplicate value: "Deny"',
        'spec.validationActions[3]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"',
        'spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn", "Deny", "Block"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      ],
    ],
    [
      'paramRef name xor selector, action required',
      { paramRef: { name: 'a', selector: {} } },
      [
        'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
        'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
        'spec.paramRef.parameterNotFoundAction: Required value',
      ],
    ],
    [
      'paramRef needs one of them',
      { paramRef: { parameterNotFoundAction: 'Ignore' } },
      [
        'spec.paramRef: Required value: one of name or selector must be specified',
        'spec.paramRef.parameterNotFoundAction: Unsupported value: "Ignore": supported values: "Deny", "Allow"',
      ],
    ],
    [
      "match resources under kube's misspelt path",
      { matchResources: { resourceRules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/status'], resourceNames: ['a', 'a'] }] } },
      ['spec.matchResouces.resourceRules[0].resourceNames[1]: Duplicate value: "a"'],
    ],
  ];
  it.each(cases)('%s', (_name, spec, want) => expect(validateB(binding(spec))).toEqual(want));
});
