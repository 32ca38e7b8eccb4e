// The core/v1 kinds Pod, Service, Event, ServiceAccount, Endpoints and Node, and the core/v1 types
// other groups embed (PodTemplateSpec, PodSpec, ObjectReference, PersistentVolumeClaim …), with
// metav1.LabelSelector and metav1.Condition. ConfigMap, Secret and Namespace live in their own
// files.
import type { KindDefinition } from '../../kind.ts';
import { endpointsKind } from './endpoints.ts';
import { eventKind } from './event.ts';
import { nodeKind } from './node.ts';
import { podKind } from './pod-kind.ts';
import { serviceAccountKind } from './service-account.ts';
import { serviceKind } from './service-kind.ts';

export * from './affinity.ts';
export * from './container.ts';
export * from './endpoints.ts';
export * from './env.ts';
export * from './event.ts';
export * from './node.ts';
export * from './node-status.ts';
export * from './persistent-volume-claim.ts';
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
];
