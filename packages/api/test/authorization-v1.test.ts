// authorization.k8s.io/v1 as kube-apiserver v1.33 declares and validates it (k8s.io/api
// authorization/v1 types.go + generated.proto, pkg/apis/authorization/validation/validation.go and
// its validation_test.go tables).
import { describe, expect, it } from 'vitest';
import { FieldPath, fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  LocalSubjectAccessReview,
  SelfSubjectAccessReview,
  SelfSubjectRulesReview,
  SubjectAccessReview,
  localSubjectAccessReviewKind,
  selfSubjectAccessReviewKind,
  selfSubjectRulesReviewKind,
  subjectAccessReviewKind,
  validateLocalSubjectAccessReview,
  validateSelfSubjectAccessReview,
  validateSelfSubjectAccessReviewSpec,
  validateSubjectAccessReview,
  validateSubjectAccessReviewSpec,
  type SelfSubjectAccessReviewSpec,
  type SubjectAccessReviewSpec,
} from '../src/authorization/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const group = 'authorization.k8s.io';

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.authorization.v1.SubjectAccessReview': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authorization.v1.SelfSubjectAccessReview': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authorization.v1.LocalSubjectAccessReview': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authorization.v1.SelfSubjectRulesReview': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authorization.v1.SubjectAccessReviewSpec': [
      ['resourceAttributes', 1, 'ptr'],
      ['nonResourceAttributes', 2, 'ptr'],
      ['user', 3],
      ['groups', 4, 'list:atomic'],
      ['extra', 5],
      ['uid', 6],
    ],
    'io.k8s.api.authorization.v1.SelfSubjectAccessReviewSpec': [
      ['resourceAttributes', 1, 'ptr'],
      ['nonResourceAttributes', 2, 'ptr'],
    ],
    'io.k8s.api.authorization.v1.ResourceAttributes': [
      ['namespace', 1],
      ['verb', 2],
      ['group', 3],
      ['version', 4],
      ['resource', 5],
      ['subresource', 6],
      ['name', 7],
      ['fieldSelector', 8, 'ptr'],
      ['labelSelector', 9, 'ptr'],
    ],
    'io.k8s.api.authorization.v1.FieldSelectorAttributes': [
      ['rawSelector', 1],
      ['requirements', 2, 'list:atomic'],
    ],
    'io.k8s.api.authorization.v1.LabelSelectorAttributes': [
      ['rawSelector', 1],
      ['requirements', 2, 'list:atomic'],
    ],
    'io.k8s.api.authorization.v1.NonResourceAttributes': [
      ['path', 1],
      ['verb', 2],
    ],
    'io.k8s.api.authorization.v1.SubjectAccessReviewStatus': [
      ['allowed', 1, 'req'],
      ['denied', 4],
      ['reason', 2],
      ['evaluationError', 3],
    ],
    'io.k8s.api.authorization.v1.SelfSubjectRulesReviewSpec': [['namespace', 1]],
    'io.k8s.api.authorization.v1.SubjectRulesReviewStatus': [
      ['resourceRules', 1, 'req list:atomic'],
      ['nonResourceRules', 2, 'req list:atomic'],
      ['incomplete', 3, 'req'],
      ['evaluationError', 4],
    ],
    'io.k8s.api.authorization.v1.ResourceRule': [
      ['verbs', 1, 'req list:atomic'],
      ['apiGroups', 2, 'list:atomic'],
      ['resources', 3, 'list:atomic'],
      ['resourceNames', 4, 'list:atomic'],
    ],
    'io.k8s.api.authorization.v1.NonResourceRule': [
      ['verbs', 1, 'req list:atomic'],
      ['nonResourceURLs', 2, 'list:atomic'],
    ],
    'io.k8s.apimachinery.pkg.apis.meta.v1.FieldSelectorRequirement': [
      ['key', 1, 'req'],
      ['operator', 2, 'req'],
      ['values', 3, 'list:atomic'],
    ],
  };

  it('every field of k8s.io/api authorization/v1, with its protobuf number and markers', () => {
    checkUpstreamTable([SubjectAccessReview, SelfSubjectAccessReview, LocalSubjectAccessReview, SelfSubjectRulesReview], table);
  });

  it('declares the four reviews as create-only kinds of authorization.k8s.io/v1 (only LocalSubjectAccessReview is namespaced)', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced])).toEqual([
      ['LocalSubjectAccessReview', 'localsubjectaccessreviews', 'localsubjectaccessreview', true],
      ['SelfSubjectAccessReview', 'selfsubjectaccessreviews', 'selfsubjectaccessreview', false],
      ['SelfSubjectRulesReview', 'selfsubjectrulesreviews', 'selfsubjectrulesreview', false],
      ['SubjectAccessReview', 'subjectaccessreviews', 'subjectaccessreview', false],
    ]);
    expect([localSubjectAccessReviewKind, selfSubjectAccessReviewKind, selfSubjectRulesReviewKind, subjectAccessReviewKind].every((k) => k.shortNames.length === 0)).toBe(true);
  });

  it('writes extra as a map of string lists in JSON and ExtraValue messages in protobuf', () => {
    const parsed = SubjectAccessReview.safeParse({ spec: { user: 'u', extra: { scopes: ['a', 'b'] } } });
    expect(parsed.success).toBe(true);
    expect(SubjectAccessReview.safeParse({ spec: { extra: { scopes: 'a' } } }).success).toBe(false);
  });
});

describe('ValidateSubjectAccessReviewSpec (TestValidateSARSpec)', () => {
  const ok: SubjectAccessReviewSpec[] = [
    { resourceAttributes: {}, user: 'me' },
    { nonResourceAttributes: {}, groups: ['my-group'] },
    { user: 'me', resourceAttributes: { fieldSelector: { rawSelector: '***foo' } } },
    { user: 'me', resourceAttributes: { labelSelector: { rawSelector: '***foo' } } },
    { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: 'k', operator: 'fake', values: ['val'] }] } } },
    { user: 'me', resourceAttributes: { labelSelector: { requirements: [{ key: 'k', operator: 'fake', values: ['val'] }] } } },
  ];
  it.each(ok.map((s, i) => [i, s] as const))('accepts case %i', (_i, spec) => {
    expect(msgs(validateSubjectAccessReviewSpec(spec, FieldPath.of('spec')))).toEqual([]);
  });

  const bad: [string, SubjectAccessReviewSpec, string][] = [
    ['neither request', { user: 'me' }, 'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified'],
    [
      'both requests',
      { resourceAttributes: {}, nonResourceAttributes: {}, user: 'me' },
      'spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"", Verb:""}: cannot be specified in combination with resourceAttributes',
    ],
    ['no subject', { resourceAttributes: {} }, 'spec.user: Invalid value: "": at least one of user or group must be specified'],
    [
      'field selector specify both',
      { user: 'me', resourceAttributes: { fieldSelector: { rawSelector: 'foo', requirements: [{}] } } },
      'spec.resourceAttributes.fieldSelector.rawSelector: Invalid value: "foo": may not specified at the same time as requirements',
    ],
    [
      'field selector specify neither',
      { user: 'me', resourceAttributes: { fieldSelector: {} } },
      'spec.resourceAttributes.fieldSelector.requirements: Required value: when spec.resourceAttributes.fieldSelector is specified, requirements or rawSelector is required',
    ],
    [
      'field selector no key',
      { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: '' }] } } },
      'spec.resourceAttributes.fieldSelector.requirements[0].key: Required value: must be specified',
    ],
    [
      'field selector no value for in',
      { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: 'k', operator: 'In', values: [] }] } } },
      "spec.resourceAttributes.fieldSelector.requirements[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ],
    [
      'field selector no value for not in',
      { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: 'k', operator: 'NotIn', values: [] }] } } },
      "spec.resourceAttributes.fieldSelector.requirements[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ],
    [
      'field selector values for exists',
      { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: 'k', operator: 'Exists', values: ['val'] }] } } },
      "spec.resourceAttributes.fieldSelector.requirements[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    ],
    [
      'field selector values for not exists',
      { user: 'me', resourceAttributes: { fieldSelector: { requirements: [{ key: 'k', operator: 'DoesNotExist', values: ['val'] }] } } },
      "spec.resourceAttributes.fieldSelector.requirements[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    ],
    [
      'label selector specify both',
      { user: 'me', resourceAttributes: { labelSelector: { rawSelector: 'foo', requirements: [{}] } } },
      'spec.resourceAttributes.labelSelector.rawSelector: Invalid value: "foo": may not specified at the same time as requirements',
    ],
    [
      'label selector specify neither',
      { user: 'me', resourceAttributes: { labelSelector: {} } },
      'spec.resourceAttributes.labelSelector.requirements: Required value: when spec.resourceAttributes.labelSelector is specified, requirements or rawSelector is required',
    ],
    [
      'label selector no key',
      { user: 'me', resourceAttributes: { labelSelector: { requirements: [{ key: '' }] } } },
      'spec.resourceAttributes.labelSelector.requirements[0].key: Invalid value: "": name part must be non-empty',
    ],
    [
      'label selector invalid label name',
      { user: 'me', resourceAttributes: { labelSelector: { requirements: [{ key: '()foo' }] } } },
      `spec.resourceAttributes.labelSelector.requirements[0].key: Invalid value: "()foo": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    ],
    [
      'label selector no value for in',
      { user: 'me', resourceAttributes: { labelSelector: { requirements: [{ key: 'k', operator: 'In', values: [] }] } } },
      "spec.resourceAttributes.labelSelector.requirements[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ],
    [
      'label selector values for exists',
      { user: 'me', resourceAttributes: { labelSelector: { requirements: [{ key: 'k', operator: 'Exists', values: ['val'] }] } } },
      "spec.resourceAttributes.labelSelector.requirements[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    ],
  ];
  it.each(bad)('%s', (_name, spec, msg) => {
    expect(msgs(validateSubjectAccessReviewSpec(spec, FieldPath.of('spec')))[0]).toBe(msg);
    // The same first error from the SubjectAccessReview and LocalSubjectAccessReview validations.
    expect(msgs(validateSubjectAccessReview({ spec }))[0]).toBe(msg);
    expect(msgs(validateLocalSubjectAccessReview({ spec }))[0]).toBe(msg);
  });

  it('reports every problem, as kube aggregates them', () => {
    expect(msgs(validateSubjectAccessReviewSpec({}, FieldPath.of('spec')))).toEqual([
      'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
      'spec.user: Invalid value: "": at least one of user or group must be specified',
    ]);
  });
});

describe('ValidateSelfSubjectAccessReview (TestValidateSelfSAR)', () => {
  it('accepts a resource request with no subject', () => {
    expect(validateSelfSubjectAccessReviewSpec({ resourceAttributes: {} }, FieldPath.of('spec'))).toEqual([]);
  });
  const bad: [string, SelfSubjectAccessReviewSpec, string][] = [
    ['neither request', {}, 'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified'],
    [
      'both requests',
      { resourceAttributes: {}, nonResourceAttributes: { path: '/healthz', verb: 'get' } },
      'spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/healthz", Verb:"get"}: cannot be specified in combination with resourceAttributes',
    ],
    [
      'label selector specify both',
      { resourceAttributes: { labelSelector: { rawSelector: 'foo', requirements: [{}] } } },
      'spec.resourceAttributes.labelSelector.rawSelector: Invalid value: "foo": may not specified at the same time as requirements',
    ],
  ];
  it.each(bad)('%s', (_name, spec, msg) => {
    expect(msgs(validateSelfSubjectAccessReviewSpec(spec, FieldPath.of('spec')))[0]).toBe(msg);
    expect(msgs(validateSelfSubjectAccessReview({ spec }))[0]).toBe(msg);
  });

  it('wants empty metadata (managedFields aside), printing it as Go does', () => {
    expect(validateSelfSubjectAccessReview({ metadata: { managedFields: [{ manager: 'kubectl' }], labels: {} }, spec: { resourceAttributes: {} } })).toEqual([]);
    expect(msgs(validateSelfSubjectAccessReview({ metadata: { name: 'a' }, spec: { resourceAttributes: {} } }))).toEqual([
      'metadata: Invalid value: v1.ObjectMeta{Name:"a", GenerateName:"", Namespace:"", SelfLink:"", UID:"", ResourceVersion:"", Generation:0, ' +
        'CreationTimestamp:time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC), DeletionTimestamp:<nil>, DeletionGracePeriodSeconds:(*int64)(nil), ' +
        'Labels:map[string]string(nil), Annotations:map[string]string(nil), OwnerReferences:[]v1.OwnerReference(nil), Finalizers:[]string(nil), ' +
        'ManagedFields:[]v1.ManagedFieldsEntry(nil)}: must be empty',
    ]);
  });
});

describe('ValidateLocalSubjectAccessReview (TestValidateLocalSAR)', () => {
  it('accepts a resource request in the review\'s namespace', () => {
    expect(validateLocalSubjectAccessReview({ spec: { resourceAttributes: {}, user: 'user' } })).toEqual([]);
    expect(validateLocalSubjectAccessReview({ metadata: { namespace: 'a' }, spec: { resourceAttributes: { namespace: 'a' }, user: 'user' } })).toEqual([]);
  });
  it.each([
    ['name', { metadata: { name: 'a' }, spec: { resourceAttributes: {}, user: 'user' } }, 'must be empty except for namespace'],
    ['namespace conflict', { metadata: { namespace: 'a' }, spec: { resourceAttributes: {}, user: 'user' } }, 'spec.resourceAttributes.namespace: Invalid value: "": must match metadata.namespace'],
    [
      'nonresource',
      { metadata: { namespace: 'a' }, spec: { nonResourceAttributes: {}, user: 'user' } },
      'spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"", Verb:""}: disallowed on this kind of request',
    ],
  ] as const)('%s', (_name, sar, msg) => {
    expect(msgs(validateLocalSubjectAccessReview(structuredClone(sar) as LocalSubjectAccessReview))[0]).toContain(msg);
  });
});
