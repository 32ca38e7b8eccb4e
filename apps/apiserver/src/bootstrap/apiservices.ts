// Behaviour of k8s.io/kubernetes pkg/controlplane/apiserver/aggregator.go (DefaultGenericAPIServicePriorities,
// makeAPIService, apiServicesToRegister) and cmd/kube-apiserver/app/aggregator.go (the priority
// table of v1.33), with k8s.io/kube-aggregator pkg/controllers/autoregister (the `onstart` label)
// and the APIService strategy's status of a local APIService: the APIService objects the
// autoregister controller keeps for every built-in group version a server serves.
import type { APIService } from '@kapi/api';
import { formatTime } from '@kapi/apimachinery';

/** The label the autoregister controller marks its APIServices with (AutoRegisterManagedLabel). */
export const autoRegisterManagedLabel = 'kube-aggregator.kubernetes.io/automanaged';

/** A group version's place in discovery: its group's minimum priority and its order in the group. */
export interface APIServicePriority {
  readonly group: number;
  readonly version: number;
}

/** kube-apiserver's apiVersionPriorities (v1.33): the generic table merged with the kube-apiserver one. */
export const apiVersionPriorities: Readonly<Record<string, APIServicePriority>> = {
  'v1': { group: 18000, version: 1 },
  // DefaultGenericAPIServicePriorities.
  'events.k8s.io/v1': { group: 17750, version: 15 },
  'events.k8s.io/v1beta1': { group: 17750, version: 5 },
  'authentication.k8s.io/v1': { group: 17700, version: 15 },
  'authentication.k8s.io/v1beta1': { group: 17700, version: 9 },
  'authentication.k8s.io/v1alpha1': { group: 17700, version: 1 },
  'authorization.k8s.io/v1': { group: 17600, version: 15 },
  'certificates.k8s.io/v1': { group: 17300, version: 15 },
  'certificates.k8s.io/v1beta1': { group: 17300, version: 9 },
  'certificates.k8s.io/v1alpha1': { group: 17300, version: 1 },
  'rbac.authorization.k8s.io/v1': { group: 17000, version: 15 },
  'apiextensions.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1beta1': { group: 16700, version: 12 },
  'admissionregistration.k8s.io/v1alpha1': { group: 16700, version: 9 },
  'coordination.k8s.io/v1': { group: 16500, version: 15 },
  'coordination.k8s.io/v1beta1': { group: 16500, version: 13 },
  'coordination.k8s.io/v1alpha2': { group: 16500, version: 12 },
  'discovery.k8s.io/v1': { group: 16200, version: 15 },
  'flowcontrol.apiserver.k8s.io/v1': { group: 16100, version: 21 },
  'flowcontrol.apiserver.k8s.io/v1beta3': { group: 16100, version: 18 },
  'flowcontrol.apiserver.k8s.io/v1beta2': { group: 16100, version: 15 },
  'flowcontrol.apiserver.k8s.io/v1beta1': { group: 16100, version: 12 },
  'flowcontrol.apiserver.k8s.io/v1alpha1': { group: 16100, version: 9 },
  'internal.apiserver.k8s.io/v1alpha1': { group: 16000, version: 9 },
  'storagemigration.k8s.io/v1alpha1': { group: 15800, version: 9 },
  // cmd/kube-apiserver/app/aggregator.go.
  'apps/v1': { group: 17800, version: 15 },
  'autoscaling/v1': { group: 17500, version: 15 },
  'autoscaling/v2': { group: 17500, version: 30 },
  'autoscaling/v2beta1': { group: 17500, version: 9 },
  'autoscaling/v2beta2': { group: 17500, version: 1 },
  'batch/v1': { group: 17400, version: 15 },
  'batch/v1beta1': { group: 17400, version: 9 },
  'batch/v2alpha1': { group: 17400, version: 9 },
  'networking.k8s.io/v1': { group: 17200, version: 15 },
  'networking.k8s.io/v1beta1': { group: 17200, version: 9 },
  'policy/v1': { group: 17100, version: 15 },
  'policy/v1beta1': { group: 17100, version: 9 },
  'storage.k8s.io/v1': { group: 16800, version: 15 },
  'storage.k8s.io/v1beta1': { group: 16800, version: 9 },
  'storage.k8s.io/v1alpha1': { group: 16800, version: 1 },
  'scheduling.k8s.io/v1': { group: 16600, version: 15 },
  'node.k8s.io/v1': { group: 16300, version: 15 },
  'node.k8s.io/v1alpha1': { group: 16300, version: 1 },
  'node.k8s.io/v1beta1': { group: 16300, version: 9 },
  'resource.k8s.io/v1beta2': { group: 16200, version: 15 },
  'resource.k8s.io/v1beta1': { group: 16200, version: 9 },
  'resource.k8s.io/v1alpha3': { group: 16200, version: 1 },
};

/** One served group version: `group` is '' for the core group (`/api/v1`). */
export interface ServedGroupVersion {
  readonly group: string;
  readonly version: string;
}

/**
 * The local APIServices kube-aggregator's autoregister controller keeps for `served` (in the
 * order given, duplicates once): one `<version>.<group>` per group version kube has a priority
 * for (others, such as custom resources' groups, are skipped as kube skips them), with no
 * service, labelled `automanaged: onstart`, and the status the APIService strategy gives a local
 * APIService on create (Available, reason Local). `now` stamps the condition.
 */
export function localAPIServices(served: readonly ServedGroupVersion[], now: Date = new Date()): APIService[] {
  const seen = new Set<string>();
  const out: APIService[] = [];
  for (const { group, version } of served) {
    const key = group === '' ? version : `${group}/${version}`;
    const priority = apiVersionPriorities[key];
    if (!priority || seen.has(key)) continue;
    seen.add(key);
    out.push({
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: `${version}.${group}`, labels: { [autoRegisterManagedLabel]: 'onstart' } },
      spec: { group, version, groupPriorityMinimum: priority.group, versionPriority: priority.version },
      status: {
        conditions: [
          { type: 'Available', status: 'True', lastTransitionTime: formatTime(now), reason: 'Local', message: 'Local APIServices are always available' },
        ],
      },
    });
  }
  return out;
}
