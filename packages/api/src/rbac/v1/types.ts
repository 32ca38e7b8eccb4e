// The types of k8s.io/api rbac/v1 types.go and generated.proto (v0.33): PolicyRule, Subject,
// RoleRef, AggregationRule and the four kinds.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { rbacV1 } from './names.ts';

export const PolicyRule = struct(rbacV1('PolicyRule', 'What a rule allows: verbs on resources of API groups, or verbs on non-resource URLs; never whom or where.'), {
  verbs: field(1, types.list(types.string()), { description: "The verbs allowed on everything the rule names; '*' is every verb.", required: true, listType: 'atomic' }),
  apiGroups: field(2, types.list(types.string()), { description: 'The API groups of the resources; "" is the core group, "*" every group.', listType: 'atomic' }),
  resources: field(3, types.list(types.string()), { description: "The resources the rule applies to; '*' is every resource.", listType: 'atomic' }),
  resourceNames: field(4, types.list(types.string()), { description: 'The names the rule is limited to; none means every name.', listType: 'atomic' }),
  nonResourceURLs: field(5, types.list(types.string()), {
    description: 'Partial URLs outside the resource API (a trailing * matches the rest); only for ClusterRoles bound by ClusterRoleBindings, never together with resources.',
    listType: 'atomic',
  }),
});
export type PolicyRule = z.infer<typeof PolicyRule>;

export const Subject = struct(
  { ...rbacV1('Subject', 'Whom a binding applies to: a User, a Group or a ServiceAccount.'), mapType: 'atomic' },
  {
    kind: field(1, types.string(), { description: 'User, Group or ServiceAccount.', required: true, default: '' }),
    apiGroup: field(2, types.string(), { description: 'The API group of the subject: "" for ServiceAccounts, rbac.authorization.k8s.io (the default) for Users and Groups.' }),
    name: field(3, types.string(), { description: 'The name of the subject.', required: true, default: '' }),
    namespace: field(4, types.string(), { description: 'The namespace of a ServiceAccount subject; must be empty for Users and Groups.' }),
  },
);
export type Subject = z.infer<typeof Subject>;

export const RoleRef = struct(
  { ...rbacV1('RoleRef', 'The role a binding grants.'), mapType: 'atomic' },
  {
    apiGroup: field(1, types.string(), { description: 'The API group of the role (rbac.authorization.k8s.io).', required: true, default: '' }),
    kind: field(2, types.string(), { description: 'Role or ClusterRole.', required: true, default: '' }),
    name: field(3, types.string(), { description: 'The name of the role.', required: true, default: '' }),
  },
);
export type RoleRef = z.infer<typeof RoleRef>;

export const AggregationRule = struct(rbacV1('AggregationRule', 'How the rules of an aggregated ClusterRole are collected from other ClusterRoles.'), {
  clusterRoleSelectors: field(1, types.list(LabelSelector), {
    description: 'The ClusterRoles whose rules are added: those matching any of these selectors.',
    listType: 'atomic',
  }),
});
export type AggregationRule = z.infer<typeof AggregationRule>;

export const Role = struct(rbacV1('Role', 'A namespaced set of PolicyRules that a RoleBinding grants as a unit.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  rules: field(2, types.list(PolicyRule), { description: 'The rules of the Role.', listType: 'atomic' }),
});
export type Role = z.infer<typeof Role>;

export const ClusterRole = struct(rbacV1('ClusterRole', 'A cluster-wide set of PolicyRules that a RoleBinding or ClusterRoleBinding grants as a unit.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  rules: field(2, types.list(PolicyRule), { description: 'The rules of the ClusterRole.', listType: 'atomic' }),
  aggregationRule: field(3, AggregationRule, {
    description: 'When set, the rules are collected from the ClusterRoles it selects by a controller, which overwrites direct changes to rules.',
    pointer: true,
  }),
});
export type ClusterRole = z.infer<typeof ClusterRole>;

export const RoleBinding = struct(rbacV1('RoleBinding', 'Grants a Role of its namespace, or a ClusterRole, to subjects within its namespace.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  subjects: field(2, types.list(Subject), { description: 'Whom the role is granted to.', listType: 'atomic' }),
  roleRef: field(3, RoleRef, {
    description: 'The Role of this namespace or the ClusterRole granted; the authorizer reports an error when it cannot be resolved. Immutable.',
    required: true,
  }),
});
export type RoleBinding = z.infer<typeof RoleBinding>;

export const ClusterRoleBinding = struct(rbacV1('ClusterRoleBinding', 'Grants a ClusterRole to subjects across the cluster.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  subjects: field(2, types.list(Subject), { description: 'Whom the role is granted to.', listType: 'atomic' }),
  roleRef: field(3, RoleRef, {
    description: 'The ClusterRole granted; the authorizer reports an error when it cannot be resolved. Immutable.',
    required: true,
  }),
});
export type ClusterRoleBinding = z.infer<typeof ClusterRoleBinding>;
