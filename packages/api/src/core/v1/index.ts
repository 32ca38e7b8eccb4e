// The core/v1 kinds Pod, Service, Event, ServiceAccount, Endpoints and Node, and the core/v1 types
// other groups embed (PodTemplateSpec, PodSpec, ObjectReference, PersistentVolumeClaim …), with
// metav1.LabelSelector and metav1.Condition. ConfigMap, Secret and Namespace live in their own
// files.
import type { KindDefinition } from '../../kind.ts';
import { bindingKind } from './binding.ts';
import { endpointsKind } from './endpoints.ts';
import { eventKind } from './event.ts';
import { nodeKind } from './node.ts';
import { limitRangeKind } from './limit-range.ts';
import { persistentVolumeClaimKind, persistentVolumeKind } from './persistent-volume-kinds.ts';
import { podTemplateKind, replicationControllerKind } from './replication-controller.ts';
import { resourceQuotaKind } from './resource-quota.ts';
import { podKind } from './pod-kind.ts';
import { serviceAccountKind } from './service-account.ts';
import { serviceKind } from './service-kind.ts';

export * from './affinity.ts';
export * from './binding.ts';
export { NodeProxyOptions, PodAttachOptions, PodExecOptions, PodLogOptions, PodPortForwardOptions, PodProxyOptions, ServiceProxyOptions } from './wire.ts';
export * from './container.ts';
export * from './endpoints.ts';
export * from './env.ts';
export * from './event.ts';
export * from './node.ts';
export * from './node-status.ts';
export * from './persistent-volume-claim.ts';
export * from './persistent-volume.ts';
export * from './persistent-volume-kinds.ts';
export * from './limit-range.ts';
export * from './replication-controller.ts';
export * from './resource-quota.ts';
export { parseQuantity, compareQuantities, formatQuantity, type Quantity } from './quantity.ts';
export {
  defaultPersistentVolume,
  defaultPersistentVolumeClaim,
  validatePersistentVolume,
  validatePersistentVolumeSpec,
  validatePersistentVolumeUpdate,
  validatePersistentVolumeStatusUpdate,
  validatePersistentVolumeClaim,
  validatePersistentVolumeClaimSpec,
  validatePersistentVolumeClaimUpdate,
  validatePersistentVolumeClaimStatusUpdate,
} from './persistent-volume-validation.ts';
export * from './pod.ts';
export * from './pod-spec.ts';
export * from './pod-status.ts';
export * from './probe.ts';
export * from './projected-volumes.ts';
export * from './references.ts';
export * from './security-context.ts';
export * from './service.ts';
export * from './service-account.ts';
export * from './volume.ts';
export * from './volume-sources.ts';
export { LabelSelector, LabelSelectorRequirement } from '../../meta/v1/label-selector.ts';
export { Condition } from '../../meta/v1/condition.ts';
export { embeddingOf, type Embedding } from './embed.ts';
export { podKind } from './pod-kind.ts';
export { serviceKind, defaultService, defaultClientIPServiceAffinitySeconds } from './service-kind.ts';
export { defaultPod, defaultPodSpec, defaultPodTemplateSpec, defaultPullPolicy, imageTag } from './pod-defaults.ts';
export { validatePodCreate, validatePodUpdate, validatePodSpec, validatePodTemplateSpec, validateTolerations, type PodValidationOptions } from './pod-validation.ts';
export { validateService, validateServiceUpdate } from './service-validation.ts';

/** The core/v1 kinds declared here, in the order kube-apiserver's discovery lists them. */
export const coreV1Kinds: readonly KindDefinition[] = [
  endpointsKind as KindDefinition,
  eventKind as KindDefinition,
  nodeKind as KindDefinition,
  podKind as KindDefinition,
  serviceAccountKind as KindDefinition,
  serviceKind as KindDefinition,
  bindingKind as KindDefinition,
];

/**
 * The core/v1 kinds served by @kapi/registry's core.ts (not by workloads.ts, which maps over
 * coreV1Kinds): persistent volumes and claims, pod templates, replication controllers, limit
 * ranges and resource quotas, in the order kube-apiserver's discovery lists them.
 */
export const coreV1StorageKinds: readonly KindDefinition[] = [
  limitRangeKind as KindDefinition,
  persistentVolumeClaimKind as KindDefinition,
  persistentVolumeKind as KindDefinition,
  podTemplateKind as KindDefinition,
  replicationControllerKind as KindDefinition,
  resourceQuotaKind as KindDefinition,
];
