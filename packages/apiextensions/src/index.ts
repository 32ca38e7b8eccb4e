/**
 * @kapi/apiextensions — custom resources as kube's apiextensions-apiserver serves them: a CRD
 * version's schema as a structural schema (with kube's checks and messages), and the validation,
 * pruning and defaulting of custom resources against it.
 *
 * The order kube applies them in, on create and update (customresource_handler.go): decode →
 * prune (unknown fields, reported for fieldValidation=Strict) → prune non-nullable nulls without
 * defaults → coerce embedded metadata (the root's metadata is decoded and re-set around this) →
 * default → validate (schema, then embedded TypeMeta/ObjectMeta, then list-type set/map
 * uniqueness, then CEL rules, which plug in through {@link CelValidator}).
 *
 * Conversion between a CRD's versions through its webhook (strategy Webhook): the converter
 * ({@link createWebhookConverter}) sends ConversionReviews and checks the answers as kube does,
 * over an HTTPS transport ({@link createWebhookTransport}) that reports failures in client-go's
 * words. `@kapi/apiextensions/testing` makes serving certificates and a webhook server for tests.
 */
export {
  newStructural,
  toJSONSchemaProps,
  unfold,
  isIntOrStringAnyOf,
  isIntOrStringAllOf,
  type Structural,
  type StructuralOrBool,
  type Generic,
  type Extensions,
  type ValidationExtensions,
  type ValueValidation,
  type NestedValueValidation,
} from './structural.ts';
export { validateStructural, type StructuralValidationOptions, type GoPath } from './validate-structural.ts';
export { prune, type PruneOptions } from './pruning.ts';
export { applyDefaults, pruneNonNullableNullsWithoutDefaults } from './defaulting.ts';
export { validateEmbeddedResources, validateEmbeddedResource, coerceEmbeddedResources, type CoerceOptions } from './objectmeta.ts';
export { newSchemaValidator, newSchemaValidatorFromOpenAPI, validateCustomResource, type SchemaValidator } from './validation.ts';
export { validateListSetsAndMaps } from './list-type.ts';
export { supportedFormats, formatValidator } from './formats.ts';
export {
  validateCustomResourceContent,
  validateCustomResourceContentUpdate,
  celBlockingError,
  type CelValidator,
  type CustomResourceSchemaChecks,
} from './custom-resource-validation.ts';
export { validateDefaults, pruneDefaults, type DefaultCelValidator } from './default-validation.ts';
export {
  createCustomResourceTableConvertor,
  cellForJsonValue,
  printerColumnsOf,
  scalePrinterColumnsOf,
  defaultAgeColumn,
  type PrinterColumn,
  type CustomResourceTableConvertor,
  type TableConvertorResult,
} from './table-convertor.ts';
export { createJsonPath, parseJsonPath, JsonPathError, type JsonPath, type JsonPathNode, type JsonPathOptions } from './jsonpath.ts';
export {
  calculateNamesAndConditions,
  acceptedNamesForGroup,
  namesEqual,
  establishingCondition,
  nonStructuralSchemaCondition,
  terminatingCondition,
  terminatingConditions,
  customResourceCleanupFinalizer,
  storedVersionsAfter,
  reconcileCrdStatus,
  setCrdCondition,
  removeCrdCondition,
  findCrdCondition,
  isCrdConditionTrue,
  isCrdConditionFalse,
  isCrdConditionPresentAndEqual,
  isCrdConditionEquivalent,
  type CrdConditionType,
  type NamesInUse,
  type NamesAndConditions,
} from './crd-status.ts';
export {
  createWebhookConverter,
  createConversionReview,
  decodeConversionReviewResponse,
  getConvertedObjectsFromResponse,
  validateConvertedObject,
  restoreObjectMeta,
  type ConversionReview,
  type ConversionWebhookTransport,
  type CustomResourceConverter,
  type DecodedReview,
  type WebhookConverterOptions,
} from './webhook-converter.ts';
export { createWebhookTransport, isLoopbackAddress, type ServiceResolver, type WebhookClientConfig, type WebhookTransportOptions } from './webhook-client.ts';
