// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1 conversion.go (v1.33):
// kube validates a CustomResourceDefinition in its internal form, where per-version schemas,
// subresources, columns and selectable fields that are identical in every version move to the
// spec's top level (spec.validation, spec.subresources, …) and the webhook settings sit on
// spec.conversion itself. Field paths of validation errors follow that form, so we build it too.
import { encodeMessage, protoMessageOf, quote, type ProtoMessage } from '@kapi/apimachinery';
import {
  CustomResourceColumnDefinition,
  CustomResourceSubresources,
  CustomResourceValidation,
  SelectableField,
  type CustomResourceDefinitionNames,
  type CustomResourceDefinitionSpec,
  type ServiceReference,
} from './types.ts';

type Column = CustomResourceColumnDefinition;
type Selectable = SelectableField;

/** A version as the internal type has it. */
export interface InternalVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning: string | undefined;
  schema: CustomResourceValidation | undefined;
  subresources: CustomResourceSubresources | undefined;
  additionalPrinterColumns: Column[] | undefined;
  selectableFields: Selectable[] | undefined;
}

/** The internal conversion settings. */
export interface InternalConversion {
  strategy: string;
  webhookClientConfig: { url?: string | undefined; service?: ServiceReference | undefined; caBundle?: string | undefined } | undefined;
  conversionReviewVersions: string[] | undefined;
}

/** The internal CustomResourceDefinitionSpec. */
export interface InternalSpec {
  group: string;
  version: string;
  names: CustomResourceDefinitionNames;
  scope: string;
  validation: CustomResourceValidation | undefined;
  subresources: CustomResourceSubresources | undefined;
  versions: InternalVersion[];
  /** spec.versions was absent (a Go nil slice), not an empty list. */
  versionsNil: boolean;
  additionalPrinterColumns: Column[] | undefined;
  selectableFields: Selectable[] | undefined;
  conversion: InternalConversion | undefined;
  /** A *bool in the internal type; v1 always sets it. */
  preserveUnknownFields: boolean;
}

const validationMessage = protoMessageOf(CustomResourceValidation);
const subresourcesMessage = protoMessageOf(CustomResourceSubresources);
const columnMessage = protoMessageOf(CustomResourceColumnDefinition);
const selectableMessage = protoMessageOf(SelectableField);

/**
 * apiequality.Semantic.DeepEqual of two optional values of a message: equal when gogo writes the
 * same bytes (nil differs from a zero struct; absent and zero non-pointer fields are alike).
 */
export function semanticEqualMessage(m: ProtoMessage, a: object | undefined, b: object | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Buffer.from(encodeMessage(m, a as Record<string, unknown>)).equals(encodeMessage(m, b as Record<string, unknown>));
}

/** Semantic.DeepEqual of two lists of a message (nil and empty lists are equal). */
function semanticEqualList(m: ProtoMessage, a: readonly object[] | undefined, b: readonly object[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => semanticEqualMessage(m, v, y[i]));
}

/** Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec. */
export function internalSpecOf(spec: CustomResourceDefinitionSpec): InternalSpec {
  const versions: InternalVersion[] = (spec.versions ?? []).map((v) => ({
    name: v.name ?? '',
    served: v.served ?? false,
    storage: v.storage ?? false,
    deprecated: v.deprecated ?? false,
    deprecationWarning: v.deprecationWarning,
    schema: v.schema,
    subresources: v.subresources,
    additionalPrinterColumns: v.additionalPrinterColumns,
    selectableFields: v.selectableFields,
  }));
  const webhook = spec.conversion?.webhook;
  const out: InternalSpec = {
    group: spec.group ?? '',
    version: '',
    names: spec.names ?? {},
    scope: spec.scope ?? '',
    validation: undefined,
    subresources: undefined,
    versions,
    versionsNil: spec.versions === undefined,
    additionalPrinterColumns: undefined,
    selectableFields: undefined,
    conversion: spec.conversion && {
      strategy: spec.conversion.strategy ?? '',
      webhookClientConfig: webhook?.clientConfig,
      conversionReviewVersions: webhook?.conversionReviewVersions,
    },
    preserveUnknownFields: spec.preserveUnknownFields ?? false,
  };
  const first = versions[0];
  if (!first) return out;
  out.version = first.name;
  if (versions.every((v) => semanticEqualMessage(subresourcesMessage, v.subresources, first.subresources))) {
    out.subresources = first.subresources;
    for (const v of versions) v.subresources = undefined;
  }
  if (versions.every((v) => semanticEqualMessage(validationMessage, v.schema, first.schema))) {
    out.validation = first.schema;
    for (const v of versions) v.schema = undefined;
  }
  if (versions.every((v) => semanticEqualList(columnMessage, v.additionalPrinterColumns, first.additionalPrinterColumns))) {
    out.additionalPrinterColumns = first.additionalPrinterColumns;
    for (const v of versions) v.additionalPrinterColumns = undefined;
  }
  if (versions.every((v) => semanticEqualList(selectableMessage, v.selectableFields, first.selectableFields))) {
    out.selectableFields = first.selectableFields;
    for (const v of versions) v.selectableFields = undefined;
  }
  return out;
}

// --- Go renderings of values kube prints with %#v -------------------------------------------

/** A Go pointer kube prints by address; the address itself means nothing to a client. */
const goPointer = (type: string, set: boolean) => `(*${type})(${set ? '0xc000000000' : 'nil'})`;

/** %#v of a []string. */
export function goStrings(list: readonly string[] | undefined): string {
  return list === undefined ? '[]string(nil)' : `[]string{${list.map(quote).join(', ')}}`;
}

function goColumns(cols: readonly Column[] | undefined): string {
  const t = 'apiextensions.CustomResourceColumnDefinition';
  if (cols === undefined) return `[]${t}(nil)`;
  const one = (c: Column) =>
    `${t}{Name:${quote(c.name ?? '')}, Type:${quote(c.type ?? '')}, Format:${quote(c.format ?? '')}, Description:${quote(c.description ?? '')}, Priority:${c.priority ?? 0}, JSONPath:${quote(c.jsonPath ?? '')}}`;
  return `[]${t}{${cols.map(one).join(', ')}}`;
}

function goSelectable(fields: readonly Selectable[] | undefined): string {
  const t = 'apiextensions.SelectableField';
  if (fields === undefined) return `[]${t}(nil)`;
  return `[]${t}{${fields.map((f) => `${t}{JSONPath:${quote(f.jsonPath ?? '')}}`).join(', ')}}`;
}

/**
 * %#v of the internal []CustomResourceDefinitionVersion (the value of `spec.versions` errors).
 * Set pointers print as an address in Go; we print a fixed one.
 */
export function goVersions(versions: readonly InternalVersion[], nil = false): string {
  const t = 'apiextensions.CustomResourceDefinitionVersion';
  if (nil) return `[]${t}(nil)`;
  const one = (v: InternalVersion) =>
    `${t}{Name:${quote(v.name)}, Served:${v.served}, Storage:${v.storage}, Deprecated:${v.deprecated}, ` +
    `DeprecationWarning:${goPointer('string', v.deprecationWarning !== undefined)}, ` +
    `Schema:${goPointer('apiextensions.CustomResourceValidation', v.schema !== undefined)}, ` +
    `Subresources:${goPointer('apiextensions.CustomResourceSubresources', v.subresources !== undefined)}, ` +
    `AdditionalPrinterColumns:${goColumns(v.additionalPrinterColumns)}, SelectableFields:${goSelectable(v.selectableFields)}}`;
  return `[]${t}{${versions.map(one).join(', ')}}`;
}
