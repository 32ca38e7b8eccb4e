// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printRoleBinding and
// printClusterRoleBinding, and pkg/apis/rbac SubjectsStrings (v1.33). Roles and ClusterRoles have
// no printer in kube: they are served with the default NAME, CREATED AT table.
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

type SubjectJson = { kind?: string; name?: string; namespace?: string };
type RoleRefJson = { kind?: string; name?: string };

/** SubjectsStrings: user names, group names and `namespace/name` of service accounts. */
export function subjectsStrings(subjects: readonly SubjectJson[] | undefined): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const out = { users: [] as string[], groups: [] as string[], serviceAccounts: [] as string[] };
  for (const s of subjects ?? []) {
    if (s.kind === 'ServiceAccount') out.serviceAccounts.push(`${s.namespace ?? ''}/${s.name ?? ''}`);
    else if (s.kind === 'User') out.users.push(s.name ?? '');
    else if (s.kind === 'Group') out.groups.push(s.name ?? '');
  }
  return out;
}

function bindingPrinter(roleRefDescription: string, of: string): TableConvertor {
  return {
    columns: [
      nameColumn,
      column('Role', 'string', roleRefDescription),
      ageColumn,
      column('Users', 'string', `Users in the ${of}`, 1),
      column('Groups', 'string', `Groups in the ${of}`, 1),
      column('ServiceAccounts', 'string', `ServiceAccounts in the ${of}`, 1),
    ],
    cells: (obj: KubeObject, now) => {
      const ref = (obj.roleRef ?? {}) as RoleRefJson;
      const { users, groups, serviceAccounts } = subjectsStrings(obj.subjects as SubjectJson[] | undefined);
      return [nameOf(obj), `${ref.kind ?? ''}/${ref.name ?? ''}`, age(obj, now), users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
    },
    emptyRowsAsArray: true,
  };
}

/** The printer of `rolebindings`: NAME, ROLE (kind/name), AGE; wide adds USERS, GROUPS, SERVICEACCOUNTS. */
export const roleBindingPrinter = bindingPrinter(
  'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
  'roleBinding',
);

/** The printer of `clusterrolebindings`, with kube's columns. */
export const clusterRoleBindingPrinter = bindingPrinter(
  'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
  'clusterRoleBinding',
);
