// apps/v1: Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision.
import type { KindDefinition } from '../../kind.ts';
import { controllerRevisionKind } from './controllerrevision.ts';
import { daemonSetKind } from './daemonset.ts';
import { deploymentKind } from './deployment.ts';
import { replicaSetKind } from './replicaset.ts';
import { statefulSetKind } from './statefulset.ts';

export {
  Deployment,
  DeploymentSpec,
  DeploymentStatus,
  DeploymentStrategy,
  DeploymentCondition,
  RollingUpdateDeployment,
  deploymentKind,
  defaultDeployment,
  validateDeploymentSpec,
} from './deployment.ts';
export { ReplicaSet, ReplicaSetSpec, ReplicaSetStatus, ReplicaSetCondition, replicaSetKind, defaultReplicaSet, validateReplicaSet } from './replicaset.ts';
export {
  StatefulSet,
  StatefulSetSpec,
  StatefulSetStatus,
  StatefulSetCondition,
  StatefulSetUpdateStrategy,
  RollingUpdateStatefulSetStrategy,
  StatefulSetPersistentVolumeClaimRetentionPolicy,
  StatefulSetOrdinals,
  statefulSetKind,
  defaultStatefulSet,
  validateStatefulSet,
  validateStatefulSetUpdate,
} from './statefulset.ts';
export {
  DaemonSet,
  DaemonSetSpec,
  DaemonSetStatus,
  DaemonSetCondition,
  DaemonSetUpdateStrategy,
  RollingUpdateDaemonSet,
  daemonSetKind,
  defaultDaemonSet,
  validateDaemonSet,
} from './daemonset.ts';
export { ControllerRevision, controllerRevisionKind, validateControllerRevision } from './controllerrevision.ts';

/** The kinds of apps/v1 kapi serves. */
export const appsV1Kinds: readonly KindDefinition[] = [
  deploymentKind as KindDefinition,
  replicaSetKind as KindDefinition,
  statefulSetKind as KindDefinition,
  daemonSetKind as KindDefinition,
  controllerRevisionKind as KindDefinition,
];
