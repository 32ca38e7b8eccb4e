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
import { coreV1Kinds } from './core/v1/index.ts';
import { rbacV1Kinds } from './rbac/v1/index.ts';
import { networkingV1Kinds } from './networking/v1/index.ts';
import { schedulingV1Kinds } from './scheduling/v1/index.ts';
import { configMapKind } from './core/v1/configmap.ts';
import { namespaceKind } from './core/v1/namespace.ts';
import { secretKind } from './core/v1/secret.ts';
import type { KindDefinition } from './kind.ts';

/** Every built-in kind kapi serves. */
export const builtinKinds: readonly KindDefinition[] = [
  namespaceKind as KindDefinition,
  configMapKind as KindDefinition,
  secretKind as KindDefinition,
  ...coreV1Kinds,
  ...appsV1Kinds,
  ...batchV1Kinds,
  ...coordinationV1Kinds,
  ...rbacV1Kinds,
  ...networkingV1Kinds,
  ...schedulingV1Kinds,
  ...apiextensionsV1Kinds,
];

export * from './core/v1/index.ts';
export * from './apps/v1/index.ts';
export * from './batch/v1/index.ts';
export * from './coordination/v1/index.ts';
export * from './rbac/v1/index.ts';
export * from './networking/v1/index.ts';
export * from './scheduling/v1/index.ts';
export * from './apiextensions/v1/index.ts';
export { Scale as ScaleV1, ScaleSpec, ScaleStatus, scaleKind } from './autoscaling/v1/index.ts';
export { storageCodecOf } from './storage-codec.ts';
