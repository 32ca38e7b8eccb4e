// rbac.authorization.k8s.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding.
import type { KindDefinition } from '../../kind.ts';
import { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from './kinds.ts';

export { AggregationRule, ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './types.ts';
export { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from './kinds.ts';
export { rbacGroupName } from './names.ts';
export {
  defaultBinding,
  defaultSubject,
  nameIsRBACName,
  validateBinding,
  validateBindingUpdate,
  validateClusterRole,
  validatePolicyRule,
  validateRole,
  validateSubject,
} from './validation.ts';

/** The kinds of rbac.authorization.k8s.io/v1 kapi serves. */
export const rbacV1Kinds: readonly KindDefinition[] = [
  roleKind as KindDefinition,
  roleBindingKind as KindDefinition,
  clusterRoleKind as KindDefinition,
  clusterRoleBindingKind as KindDefinition,
];
