// flowcontrol.apiserver.k8s.io/v1 FlowSchema and PriorityLevelConfiguration as kube-apiserver v1.33
// declares, defaults and validates them (k8s.io/api flowcontrol/v1 types.go + generated.proto,
// pkg/apis/flowcontrol/v1/defaults.go, pkg/apis/flowcontrol/validation/validation.go and its
// validation_test.go tables, k8s.io/apiserver pkg/apis/flowcontrol/bootstrap/default.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  FlowSchema,
  PriorityLevelConfiguration,
  flowSchemaKind,
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  priorityLevelConfigurationKind,
  requiredEntropyBits,
  validateNonResourceURLPath,
  type FlowSchemaPolicyRulesWithSubjects,
} from '../src/flowcontrol/v1/index.ts';
import { FieldPath } from '@kapi/apimachinery';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const group = 'flowcontrol.apiserver.k8s.io';

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.flowcontrol.v1.FlowSchema': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.flowcontrol.v1.FlowSchemaSpec': [
      ['priorityLevelConfiguration', 1, 'req'],
      ['matchingPrecedence', 2],
      ['distinguisherMethod', 3, 'ptr'],
      ['rules', 4, 'list:atomic'],
    ],
    'io.k8s.api.flowcontrol.v1.FlowDistinguisherMethod': [['type', 1, 'req']],
    'io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationReference': [['name', 1, 'req']],
    'io.k8s.api.flowcontrol.v1.PolicyRulesWithSubjects': [
      ['subjects', 1, 'req list:atomic'],
      ['resourceRules', 2, 'list:atomic'],
      ['nonResourceRules', 3, 'list:atomic'],
    ],
    'io.k8s.api.flowcontrol.v1.Subject': [
      ['kind', 1, 'req'],
      ['user', 2, 'ptr'],
      ['group', 3, 'ptr'],
      ['serviceAccount', 4, 'ptr'],
    ],
    'io.k8s.api.flowcontrol.v1.UserSubject': [['name', 1, 'req']],
    'io.k8s.api.flowcontrol.v1.GroupSubject': [['name', 1, 'req']],
    'io.k8s.api.flowcontrol.v1.ServiceAccountSubject': [
      ['namespace', 1, 'req'],
      ['name', 2, 'req'],
    ],
    'io.k8s.api.flowcontrol.v1.ResourcePolicyRule': [
      ['verbs', 1, 'req list:set'],
      ['apiGroups', 2, 'req list:set'],
      ['resources', 3, 'req list:set'],
      ['clusterScope', 4],
      ['namespaces', 5, 'list:set'],
    ],
    'io.k8s.api.flowcontrol.v1.NonResourcePolicyRule': [
      ['verbs', 1, 'req list:set'],
      ['nonResourceURLs', 6, 'req list:set'],
    ],
    'io.k8s.api.flowcontrol.v1.FlowSchemaStatus': [['conditions', 1, 'merge:type list:map:type']],
    'io.k8s.api.flowcontrol.v1.FlowSchemaCondition': [
      ['type', 1],
      ['status', 2],
      ['lastTransitionTime', 3],
      ['reason', 4],
      ['message', 5],
    ],
    'io.k8s.api.flowcontrol.v1.PriorityLevelConfiguration': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationSpec': [
      ['type', 1, 'req'],
      ['limited', 2, 'ptr'],
      ['exempt', 3, 'ptr'],
    ],
    'io.k8s.api.flowcontrol.v1.LimitedPriorityLevelConfiguration': [
      ['nominalConcurrencyShares', 1, 'ptr'],
      ['limitResponse', 2],
      ['lendablePercent', 3, 'ptr'],
      ['borrowingLimitPercent', 4, 'ptr'],
    ],
    'io.k8s.api.flowcontrol.v1.ExemptPriorityLevelConfiguration': [
      ['nominalConcurrencyShares', 1, 'ptr'],
      ['lendablePercent', 2, 'ptr'],
    ],
    'io.k8s.api.flowcontrol.v1.LimitResponse': [
      ['type', 1, 'req'],
      ['queuing', 2, 'ptr'],
    ],
    'io.k8s.api.flowcontrol.v1.QueuingConfiguration': [
      ['queues', 1],
      ['handSize', 2],
      ['queueLengthLimit', 3],
    ],
    'io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationStatus': [['conditions', 1, 'merge:type list:map:type']],
    'io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationCondition': [
      ['type', 1],
      ['status', 2],
      ['lastTransitionTime', 3],
      ['reason', 4],
      ['message', 5],
    ],
  };

  it('match k8s.io/api flowcontrol/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([FlowSchema, PriorityLevelConfiguration], table);
  });

  it("serves both kinds with kube's names and scope (cluster, no short names)", () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['FlowSchema', 'flowschemas', 'flowschema', false, 'FlowSchemaList', [], []],
      ['PriorityLevelConfiguration', 'prioritylevelconfigurations', 'prioritylevelconfiguration', false, 'PriorityLevelConfigurationList', [], []],
    ]);
  });
});

describe('defaults (pkg/apis/flowcontrol/v1/defaults.go)', () => {
  it('an unset or zero matchingPrecedence is 1000; others stay', () => {
    for (const [given, want] of [
      [undefined, 1000],
      [0, 1000],
      [7, 7],
    ] as const) {
      const fs: FlowSchema = { metadata: { name: 'f' }, spec: { priorityLevelConfiguration: { name: 'p' }, ...(given !== undefined ? { matchingPrecedence: given } : {}) } };
      flowSchemaKind.defaults(fs);
      expect(fs.spec!.matchingPrecedence).toBe(want);
    }
  });

  it('a limited level: unset shares are 30 but an explicit 0 stays 0; lendablePercent 0; queuing 64/8/50 for zeros', () => {
    const pl: PriorityLevelConfiguration = { metadata: { name: 'p' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: { queues: 0, handSize: 3 } } } } };
    priorityLevelConfigurationKind.defaults(pl);
    expect(pl.spec).toEqual({
      type: 'Limited',
      limited: { nominalConcurrencyShares: 30, lendablePercent: 0, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 3, queueLengthLimit: 50 } } },
    });
    const jail: PriorityLevelConfiguration = { metadata: { name: 'j' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 0, lendablePercent: 10, limitResponse: { type: 'Reject' } } } };
    priorityLevelConfigurationKind.defaults(jail);
    expect(jail.spec!.limited).toEqual({ nominalConcurrencyShares: 0, lendablePercent: 10, limitResponse: { type: 'Reject' } });
    expect(priorityLevelConfigurationKind.validate(jail)).toEqual([]);
  });

  it('an exempt level: unset shares and lendablePercent are 0; nothing is added where neither member is set', () => {
    const pl: PriorityLevelConfiguration = { metadata: { name: 'exempt' }, spec: { type: 'Exempt', exempt: {} } };
    priorityLevelConfigurationKind.defaults(pl);
    expect(pl.spec).toEqual({ type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
    const bare: PriorityLevelConfiguration = { metadata: { name: 'exempt' }, spec: { type: 'Exempt' } };
    priorityLevelConfigurationKind.defaults(bare);
    expect(bare.spec).toEqual({ type: 'Exempt' });
  });

  it('the mandatory objects are what defaulting leaves unchanged (internalbootstrap)', () => {
    for (const o of mandatoryFlowSchemas) {
      const copy = structuredClone(o);
      flowSchemaKind.defaults(copy);
      expect(copy).toEqual(o);
      expect(flowSchemaKind.validate(copy)).toEqual([]);
    }
    for (const o of mandatoryPriorityLevelConfigurations) {
      const copy = structuredClone(o);
      priorityLevelConfigurationKind.defaults(copy);
      expect(copy).toEqual(o);
      expect(priorityLevelConfigurationKind.validate(copy)).toEqual([]);
    }
    expect(mandatoryFlowSchemas.map((o) => [o.metadata!.name, o.spec!.matchingPrecedence, o.metadata!.annotations])).toEqual([
      ['exempt', 1, { 'apf.kubernetes.io/autoupdate-spec': 'true' }],
      ['catch-all', 10000, { 'apf.kubernetes.io/autoupdate-spec': 'true' }],
    ]);
  });
});

// --- FlowSchema validation (TestFlowSchemaValidation) ----------------------------------------

const userNoxu = [{ kind: 'User', user: { name: 'noxu' } }];
const everyResource = [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }];
const fs = (name: string, rules: FlowSchemaPolicyRulesWithSubjects[], extra: Partial<NonNullable<FlowSchema['spec']>> = {}): FlowSchema => ({
  metadata: { name },
  spec: { matchingPrecedence: 50, priorityLevelConfiguration: { name: 'system-bar' }, rules, ...extra },
});
const rules = (r: FlowSchemaPolicyRulesWithSubjects) => [r];

describe('FlowSchema validation', () => {
  const cases: [string, FlowSchema, string[]][] = [
    [
      'missing both resource and non-resource policy-rule',
      fs('system-foo', rules({ subjects: userNoxu })),
      ['spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty'],
    ],
    ['normal flow-schema w/ * verbs/apiGroups/resources', fs('system-foo', rules({ subjects: [{ kind: 'Group', group: { name: 'noxu' } }], resourceRules: everyResource })), []],
    [
      'malformed Subject union in ServiceAccount case',
      fs('system-foo', rules({ subjects: [{ kind: 'ServiceAccount', user: { name: 'fred' }, group: { name: 'fred' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] })),
      [
        "spec.rules[0].subjects[0].serviceAccount: Required value: serviceAccount is required when subject kind is 'ServiceAccount'",
        "spec.rules[0].subjects[0].user: Forbidden: user is forbidden when subject kind is not 'User'",
        "spec.rules[0].subjects[0].group: Forbidden: group is forbidden when subject kind is not 'Group'",
      ],
    ],
    [
      'Subject union malformed in User case',
      fs('system-foo', rules({ subjects: [{ kind: 'User', group: { name: 'fred' }, serviceAccount: { namespace: 's', name: 'n' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] })),
      [
        "spec.rules[0].subjects[0].user: Required value: user is required when subject kind is 'User'",
        "spec.rules[0].subjects[0].serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
        "spec.rules[0].subjects[0].group: Forbidden: group is forbidden when subject kind is not 'Group'",
      ],
    ],
    [
      'malformed Subject union in Group case',
      fs('system-foo', rules({ subjects: [{ kind: 'Group', user: { name: 'fred' }, serviceAccount: { namespace: 's', name: 'n' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] })),
      [
        "spec.rules[0].subjects[0].group: Required value: group is required when subject kind is 'Group'",
        "spec.rules[0].subjects[0].serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
        "spec.rules[0].subjects[0].user: Forbidden: user is forbidden when subject kind is not 'User'",
      ],
    ],
    [
      'non-exempt flow-schema with matchingPrecedence==1',
      fs('fred', rules({ subjects: [{ kind: 'Group', group: { name: 'gorp' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }), {
        matchingPrecedence: 1,
        priorityLevelConfiguration: { name: 'exempt' },
      }),
      ["spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"],
    ],
    [
      'flow-schema mixes * verbs/apiGroups/resources',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['*', 'create'], apiGroups: ['*', 'tak'], resources: ['*', 'tok'], namespaces: ['*'] }] })),
      [
        `spec.rules[0].resourceRules[0].verbs: Invalid value: []string{"*", "create"}: if '*' is present, must not specify other verbs`,
        `spec.rules[0].resourceRules[0].apiGroups: Invalid value: []string{"*", "tak"}: if '*' is present, must not specify other api groups`,
        `spec.rules[0].resourceRules[0].resources: Invalid value: []string{"*", "tok"}: if '*' is present, must not specify other resources`,
      ],
    ],
    [
      'flow-schema has both resource rules and non-resource rules',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource, nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['/apis/*'] }] })),
      [],
    ],
    [
      'flow-schema mixes * non-resource URLs',
      fs('system-foo', rules({ subjects: userNoxu, nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*', 'tik'] }] })),
      [`spec.rules[0].nonResourceRules[0].nonResourceURLs: Invalid value: []string{"*", "tik"}: if '*' is present, must not specify other non-resource URLs`],
    ],
    [
      'invalid subject kind',
      fs('system-foo', rules({ subjects: [{ kind: 'FooKind' }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] })),
      ['spec.rules[0].subjects[0].kind: Unsupported value: "FooKind": supported values: "Group", "ServiceAccount", "User"'],
    ],
    [
      'flow-schema w/ invalid verb',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['feed'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }] })),
      [
        'spec.rules[0].resourceRules[0].verbs: Unsupported value: []string{"feed"}: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
      ],
    ],
    [
      'flow-schema w/ invalid priority level configuration name',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource }), { priorityLevelConfiguration: { name: 'system+++$$' } }),
      [
        `spec.priorityLevelConfiguration.name: Invalid value: "system+++$$": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      ],
    ],
    [
      'flow-schema w/ service-account kind missing namespace',
      fs('system-foo', rules({ subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: 'noxu' } }], resourceRules: everyResource })),
      ['spec.rules[0].subjects[0].serviceAccount.namespace: Required value: must specify namespace for service account'],
    ],
    [
      'flow-schema missing kind',
      fs('system-foo', rules({ subjects: [{ kind: '' }], resourceRules: everyResource })),
      ['spec.rules[0].subjects[0].kind: Unsupported value: "": supported values: "Group", "ServiceAccount", "User"'],
    ],
    [
      'omitted ResourceRule.Namespaces',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] })),
      ['spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace'],
    ],
    ['ClusterScope is allowed, with no Namespaces', fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true }] })), []],
    [
      'NamespaceEvery may not be combined with particulars',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['foo', '*'] }] })),
      [`spec.rules[0].resourceRules[0].namespaces: Invalid value: []string{"foo", "*"}: if '*' is present, must not specify other namespaces`],
    ],
    [
      'ResourceRule.Namespaces must be well formed',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['-foo'] }] })),
      [
        `spec.rules[0].resourceRules[0].namespaces[0]: Invalid value: "-foo": each member of this list must be '*' or a DNS-1123 label; a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      ],
    ],
    [
      'MatchingPrecedence must not be greater than 10000',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource }), { matchingPrecedence: 10001 }),
      ['spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000'],
    ],
    [
      'a distinguisher method kube does not know',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource }), { distinguisherMethod: { type: 'ByFoo' } }),
      ['spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByFoo"}: supported values: "ByNamespace", "ByUser"'],
    ],
    [
      'no priority level',
      fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource }), { priorityLevelConfiguration: { name: '' }, matchingPrecedence: 0 }),
      ['spec.matchingPrecedence: Invalid value: 0: must be a positive value', 'spec.priorityLevelConfiguration.name: Required value: must reference a priority level'],
    ],
  ];

  it.each(cases)('%s', (_name, obj, want) => {
    expect(msgs(flowSchemaKind.validate(obj)).sort()).toEqual([...want].sort());
  });

  it("the mandatory schemas' spec is fixed: exempt and catch-all may not change", () => {
    const exempt = structuredClone(mandatoryFlowSchemas[0]!);
    expect(flowSchemaKind.validate(exempt)).toEqual([]);
    exempt.spec!.rules![0]!.nonResourceRules![0]!.nonResourceURLs = ['/'];
    expect(msgs(flowSchemaKind.validate(exempt))).toEqual([
      `spec: Invalid value: flowcontrol.FlowSchemaSpec{PriorityLevelConfiguration:flowcontrol.PriorityLevelConfigurationReference{Name:"exempt"}, MatchingPrecedence:1, DistinguisherMethod:(*flowcontrol.FlowDistinguisherMethod)(nil), Rules:[]flowcontrol.PolicyRulesWithSubjects{flowcontrol.PolicyRulesWithSubjects{Subjects:[]flowcontrol.Subject{flowcontrol.Subject{Kind:"Group", User:(*flowcontrol.UserSubject)(nil), Group:(*flowcontrol.GroupSubject)(0xc000000000), ServiceAccount:(*flowcontrol.ServiceAccountSubject)(nil)}}, ResourceRules:[]flowcontrol.ResourcePolicyRule{flowcontrol.ResourcePolicyRule{Verbs:[]string{"*"}, APIGroups:[]string{"*"}, Resources:[]string{"*"}, ClusterScope:true, Namespaces:[]string{"*"}}}, NonResourceRules:[]flowcontrol.NonResourcePolicyRule{flowcontrol.NonResourcePolicyRule{Verbs:[]string{"*"}, NonResourceURLs:[]string{"/"}}}}}}: spec of 'exempt' must equal the fixed value`,
    ]);
    const catchAll = structuredClone(mandatoryFlowSchemas[1]!);
    catchAll.spec!.distinguisherMethod = { type: 'ByNamespace' };
    expect(msgs(flowSchemaKind.validate(catchAll))).toHaveLength(1);
    expect(msgs(flowSchemaKind.validate(catchAll))[0]).toMatch(/^spec: Invalid value: flowcontrol\.FlowSchemaSpec\{.*\}: spec of 'catch-all' must equal the fixed value$/);
    // Semantic equality: an empty list equals an absent one.
    const same = structuredClone(mandatoryFlowSchemas[1]!);
    same.metadata = { name: 'catch-all' };
    expect(flowSchemaKind.validate(same)).toEqual([]);
  });

  it('status conditions need a type, at most once each (TestValidateFlowSchemaStatus)', () => {
    const base = fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource }));
    expect(msgs(flowSchemaKind.validate({ ...base, status: { conditions: [{ type: '1' }, { type: '1' }] } }))).toEqual(['status.conditions[1].type: Duplicate value: "1"']);
    expect(msgs(flowSchemaKind.validate({ ...base, status: { conditions: [{ type: '' }] } }))).toEqual(['status.conditions[0].type: Required value: must not be empty']);
  });

  it('an update validates the metadata change and the new object', () => {
    const old = { ...fs('system-foo', rules({ subjects: userNoxu, resourceRules: everyResource })), metadata: { name: 'system-foo', resourceVersion: '1', uid: 'u1' } };
    const next = structuredClone(old);
    next.metadata.uid = 'u2';
    next.spec!.matchingPrecedence = 20000;
    expect(msgs(flowSchemaKind.validateUpdate(next, old))).toEqual([
      'metadata.uid: Invalid value: "u2": field is immutable',
      'spec.matchingPrecedence: Invalid value: 20000: must not be greater than 10000',
    ]);
  });
});

describe('ValidateNonResourceURLPath (TestValidateNonResourceURLPath)', () => {
  const cases: [string, boolean][] = [
    ['', true],
    ['foo', true],
    ['/', false],
    ['//', true],
    ['/foo', false],
    ['/////', true],
    ['/apis/', false],
    ['/healthz/*', false],
    ['/healthz/*/foo', true],
    ['/healthz/foo bar', true],
    ['/health*', true],
    ['/health*/foo', true],
    ['/*/*', true],
  ];
  it.each(cases)('%j fails: %s', (path, fails) => {
    expect(validateNonResourceURLPath(path, FieldPath.of('x')) !== undefined).toBe(fails);
  });
  it('says why', () => {
    const at = FieldPath.of('spec', 'rules').index(0).child('nonResourceRules').index(0).child('nonResourceURLs').index(0);
    expect(['', 'foo', '/a b', '/a//b', '/a*'].map((p) => fieldErrorString(validateNonResourceURLPath(p, at)!))).toEqual([
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "": must not be empty',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "foo": must start with slash',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/a b": must not contain white-space',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/a//b": must not contain double slash',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/a*": wildcard can only do suffix matching',
    ]);
  });
});

// --- PriorityLevelConfiguration validation (TestPriorityLevelConfigurationValidation) --------

const pl = (name: string, spec: PriorityLevelConfiguration['spec']): PriorityLevelConfiguration => ({ metadata: { name }, spec });
const queuing = (queues: number, handSize: number, queueLengthLimit = 100) => ({
  type: 'Limited',
  limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit } } },
});
const badSpec = { type: 'Limited', limited: { nominalConcurrencyShares: 42, limitResponse: { type: 'Reject' } } };
const goBadSpec = 'flowcontrol.PriorityLevelConfigurationSpec{Type:"Limited", Limited:(*flowcontrol.LimitedPriorityLevelConfiguration)(0xc000000000), Exempt:(*flowcontrol.ExemptPriorityLevelConfiguration)(nil)}';

describe('PriorityLevelConfiguration validation', () => {
  const cases: [string, PriorityLevelConfiguration, string[]][] = [
    ['exempt', pl('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } }), []],
    [
      'wrong exempt spec',
      pl('exempt', badSpec),
      [
        `spec.type: Invalid value: "Limited": type must be 'Exempt' if and only if name is 'exempt'`,
        `spec: Invalid value: ${goBadSpec}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value`,
      ],
    ],
    [
      'exempt priority level should have appropriate values for Exempt field (1)',
      pl('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: -1, lendablePercent: 101 } }),
      ['spec.exempt.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer', 'spec.exempt.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive'],
    ],
    [
      'exempt priority level should have appropriate values for Exempt field (2)',
      pl('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: -1, lendablePercent: -1 } }),
      ['spec.exempt.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer', 'spec.exempt.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive'],
    ],
    [
      "admins are not allowed to repurpose the 'exempt' pl to a limited type",
      pl('exempt', { type: 'Limited', exempt: {}, limited: { nominalConcurrencyShares: 42, limitResponse: { type: 'Reject' } } }),
      [
        `spec.type: Invalid value: "Limited": type must be 'Exempt' if and only if name is 'exempt'`,
        'spec.exempt: Forbidden: must be nil if the type is Limited',
        `spec: Invalid value: flowcontrol.PriorityLevelConfigurationSpec{Type:"Limited", Limited:(*flowcontrol.LimitedPriorityLevelConfiguration)(0xc000000000), Exempt:(*flowcontrol.ExemptPriorityLevelConfiguration)(0xc000000000)}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value`,
      ],
    ],
    [
      "admins are not allowed to change any field of the 'exempt' pl except 'Exempt'",
      pl('exempt', { type: 'Exempt', exempt: {}, limited: { nominalConcurrencyShares: 42, limitResponse: { type: 'Reject' } } }),
      [
        `spec: Invalid value: flowcontrol.PriorityLevelConfigurationSpec{Type:"Exempt", Limited:(*flowcontrol.LimitedPriorityLevelConfiguration)(0xc000000000), Exempt:(*flowcontrol.ExemptPriorityLevelConfiguration)(0xc000000000)}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value`,
        'spec.limited: Forbidden: must be nil if the type is not Limited',
      ],
    ],
    ["admins are allowed to change the Exempt field of the 'exempt' pl", pl('exempt', { type: 'Exempt', exempt: { nominalConcurrencyShares: 10, lendablePercent: 10 } }), []],
    [
      'limited must not set exempt priority level configuration for borrowing',
      pl('broken-limited', { type: 'Limited', exempt: {} }),
      ['spec.exempt: Forbidden: must be nil if the type is Limited', 'spec.limited: Required value: must not be empty when type is Limited'],
    ],
    ['limited requires more details', pl('broken-limited', { type: 'Limited' }), ['spec.limited: Required value: must not be empty when type is Limited']],
    ['max-in-flight', pl('max-in-flight', badSpec), []],
    [
      'forbid queuing details when not queuing',
      pl('system-foo', { type: 'Limited', limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Reject', queuing: { queues: 512, handSize: 4, queueLengthLimit: 100 } } } }),
      ['spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited'],
    ],
    ['wrong backstop spec', pl('catch-all', badSpec), [`spec: Invalid value: ${goBadSpec}: spec of 'catch-all' must equal the fixed value`]],
    ['backstop', pl('catch-all', { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } }), []],
    [
      'broken queuing level',
      pl('system-foo', { type: 'Limited', limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Queue' } } }),
      ['spec.limited.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited'],
    ],
    ['normal customized priority level', pl('system-foo', queuing(512, 4)), []],
    [
      'overflowing handSize/queues 1',
      pl('system-foo', queuing(512, 8)),
      ['spec.limited.limitResponse.queuing.handSize: Invalid value: 8: required entropy bits of deckSize 512 and handSize 8 should not be greater than 60'],
    ],
    [
      'overflowing handSize/queues 2',
      pl('system-foo', queuing(128, 10)),
      ['spec.limited.limitResponse.queuing.handSize: Invalid value: 10: required entropy bits of deckSize 128 and handSize 10 should not be greater than 60'],
    ],
    [
      'overflowing handSize/queues 3',
      pl('system-foo', queuing(2147483647, 3)),
      [
        'spec.limited.limitResponse.queuing.handSize: Invalid value: 3: required entropy bits of deckSize 2147483647 and handSize 3 should not be greater than 60',
        'spec.limited.limitResponse.queuing.queues: Invalid value: 2147483647: must not be greater than 10000000',
      ],
    ],
    ['handSize=2 and queues=10^7', pl('system-foo', queuing(10_000_000, 2)), []],
    ['handSize greater than queues', pl('system-foo', queuing(7, 8)), ['spec.limited.limitResponse.queuing.handSize: Invalid value: 8: should not be greater than queues (7)']],
    [
      'the roundtrip annotation is forbidden',
      { metadata: { name: 'with-forbidden-annotation', annotations: { 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares': '' } }, spec: badSpec },
      ["metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden"],
    ],
    [
      'zero queuing numbers and an unknown limit response',
      pl('system-foo', { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Queue', queuing: {} } } }),
      [
        'spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: 0: must be positive',
        'spec.limited.limitResponse.queuing.queues: Invalid value: 0: must be positive',
        'spec.limited.limitResponse.queuing.handSize: Invalid value: 0: must be positive',
      ],
    ],
    ['an unknown type', pl('system-foo', { type: 'Foo' }), ['spec.type: Unsupported value: "Foo": supported values: "Exempt", "Limited"']],
    [
      'an unknown limit response type',
      pl('system-foo', { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Drop' } } }),
      ['spec.limited.limitResponse.type: Unsupported value: "Drop": supported values: "Queue", "Reject"'],
    ],
  ];

  it.each(cases)('%s', (_name, obj, want) => {
    expect(msgs(priorityLevelConfigurationKind.validate(obj)).sort()).toEqual([...want].sort());
  });

  it('v1 allows zero nominalConcurrencyShares (since 1.30); a negative value is refused (TestValidateLimitedPriorityLevelConfiguration)', () => {
    for (const [shares, want] of [
      [0, []],
      [1, []],
      [-1, ['spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer']],
    ] as const) {
      expect(msgs(priorityLevelConfigurationKind.validate(pl('p', { type: 'Limited', limited: { nominalConcurrencyShares: shares, limitResponse: { type: 'Reject' } } })))).toEqual(want);
    }
  });

  it('lendablePercent 0..100 and borrowingLimitPercent ≥ 0 (TestValidateLimitedPriorityLevelConfigurationWithBorrowing)', () => {
    const errs = (lendablePercent?: number, borrowingLimitPercent?: number) =>
      msgs(
        priorityLevelConfigurationKind.validate(
          pl('p', {
            type: 'Limited',
            limited: {
              nominalConcurrencyShares: 1,
              limitResponse: { type: 'Reject' },
              ...(lendablePercent !== undefined ? { lendablePercent } : {}),
              ...(borrowingLimitPercent !== undefined ? { borrowingLimitPercent } : {}),
            },
          }),
        ),
      );
    for (const v of [undefined, 0, 100]) expect(errs(v)).toEqual([]);
    expect(errs(101)).toEqual(['spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive']);
    expect(errs(-1)).toEqual(['spec.limited.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive']);
    for (const v of [undefined, 0, 1, 100, 500]) expect(errs(undefined, v)).toEqual([]);
    expect(errs(undefined, -1)).toEqual(['spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer']);
  });

  it('status conditions need a type, at most once each (TestValidatePriorityLevelConfigurationStatus)', () => {
    const base = pl('p', badSpec);
    expect(msgs(priorityLevelConfigurationKind.validate({ ...base, status: { conditions: [{ type: '1' }, { type: '1' }] } }))).toEqual(['status.conditions[1].type: Duplicate value: "1"']);
    expect(msgs(priorityLevelConfigurationKind.validate({ ...base, status: { conditions: [{ type: '' }] } }))).toEqual(['status.conditions[0].type: Required value: must not be empty']);
  });

  it('shufflesharding.RequiredEntropyBits', () => {
    expect([requiredEntropyBits(64, 8), requiredEntropyBits(128, 6), requiredEntropyBits(512, 8), requiredEntropyBits(10_000_000, 2)]).toEqual([48, 42, 72, 47]);
  });
});
