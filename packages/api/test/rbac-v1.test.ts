// rbac.authorization.k8s.io/v1 as kube-apiserver v1.33 declares, defaults and validates it
// (k8s.io/api rbac/v1 types.go + generated.proto, pkg/apis/rbac/v1/defaults.go,
// pkg/apis/rbac/validation/validation.go, pkg/registry/rbac/*/strategy.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, newInvalid, type FieldError } from '@kapi/apimachinery';
import {
  ClusterRole,
  ClusterRoleBinding,
  Role,
  RoleBinding,
  clusterRoleBindingKind,
  clusterRoleKind,
  roleBindingKind,
  roleKind,
  type PolicyRule,
  type Subject,
} from '../src/rbac/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const rbac = 'rbac.authorization.k8s.io';
const dnsSubdomain =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.rbac.v1.PolicyRule': [
      ['verbs', 1, 'req list:atomic'],
      ['apiGroups', 2, 'list:atomic'],
      ['resources', 3, 'list:atomic'],
      ['resourceNames', 4, 'list:atomic'],
      ['nonResourceURLs', 5, 'list:atomic'],
    ],
    'io.k8s.api.rbac.v1.Subject': [
      ['kind', 1, 'req'],
      ['apiGroup', 2],
      ['name', 3, 'req'],
      ['namespace', 4],
    ],
    'io.k8s.api.rbac.v1.RoleRef': [
      ['apiGroup', 1, 'req'],
      ['kind', 2, 'req'],
      ['name', 3, 'req'],
    ],
    'io.k8s.api.rbac.v1.AggregationRule': [['clusterRoleSelectors', 1, 'list:atomic']],
    'io.k8s.api.rbac.v1.Role': [
      ['metadata', 1],
      ['rules', 2, 'list:atomic'],
    ],
    'io.k8s.api.rbac.v1.ClusterRole': [
      ['metadata', 1],
      ['rules', 2, 'list:atomic'],
      ['aggregationRule', 3, 'ptr'],
    ],
    'io.k8s.api.rbac.v1.RoleBinding': [
      ['metadata', 1],
      ['subjects', 2, 'list:atomic'],
      ['roleRef', 3, 'req'],
    ],
    'io.k8s.api.rbac.v1.ClusterRoleBinding': [
      ['metadata', 1],
      ['subjects', 2, 'list:atomic'],
      ['roleRef', 3, 'req'],
    ],
  };

  it('match k8s.io/api rbac/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([Role, ClusterRole, RoleBinding, ClusterRoleBinding], table);
  });

  it('serves the four kinds with kube\'s names and scope, and no short names', () => {
    const rbacKinds = builtinKinds.filter((k) => k.group === rbac);
    expect(rbacKinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['Role', 'roles', 'role', true, 'RoleList', [], []],
      ['RoleBinding', 'rolebindings', 'rolebinding', true, 'RoleBindingList', [], []],
      ['ClusterRole', 'clusterroles', 'clusterrole', false, 'ClusterRoleList', [], []],
      ['ClusterRoleBinding', 'clusterrolebindings', 'clusterrolebinding', false, 'ClusterRoleBindingList', [], []],
    ]);
  });
});

const podReader: PolicyRule = { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] };
const role = (rules: PolicyRule[] = [podReader], name = 'pod-reader'): Role => ({ metadata: { name, namespace: 'default', resourceVersion: '1' }, rules });
const clusterRole = (rest: Partial<ClusterRole> = {}, name = 'metrics-reader'): ClusterRole => ({ metadata: { name, resourceVersion: '1' }, rules: [podReader], ...rest });

describe('Role and ClusterRole rules', () => {
  it('accept what kubectl create role writes, no rules at all, and names kube would refuse elsewhere', () => {
    expect(roleKind.validate(role())).toEqual([]);
    expect(roleKind.validate(role([]))).toEqual([]);
    // RBAC names only have to be path segments.
    expect(clusterRoleKind.validate(clusterRole({}, 'system:aggregate-to-view'))).toEqual([]);
    expect(clusterRoleKind.validate(clusterRole({ rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/metrics'] }] }))).toEqual([]);
  });

  const ruleCases: [string, PolicyRule, string[]][] = [
    [
      'no verbs',
      { apiGroups: [''], resources: ['pods'] },
      ['rules[0].verbs: Required value: verbs must contain at least one value'],
    ],
    [
      'no API group and no resource',
      { verbs: ['get'] },
      ['rules[0].apiGroups: Required value: resource rules must supply at least one api group', 'rules[0].resources: Required value: resource rules must supply at least one resource'],
    ],
    [
      'non-resource URLs beside resources',
      { verbs: ['get'], nonResourceURLs: ['/healthz'], resources: ['pods'] },
      ['rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: rules cannot apply to both regular resources and non-resource URLs'],
    ],
    ['an empty rule', {}, ['rules[0].verbs: Required value: verbs must contain at least one value', 'rules[0].apiGroups: Required value: resource rules must supply at least one api group', 'rules[0].resources: Required value: resource rules must supply at least one resource']],
  ];

  it.each(ruleCases)('a ClusterRole rejects %s', (_name, rule, want) => {
    expect(msgs(clusterRoleKind.validate(clusterRole({ rules: [rule] })))).toEqual(want);
  });

  it('a Role may not name non-resource URLs', () => {
    expect(msgs(roleKind.validate(role([{ verbs: ['get'], nonResourceURLs: ['/healthz', '/version'] }])))).toEqual([
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz", "/version"}: namespaced rules cannot apply to non-resource URLs',
    ]);
  });

  it('names are path segments; a Role needs a namespace, a ClusterRole has none', () => {
    expect(msgs(roleKind.validate(role([podReader], 'a/b')))).toEqual(["metadata.name: Invalid value: \"a/b\": may not contain '/'"]);
    expect(msgs(clusterRoleKind.validate(clusterRole({}, '..')))).toEqual(["metadata.name: Invalid value: \"..\": may not be '..'"]);
    expect(msgs(roleKind.validate({ metadata: { name: 'r' }, rules: [] }))).toEqual(['metadata.namespace: Required value']);
    expect(msgs(clusterRoleKind.validate({ metadata: { name: 'r', namespace: 'default' } }))).toEqual(['metadata.namespace: Forbidden: not allowed on this type']);
  });

  it('updates report the create rules twice, as kube\'s strategies run them twice', () => {
    const old = role();
    const next = role([{ apiGroups: [''], resources: ['pods'] }]);
    expect(msgs(roleKind.validateUpdate(next, old))).toEqual([
      'rules[0].verbs: Required value: verbs must contain at least one value',
      'rules[0].verbs: Required value: verbs must contain at least one value',
    ]);
    const errs = roleKind.validateUpdate(next, old);
    expect(newInvalid({ group: rbac, kind: 'Role' }, 'pod-reader', errs).status.message).toBe(
      'Role.rbac.authorization.k8s.io "pod-reader" is invalid: rules[0].verbs: Required value: verbs must contain at least one value',
    );
  });
});

describe('ClusterRole aggregationRule', () => {
  const aggregated = (selectors: NonNullable<ClusterRole['aggregationRule']>['clusterRoleSelectors']) => clusterRole({ aggregationRule: { clusterRoleSelectors: selectors }, rules: [] }, 'monitoring');

  it('accepts selectors of aggregation labels', () => {
    expect(clusterRoleKind.validate(aggregated([{ matchLabels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } }]))).toEqual([]);
  });

  it('needs at least one selector when set', () => {
    expect(msgs(clusterRoleKind.validate(aggregated([])))).toEqual([
      'aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil',
    ]);
    expect(msgs(clusterRoleKind.validate(clusterRole({ aggregationRule: {} })))).toEqual([
      'aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil',
    ]);
  });

  it('reports a bad selector twice: as ValidateLabelSelector does, and as one that does not convert', () => {
    expect(msgs(clusterRoleKind.validate(aggregated([{ matchExpressions: [{ key: 'tier', operator: 'Has' }] }])))).toEqual([
      'aggregationRule.clusterRoleSelectors[0].matchExpressions[0].operator: Invalid value: "Has": not a valid selector operator',
      'aggregationRule.clusterRoleSelectors[0]: Invalid value: "null": invalid label selector.',
    ]);
  });

  it('tolerates bad label values on update only where the stored selectors already had them', () => {
    const bad = aggregated([{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['not valid!'] }] }]);
    const valueMsg =
      "aggregationRule.clusterRoleSelectors[0].matchExpressions[0].values[0]: Invalid value: \"not valid!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    const unconvertible = 'aggregationRule.clusterRoleSelectors[0]: Invalid value: "null": invalid label selector.';
    expect(msgs(clusterRoleKind.validate(bad))).toEqual([valueMsg, unconvertible]);
    expect(msgs(clusterRoleKind.validateUpdate(bad, aggregated([{ matchLabels: { a: 'b' } }])))).toEqual([valueMsg, unconvertible, valueMsg, unconvertible]);
    expect(msgs(clusterRoleKind.validateUpdate(bad, bad))).toEqual([unconvertible, unconvertible]);
  });
});

const binding = (subjects: Subject[], roleRef: RoleBinding['roleRef'] = { apiGroup: rbac, kind: 'Role', name: 'pod-reader' }): RoleBinding => ({
  metadata: { name: 'read-pods', namespace: 'default', resourceVersion: '1' },
  subjects,
  roleRef,
});
const clusterBinding = (subjects: Subject[], roleRef: ClusterRoleBinding['roleRef'] = { apiGroup: rbac, kind: 'ClusterRole', name: 'view' }): ClusterRoleBinding => ({
  metadata: { name: 'viewers', resourceVersion: '1' },
  subjects,
  roleRef,
});

describe('RoleBinding and ClusterRoleBinding', () => {
  it('default the apiGroup of the roleRef and of User and Group subjects, not of ServiceAccounts', () => {
    const rb = binding([{ kind: 'User', name: 'jane' }, { kind: 'Group', name: 'devs' }, { kind: 'ServiceAccount', name: 'app', namespace: 'default' }, { kind: 'User', name: 'x', apiGroup: 'example.com' }], {
      kind: 'Role',
      name: 'pod-reader',
    });
    roleBindingKind.defaults(rb);
    expect(rb.roleRef).toEqual({ apiGroup: rbac, kind: 'Role', name: 'pod-reader' });
    expect(rb.subjects!.map((s) => s.apiGroup)).toEqual([rbac, rbac, '', 'example.com']);
    const crb = clusterBinding([{ kind: 'Group', name: 'system:masters' }], { kind: 'ClusterRole', name: 'cluster-admin' });
    clusterRoleBindingKind.defaults(crb);
    expect(crb).toEqual(clusterBinding([{ kind: 'Group', name: 'system:masters', apiGroup: rbac }], { apiGroup: rbac, kind: 'ClusterRole', name: 'cluster-admin' }));
  });

  it('accept every kind of subject once defaulted', () => {
    const rb = binding([{ kind: 'User', name: 'jane' }, { kind: 'Group', name: 'devs' }, { kind: 'ServiceAccount', name: 'app' }]);
    roleBindingKind.defaults(rb);
    expect(roleBindingKind.validate(rb)).toEqual([]);
    expect(roleBindingKind.validate(binding([], { apiGroup: rbac, kind: 'ClusterRole', name: 'edit' }))).toEqual([]);
  });

  const roleRefCases: [string, RoleBinding['roleRef'], string[]][] = [
    ['no roleRef at all', undefined, [`roleRef.apiGroup: Unsupported value: "": supported values: "${rbac}"`, 'roleRef.kind: Unsupported value: "": supported values: "Role", "ClusterRole"', 'roleRef.name: Required value']],
    ['another group', { apiGroup: 'example.com', kind: 'Role', name: 'r' }, [`roleRef.apiGroup: Unsupported value: "example.com": supported values: "${rbac}"`]],
    ['an unknown kind', { apiGroup: rbac, kind: 'Policy', name: 'r' }, ['roleRef.kind: Unsupported value: "Policy": supported values: "Role", "ClusterRole"']],
    ['a name that is no path segment', { apiGroup: rbac, kind: 'Role', name: 'a%b' }, ["roleRef.name: Invalid value: \"a%b\": may not contain '%'"]],
  ];

  it.each(roleRefCases)('a RoleBinding rejects %s', (_name, roleRef, want) => {
    const rb = binding([]);
    if (roleRef === undefined) delete rb.roleRef;
    else rb.roleRef = roleRef;
    expect(msgs(roleBindingKind.validate(rb))).toEqual(want);
  });

  it('a ClusterRoleBinding may only grant a ClusterRole', () => {
    expect(msgs(clusterRoleBindingKind.validate(clusterBinding([], { apiGroup: rbac, kind: 'Role', name: 'pod-reader' })))).toEqual([
      'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
    ]);
  });

  const subjectCases: [string, Subject, string[]][] = [
    ['a subject without a name', { kind: 'User', apiGroup: rbac }, ['subjects[0].name: Required value']],
    ['an unknown kind', { kind: 'Robot', name: 'r2' }, ['subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"']],
    ['a User of another group', { kind: 'User', name: 'jane', apiGroup: 'example.com' }, [`subjects[0].apiGroup: Unsupported value: "example.com": supported values: "${rbac}"`]],
    ['a Group without the RBAC group', { kind: 'Group', name: 'devs', apiGroup: '' }, [`subjects[0].apiGroup: Unsupported value: "": supported values: "${rbac}"`]],
    ['a ServiceAccount with an API group', { kind: 'ServiceAccount', name: 'app', apiGroup: rbac }, [`subjects[0].apiGroup: Unsupported value: "${rbac}": supported values: ""`]],
    ['a ServiceAccount whose name is no DNS subdomain', { kind: 'ServiceAccount', name: 'App_1' }, [`subjects[0].name: Invalid value: "App_1": ${dnsSubdomain}`]],
    ['a ServiceAccount without a name', { kind: 'ServiceAccount' }, ['subjects[0].name: Required value']],
  ];

  it.each(subjectCases)('a RoleBinding rejects %s', (_name, subject, want) => {
    expect(msgs(roleBindingKind.validate(binding([subject])))).toEqual(want);
  });

  it('a ClusterRoleBinding needs the namespace of a ServiceAccount subject; a RoleBinding does not', () => {
    const sa: Subject = { kind: 'ServiceAccount', name: 'metrics-server' };
    expect(roleBindingKind.validate(binding([sa]))).toEqual([]);
    expect(msgs(clusterRoleBindingKind.validate(clusterBinding([sa])))).toEqual(['subjects[0].namespace: Required value']);
    expect(clusterRoleBindingKind.validate(clusterBinding([{ ...sa, namespace: 'kube-system' }]))).toEqual([]);
  });

  it('the roleRef is immutable; subjects may change', () => {
    const old = binding([{ kind: 'User', name: 'jane', apiGroup: rbac }]);
    expect(roleBindingKind.validateUpdate(binding([{ kind: 'User', name: 'bob', apiGroup: rbac }]), old)).toEqual([]);
    const next = binding(old.subjects!, { apiGroup: rbac, kind: 'ClusterRole', name: 'edit' });
    expect(msgs(roleBindingKind.validateUpdate(next, old))).toEqual([
      'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"edit"}: cannot change roleRef',
    ]);
    const oldCrb = clusterBinding([]);
    const nextCrb = clusterBinding([], { apiGroup: rbac, kind: 'ClusterRole', name: 'admin' });
    expect(newInvalid({ group: rbac, kind: 'ClusterRoleBinding' }, 'viewers', clusterRoleBindingKind.validateUpdate(nextCrb, oldCrb)).status.message).toBe(
      'ClusterRoleBinding.rbac.authorization.k8s.io "viewers" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"admin"}: cannot change roleRef',
    );
  });
});
