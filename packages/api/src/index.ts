/**
 * @kapi/api — the built-in kinds, each declared once (names, scope, zod schema, defaults,
 * validation). The REST mapping, discovery, decoding and validation of the upper layers are derived
 * from these declarations.
 */
export { defineKind, gvkOf, type KindDefinition } from './kind.ts';
export { ConfigMap, configMapKind, maxConfigMapSize } from './core/v1/configmap.ts';
export { Secret, secretKind, maxSecretSize } from './core/v1/secret.ts';
export { Namespace, NamespaceCondition, namespaceKind, labelMetadataName, finalizerKubernetes } from './core/v1/namespace.ts';

import { apiextensionsV1Kinds } from './apiextensions/v1/index.ts';
import { appsV1Kinds } from './apps/v1/index.ts';
import { batchV1Kinds } from './batch/v1/index.ts';
import { coordinationV1Kinds } from './coordination/v1/index.ts';
import { coreV1Kinds, coreV1StorageKinds } from './core/v1/index.ts';
import { rbacV1Kinds } from './rbac/v1/index.ts';
import { networkingV1Kinds } from './networking/v1/index.ts';
import { schedulingV1Kinds } from './scheduling/v1/index.ts';
import { policyV1Kinds } from './policy/v1/index.ts';
import { storageV1Kinds } from './storage/v1/index.ts';
import { nodeV1Kinds } from './node/v1/index.ts';
import { discoveryV1Kinds } from './discovery/v1/index.ts';
import { admissionregistrationV1Kinds } from './admissionregistration/v1/index.ts';
import { apiregistrationV1Kinds } from './apiregistration/v1/index.ts';
import { certificatesV1Kinds } from './certificates/v1/index.ts';
import { flowcontrolV1Kinds } from './flowcontrol/v1/index.ts';
import { authenticationV1Kinds } from './authentication/v1/index.ts';
import { authorizationV1Kinds } from './authorization/v1/index.ts';
import { eventsV1Kinds } from './events/v1/index.ts';
import { autoscalingV2Kinds } from './autoscaling/v2/index.ts';
import { autoscalingV1Kinds } from './autoscaling/v1/index.ts';
import { configMapKind } from './core/v1/configmap.ts';
import { componentStatusKind } from './core/v1/component-status.ts';
import { namespaceKind } from './core/v1/namespace.ts';
import { secretKind } from './core/v1/secret.ts';
import type { KindDefinition } from './kind.ts';

/** Every built-in kind kapi serves. */
export const builtinKinds: readonly KindDefinition[] = [
  namespaceKind as KindDefinition,
  configMapKind as KindDefinition,
  secretKind as KindDefinition,
  ...coreV1Kinds,
  ...coreV1StorageKinds,
  componentStatusKind as KindDefinition,
  ...appsV1Kinds,
  ...batchV1Kinds,
  ...coordinationV1Kinds,
  ...rbacV1Kinds,
  ...networkingV1Kinds,
  ...schedulingV1Kinds,
  ...apiextensionsV1Kinds,
  ...autoscalingV1Kinds,
  ...policyV1Kinds,
  ...storageV1Kinds,
  ...nodeV1Kinds,
  ...discoveryV1Kinds,
  ...admissionregistrationV1Kinds,
  ...apiregistrationV1Kinds,
  ...certificatesV1Kinds,
  ...flowcontrolV1Kinds,
  ...authenticationV1Kinds,
  ...authorizationV1Kinds,
  ...eventsV1Kinds,
  ...autoscalingV2Kinds,
];

export * from './core/v1/index.ts';
export { ComponentCondition, ComponentStatus, componentStatusDeprecationWarning, componentStatusKind } from './core/v1/component-status.ts';
export * from './apps/v1/index.ts';
export * from './batch/v1/index.ts';
export * from './coordination/v1/index.ts';
export * from './rbac/v1/index.ts';
export * from './networking/v1/index.ts';
export * from './scheduling/v1/index.ts';
export * from './apiextensions/v1/index.ts';
export { Scale as ScaleV1, ScaleSpec, ScaleStatus, scaleKind, autoscalingV1Kinds, HorizontalPodAutoscalerV1, horizontalPodAutoscalerV1Kind, hpaV1ToV2, hpaV2ToV1, hpaV2Normalized } from './autoscaling/v1/index.ts';
export * from './policy/v1/index.ts';
export * from './storage/v1/index.ts';
export * from './node/v1/index.ts';
export * from './discovery/v1/index.ts';
export * from './admissionregistration/v1/index.ts';
export * from './apiregistration/v1/index.ts';
export * from './certificates/v1/index.ts';
export * from './flowcontrol/v1/index.ts';
export * from './authentication/v1/index.ts';
export * from './authorization/v1/index.ts';
export * from './events/v1/index.ts';
export * from './autoscaling/v2/index.ts';
export { messageCodecOf, storageCodecOf } from './storage-codec.ts';
export { wireTypes, type WireType } from './wire-types.ts';
export { openAPIDescriptions } from './generated/openapi-descriptions.ts';
export * as metaV1 from './meta/v1/wire.ts';
