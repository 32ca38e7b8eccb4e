// Behaviour of k8s.io/kubernetes pkg/registry/rbac/{role,clusterrole,rolebinding,clusterrolebinding}/strategy.go
// (v1.33): the four kinds of rbac.authorization.k8s.io/v1. Their update validation runs the create
// rules twice (ValidateX, then ValidateXUpdate, which runs ValidateX again), as kube's strategies do.
import { protoMessageOf, validateObjectMetaUpdate } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { rbacGroupName } from './names.ts';
import { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from './types.ts';
import { defaultBinding, hasInvalidLabelValueInSelector, validateBinding, validateBindingUpdate, validateClusterRole, validateRole } from './validation.ts';

export const roleKind = defineKind<Role>({
  group: rbacGroupName,
  version: 'v1',
  kind: 'Role',
  resource: 'roles',
  singular: 'role',
  namespaced: true,
  schema: Role,
  proto: protoMessageOf(Role),
  description: 'A namespaced set of PolicyRules.',
  validate: (role) => validateRole(role),
  validateUpdate: (role, old) => [...validateRole(role), ...validateRole(role), ...validateObjectMetaUpdate(role.metadata ?? {}, old.metadata ?? {})],
});

export const clusterRoleKind = defineKind<ClusterRole>({
  group: rbacGroupName,
  version: 'v1',
  kind: 'ClusterRole',
  resource: 'clusterroles',
  singular: 'clusterrole',
  namespaced: false,
  schema: ClusterRole,
  proto: protoMessageOf(ClusterRole),
  description: 'A cluster-wide set of PolicyRules, possibly aggregated from other ClusterRoles.',
  validate: (role) => validateClusterRole(role),
  validateUpdate: (role, old) => {
    // Selectors that were already invalid may keep their label values.
    const allow = hasInvalidLabelValueInSelector(old.aggregationRule);
    return [...validateClusterRole(role, allow), ...validateClusterRole(role, allow), ...validateObjectMetaUpdate(role.metadata ?? {}, old.metadata ?? {})];
  },
});

export const roleBindingKind = defineKind<RoleBinding>({
  group: rbacGroupName,
  version: 'v1',
  kind: 'RoleBinding',
  resource: 'rolebindings',
  singular: 'rolebinding',
  namespaced: true,
  schema: RoleBinding,
  proto: protoMessageOf(RoleBinding),
  description: 'Grants a Role or ClusterRole to subjects within a namespace.',
  defaults: (binding) => defaultBinding(binding),
  validate: (binding) => validateBinding(binding, true),
  validateUpdate: (binding, old) => [...validateBinding(binding, true), ...validateBindingUpdate(binding, old, true)],
});

export const clusterRoleBindingKind = defineKind<ClusterRoleBinding>({
  group: rbacGroupName,
  version: 'v1',
  kind: 'ClusterRoleBinding',
  resource: 'clusterrolebindings',
  singular: 'clusterrolebinding',
  namespaced: false,
  schema: ClusterRoleBinding,
  proto: protoMessageOf(ClusterRoleBinding),
  description: 'Grants a ClusterRole to subjects across the cluster.',
  defaults: (binding) => defaultBinding(binding),
  validate: (binding) => validateBinding(binding, false),
  validateUpdate: (binding, old) => [...validateBinding(binding, false), ...validateBindingUpdate(binding, old, false)],
});
