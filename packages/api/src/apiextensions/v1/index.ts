// apiextensions.k8s.io/v1: CustomResourceDefinition.
import type { KindDefinition } from '../../kind.ts';
import { customResourceDefinitionKind } from './crd.ts';

export { customResourceDefinitionKind } from './crd.ts';
export {
  CustomResourceDefinition,
  CustomResourceDefinitionList,
  CustomResourceDefinitionSpec,
  CustomResourceDefinitionNames,
  CustomResourceDefinitionVersion,
  CustomResourceDefinitionStatus,
  CustomResourceDefinitionCondition,
  CustomResourceValidation,
  CustomResourceSubresources,
  CustomResourceSubresourceStatus,
  CustomResourceSubresourceScale,
  CustomResourceColumnDefinition,
  CustomResourceConversion,
  SelectableField,
  WebhookConversion,
  WebhookClientConfig,
  ServiceReference as WebhookServiceReference,
} from './types.ts';
export { JSONSchemaProps, ValidationRule, ExternalDocumentation } from './json-schema.ts';
export { defaultCustomResourceDefinition } from './defaults.ts';
export {
  validateCustomResourceDefinition,
  validateCustomResourceDefinitionUpdate,
  validateCustomResourceDefinitionStatusUpdate,
  isProtectedCommunityGroup,
  kubeAPIApprovedAnnotation,
  maxSelectableFields,
} from './validation.ts';
export { semanticEqualMessage } from './internal.ts';
export { isStructural } from './structural.ts';

/** The kinds of apiextensions.k8s.io/v1 kapi serves. */
export const apiextensionsV1Kinds: readonly KindDefinition[] = [customResourceDefinitionKind as KindDefinition];
