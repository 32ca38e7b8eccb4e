// Follows k8s.io/apiextensions-apiserver/pkg/apis/apiextensions types_jsonschema.go (v0.33): the part of a CRD
// version's structural schema that CEL validation reads. Structurally compatible with @kapi/api's JSONSchemaProps.

/** A field error reason a rule may name (FieldValueErrorReason). */
export type FieldValueErrorReason = 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';

/** One x-kubernetes-validations entry. */
export interface ValidationRule {
  readonly rule: string;
  readonly message?: string | undefined;
  readonly messageExpression?: string | undefined;
  readonly reason?: string | undefined;
  readonly fieldPath?: string | undefined;
  readonly optionalOldSelf?: boolean | undefined;
}

/** A structural schema node, as JSON (JSONSchemaProps). */
export interface CelSchema {
  readonly type?: string | undefined;
  readonly format?: string | undefined;
  readonly properties?: Readonly<Record<string, CelSchema>> | undefined;
  readonly additionalProperties?: CelSchema | boolean | null | undefined;
  readonly items?: CelSchema | readonly CelSchema[] | null | undefined;
  readonly required?: readonly string[] | undefined;
  readonly enum?: readonly unknown[] | undefined;
  readonly default?: unknown;
  readonly maxLength?: number | undefined;
  readonly maxItems?: number | undefined;
  readonly maxProperties?: number | undefined;
  readonly nullable?: boolean | undefined;
  readonly allOf?: readonly CelSchema[] | undefined;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean | undefined;
  readonly 'x-kubernetes-embedded-resource'?: boolean | undefined;
  readonly 'x-kubernetes-int-or-string'?: boolean | undefined;
  readonly 'x-kubernetes-list-type'?: string | undefined;
  readonly 'x-kubernetes-list-map-keys'?: readonly string[] | undefined;
  readonly 'x-kubernetes-map-type'?: string | undefined;
  readonly 'x-kubernetes-validations'?: readonly ValidationRule[] | undefined;
}

/** The items schema of a node (a single schema; tuple items are not structural). */
export function itemsOf(s: CelSchema): CelSchema | undefined {
  const i = s.items;
  return i && !Array.isArray(i) ? (i as CelSchema) : undefined;
}

/** The additionalProperties schema of a node, when it is one. */
export function additionalPropertiesOf(s: CelSchema): CelSchema | undefined {
  const a = s.additionalProperties;
  return a && typeof a === 'object' ? a : undefined;
}

/** s with apiVersion, kind and metadata.{name,generateName} declared (schemas.go WithTypeAndObjectMeta). */
export function withTypeAndObjectMeta(s: CelSchema): CelSchema {
  const p = s.properties ?? {};
  if (
    p.kind?.type === 'string' &&
    p.apiVersion?.type === 'string' &&
    p.metadata?.type === 'object' &&
    p.metadata.properties?.name?.type === 'string' &&
    p.metadata.properties.generateName?.type === 'string'
  ) {
    return s;
  }
  const str: CelSchema = { type: 'string' };
  return {
    ...s,
    properties: { ...p, kind: str, apiVersion: str, metadata: { type: 'object', properties: { name: str, generateName: str } } },
  };
}
