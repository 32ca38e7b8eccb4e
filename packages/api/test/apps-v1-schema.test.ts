// apps/v1 declarations against k8s.io/api apps/v1/types.go and generated.proto (v0.33.0): field
// order, JSON names, protobuf numbers, Go pointers, required fields and the patch/list metadata that
// kubectl and server-side apply read from the OpenAPI document.
import { describe, it } from 'vitest';
import { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../src/apps/v1/index.ts';
import { Scale } from '../src/autoscaling/v1/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const apps: UpstreamTable = {
  'io.k8s.api.apps.v1.StatefulSet': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.apps.v1.StatefulSetUpdateStrategy': [
    ['type', 1],
    ['rollingUpdate', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.RollingUpdateStatefulSetStrategy': [
    ['partition', 1, 'ptr'],
    ['maxUnavailable', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy': [
    ['whenDeleted', 1],
    ['whenScaled', 2],
  ],
  'io.k8s.api.apps.v1.StatefulSetOrdinals': [
    ['start', 1],
  ],
  'io.k8s.api.apps.v1.StatefulSetSpec': [
    ['replicas', 1, 'ptr'],
    ['selector', 2, 'ptr req'],
    ['template', 3, 'req'],
    ['volumeClaimTemplates', 4, 'list:atomic'],
    ['serviceName', 5],
    ['podManagementPolicy', 6],
    ['updateStrategy', 7],
    ['revisionHistoryLimit', 8, 'ptr'],
    ['minReadySeconds', 9],
    ['persistentVolumeClaimRetentionPolicy', 10, 'ptr'],
    ['ordinals', 11, 'ptr'],
  ],
  'io.k8s.api.apps.v1.StatefulSetStatus': [
    ['observedGeneration', 1],
    ['replicas', 2, 'req'],
    ['readyReplicas', 3],
    ['currentReplicas', 4],
    ['updatedReplicas', 5],
    ['currentRevision', 6],
    ['updateRevision', 7],
    ['collisionCount', 9, 'ptr'],
    ['conditions', 10, 'merge:type list:map:type'],
    ['availableReplicas', 11],
  ],
  'io.k8s.api.apps.v1.StatefulSetCondition': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastTransitionTime', 3],
    ['reason', 4],
    ['message', 5],
  ],
  'io.k8s.api.apps.v1.Deployment': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.apps.v1.DeploymentSpec': [
    ['replicas', 1, 'ptr'],
    ['selector', 2, 'ptr req'],
    ['template', 3, 'req'],
    ['strategy', 4, 'retainKeys'],
    ['minReadySeconds', 5],
    ['revisionHistoryLimit', 6, 'ptr'],
    ['paused', 7],
    ['progressDeadlineSeconds', 9, 'ptr'],
  ],
  'io.k8s.api.apps.v1.DeploymentStrategy': [
    ['type', 1],
    ['rollingUpdate', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.RollingUpdateDeployment': [
    ['maxUnavailable', 1, 'ptr'],
    ['maxSurge', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.DeploymentStatus': [
    ['observedGeneration', 1],
    ['replicas', 2],
    ['updatedReplicas', 3],
    ['readyReplicas', 7],
    ['availableReplicas', 4],
    ['unavailableReplicas', 5],
    ['terminatingReplicas', 9, 'ptr'],
    ['conditions', 6, 'merge:type list:map:type'],
    ['collisionCount', 8, 'ptr'],
  ],
  'io.k8s.api.apps.v1.DeploymentCondition': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastUpdateTime', 6],
    ['lastTransitionTime', 7],
    ['reason', 4],
    ['message', 5],
  ],
  'io.k8s.api.apps.v1.DaemonSetUpdateStrategy': [
    ['type', 1],
    ['rollingUpdate', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.RollingUpdateDaemonSet': [
    ['maxUnavailable', 1, 'ptr'],
    ['maxSurge', 2, 'ptr'],
  ],
  'io.k8s.api.apps.v1.DaemonSetSpec': [
    ['selector', 1, 'ptr req'],
    ['template', 2, 'req'],
    ['updateStrategy', 3],
    ['minReadySeconds', 4],
    ['revisionHistoryLimit', 6, 'ptr'],
  ],
  'io.k8s.api.apps.v1.DaemonSetStatus': [
    ['currentNumberScheduled', 1, 'req'],
    ['numberMisscheduled', 2, 'req'],
    ['desiredNumberScheduled', 3, 'req'],
    ['numberReady', 4, 'req'],
    ['observedGeneration', 5],
    ['updatedNumberScheduled', 6],
    ['numberAvailable', 7],
    ['numberUnavailable', 8],
    ['collisionCount', 9, 'ptr'],
    ['conditions', 10, 'merge:type list:map:type'],
  ],
  'io.k8s.api.apps.v1.DaemonSetCondition': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastTransitionTime', 3],
    ['reason', 4],
    ['message', 5],
  ],
  'io.k8s.api.apps.v1.DaemonSet': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.apps.v1.ReplicaSet': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.apps.v1.ReplicaSetSpec': [
    ['replicas', 1, 'ptr'],
    ['minReadySeconds', 4],
    ['selector', 2, 'ptr req'],
    ['template', 3],
  ],
  'io.k8s.api.apps.v1.ReplicaSetStatus': [
    ['replicas', 1, 'req'],
    ['fullyLabeledReplicas', 2],
    ['readyReplicas', 4],
    ['availableReplicas', 5],
    ['terminatingReplicas', 7, 'ptr'],
    ['observedGeneration', 3],
    ['conditions', 6, 'merge:type list:map:type'],
  ],
  'io.k8s.api.apps.v1.ReplicaSetCondition': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastTransitionTime', 3],
    ['reason', 4],
    ['message', 5],
  ],
  'io.k8s.api.apps.v1.ControllerRevision': [
    ['metadata', 1],
    ['data', 2],
    ['revision', 3, 'req'],
  ],
};

const autoscaling: UpstreamTable = {
  'io.k8s.api.autoscaling.v1.Scale': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.autoscaling.v1.ScaleSpec': [
    ['replicas', 1],
  ],
  'io.k8s.api.autoscaling.v1.ScaleStatus': [
    ['replicas', 1, 'req'],
    ['selector', 2],
  ],
};

describe('apps/v1 declarations match k8s.io/api v0.33.0', () => {
  it.each(Object.keys(apps))('%s', (id) => checkUpstreamTable([Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision], { [id]: apps[id]! }));
});

describe('autoscaling/v1 Scale matches k8s.io/api v0.33.0', () => {
  it.each(Object.keys(autoscaling))('%s', (id) => checkUpstreamTable([Scale], { [id]: autoscaling[id]! }));
});
