// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go AddHandlers (v1.33): the
// server-side printers of the built-in kinds, by group and resource.
import type { TableConvertor } from '../table-convertor.ts';
import { controllerRevisionPrinter, daemonSetPrinter, deploymentPrinter, replicaSetPrinter, statefulSetPrinter } from './apps.ts';
import { cronJobPrinter, jobPrinter } from './batch.ts';
import { leasePrinter } from './coordination.ts';
import { eventPrinter } from './event.ts';
import { nodePrinter } from './node.ts';
import { podPrinter } from './pod.ts';
import { ingressClassPrinter, networkPolicyPrinter } from './networking.ts';
import { clusterRoleBindingPrinter, roleBindingPrinter } from './rbac.ts';
import { priorityClassPrinter } from './scheduling.ts';
import { endpointsPrinter, serviceAccountPrinter, servicePrinter } from './service.ts';

/**
 * kube's printers keyed by `group/resource` (`/pods` for the core group). Every cell is computed
 * from the stored JSON and the `now` the caller passes; the server prints wide, so the cells cover
 * every column and `kubectl` hides the priority-1 ones unless `-o wide`.
 */
export const printers: Readonly<Record<string, TableConvertor>> = {
  '/pods': podPrinter,
  '/services': servicePrinter,
  '/endpoints': endpointsPrinter,
  '/events': eventPrinter,
  '/serviceaccounts': serviceAccountPrinter,
  '/nodes': nodePrinter,
  'apps/deployments': deploymentPrinter,
  'apps/replicasets': replicaSetPrinter,
  'apps/statefulsets': statefulSetPrinter,
  'apps/daemonsets': daemonSetPrinter,
  'apps/controllerrevisions': controllerRevisionPrinter,
  'batch/jobs': jobPrinter,
  'batch/cronjobs': cronJobPrinter,
  'coordination.k8s.io/leases': leasePrinter,
  'rbac.authorization.k8s.io/rolebindings': roleBindingPrinter,
  'rbac.authorization.k8s.io/clusterrolebindings': clusterRoleBindingPrinter,
  'networking.k8s.io/networkpolicies': networkPolicyPrinter,
  'networking.k8s.io/ingressclasses': ingressClassPrinter,
  'scheduling.k8s.io/priorityclasses': priorityClassPrinter,
};

export {
  clusterRoleBindingPrinter,
  controllerRevisionPrinter,
  cronJobPrinter,
  daemonSetPrinter,
  deploymentPrinter,
  endpointsPrinter,
  eventPrinter,
  ingressClassPrinter,
  jobPrinter,
  leasePrinter,
  networkPolicyPrinter,
  nodePrinter,
  podPrinter,
  priorityClassPrinter,
  replicaSetPrinter,
  roleBindingPrinter,
  serviceAccountPrinter,
  servicePrinter,
  statefulSetPrinter,
};
export { podRowConditions } from './pod.ts';
