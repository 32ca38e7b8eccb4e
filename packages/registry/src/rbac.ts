// Behaviour of k8s.io/kubernetes pkg/registry/rbac/*/strategy.go and storage (v1.33): how the RBAC
// kinds are served. Every one may be created by an update (AllowCreateOnUpdate), none has status,
// and they live under `/registry/<resource>`. kube's escalation checks (a user may only grant what
// they hold) need an authorizer, which kapi does not have yet, so writes are not checked.
import { rbacV1Kinds } from '@kapi/api';
import type { BuiltinResource } from './builtin-resource.ts';
import { printers } from './printers/index.ts';

/** Roles, RoleBindings, ClusterRoles and ClusterRoleBindings; roles print kube's default table. */
export function rbacResources(): BuiltinResource[] {
  return rbacV1Kinds.map((def) => {
    const table = printers[`${def.group}/${def.resource}`];
    return { definition: def, strategy: { allowCreateOnUpdate: true }, ...(table ? { table } : {}) };
  });
}
