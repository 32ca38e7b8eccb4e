/**
 * @kapi/structured-merge-diff — the engine under server-side apply and managedFields
 * (sigs.k8s.io/structured-merge-diff v4.6.0, as kube-apiserver 1.33 runs it): a schema model of
 * scalars, maps and lists with their element relationships; field paths and field sets with the
 * FieldsV1 encoding; typed values that validate, compare, merge, and extract or remove fields; and
 * the Updater, which records who owns which field on an update and merges applied configurations
 * with conflicts. Schemas come from OpenAPI v3 or v2 with kube's x-kubernetes-* extensions. A leaf:
 * it depends on no other kapi package. The table-driven merge fixture is in `./testing`.
 */
// Values
export { compareValues, lessValues, equalValues, valueToString } from './value/compare.ts';
export { sortFieldList, compareFieldLists, equalFieldLists, type Field, type FieldList } from './value/fields.ts';
export { valueToJSON, valueFromJSON } from './value/json.ts';
// Field paths and sets
export {
  comparePathElements,
  equalPathElements,
  pathElementToString,
  pathToString,
  keyByFields,
  PathElementSet,
  type PathElement,
  type Path,
} from './fieldpath/element.ts';
export { equalPaths, comparePaths, makePath, makePathOrDie } from './fieldpath/path.ts';
export { FieldSet, SetNodeMap } from './fieldpath/set.ts';
export { newExcludeSetFilter, newExcludeFilterSetMap, newIncludeMatcherFilter, type Filter } from './fieldpath/set-filter.ts';
export { makePrefixMatcherOrDie, matchAnyPathElement, matchAnySet, newSetMatcher, SetMatcher } from './fieldpath/set-matcher.ts';
export { serializePathElement, deserializePathElement, pathElementKey } from './fieldpath/serialize-pe.ts';
export { serializeFieldSet, deserializeFieldSet } from './fieldpath/serialize.ts';
export {
  newVersionedSet,
  managedFieldsEquals,
  copyManagedFields,
  managedFieldsDifference,
  managedFieldsToString,
  type APIVersion,
  type VersionedSet,
  type ManagedFields,
} from './fieldpath/managers.ts';
export { PathElementMap, PathElementValueMap } from './fieldpath/pathelementmap.ts';
export { setFromValue } from './fieldpath/fromvalue.ts';
// Schemas
export {
  Schema,
  newSchema,
  type Scalar,
  type ElementRelationship,
  type Atom,
  type TypeRef,
  type TypeDef,
  type StructField,
  type UnionField,
  type Union,
  type MapType,
  type ListType,
  type SchemaDoc,
} from './schema/elements.ts';
export { schemaEquals } from './schema/equals.ts';
export {
  schemaFromOpenAPI,
  openAPIDefinitions,
  SchemaConversionError,
  gvkIndexFromOpenAPI,
  gvkKey,
  parseGroupVersionKinds,
  type OpenAPISchema,
  type SchemaFromOpenAPIOptions,
} from './openapi/schemaconv.ts';
export type { GroupVersionKind } from './openapi/gvk-index.ts';
// Typed values
export { TypedValue, asTyped, asTypedUnvalidated, allowDuplicates, withAppendKeyFields, type ValidationOption, type ExtractItemsOption } from './typed/typed.ts';
export { Comparison } from './typed/compare.ts';
export { ValidationErrors, isValidationErrors, type ValidationError } from './typed/helpers.ts';
export { Parser, ParseableType, newParser, deducedParseableType, type YAMLObject } from './typed/parser.ts';
export { reconcileFieldSetWithSchema } from './typed/reconcile-schema.ts';
// Merge
export { ConflictsError, isConflictsError, conflictsFromManagers, conflictsToSet, type Conflict } from './merge/conflict.ts';
export { Updater, newUpdater, type Converter, type UpdaterOptions, type UpdateResult, type ApplyResult } from './merge/update.ts';
