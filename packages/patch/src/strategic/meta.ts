// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/meta.go and types.go (v1.36): where a
// strategic merge patch learns how to merge a field — its patch strategies and merge key — read from
// an OpenAPI v3 document (PatchMetaFromOpenAPIV3) or an OpenAPI v2 one (PatchMetaFromOpenAPI).
//
// One reader serves both versions: a field's `x-kubernetes-patch-strategy` (comma-separated, e.g.
// "merge,retainKeys") and `x-kubernetes-patch-merge-key` are read from the property itself, then the
// property is resolved through `allOf: [{$ref}]` wrappers and `$ref`s; a list's items come from
// `items`. Two departures from upstream, both towards the Go-struct lookup kube-apiserver uses for
// built-in kinds: the values of a map (`additionalProperties`) are looked up like properties
// (upstream v3 and v2 fail there), and a schema that declares nothing (no properties, no
// additionalProperties, no items: RawExtension, x-kubernetes-preserve-unknown-fields) accepts any
// member without patch metadata, as upstream v2 does for such "arbitrary" schemas (v3 fails).
import { unknownError } from '../errors.ts';

/** The patch metadata of one field and the PatchMeta of its value (of its items, for a list). */
export interface FieldPatchMeta {
  /** How the field's value is looked up further. */
  readonly meta: PatchMeta;
  /** `x-kubernetes-patch-strategy`, split at commas ([] when absent). */
  readonly patchStrategies: readonly string[];
  /** `x-kubernetes-patch-merge-key` ('' when absent). */
  readonly patchMergeKey: string;
}

/**
 * Where the strategic merge patch engine looks up how to merge a field (upstream's LookupPatchMeta).
 * Lookups throw a PatchError when the schema has no such field; the engine tolerates that only
 * where the values are equal. Implementations must be pure: the engine calls them very often and
 * may cache nothing itself.
 */
export interface PatchMeta {
  /** The field `key` of an object: its metadata and the PatchMeta of its (object) value. */
  lookupStruct(key: string): FieldPatchMeta;
  /** The list field `key` of an object: its metadata and the PatchMeta of its items. */
  lookupSlice(key: string): FieldPatchMeta;
  /** A name for messages ("cannot merge lists without merge key for <name>"). */
  readonly name: string;
}

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema document and the prefix of its references (`#/components/schemas/`, `#/definitions/`). */
interface Definitions {
  readonly schemas: Record<string, unknown>;
  readonly prefix: string;
  readonly version: string;
  /** One PatchMeta per schema object, so recursive schemas share their lookup caches. */
  readonly metas: WeakMap<Schema, SchemaPatchMeta>;
}

/** Follows `allOf: [first, …]` to its first element and `$ref` to the schema it names. */
function resolve(defs: Definitions, schema: Schema): Schema {
  let s = schema;
  for (let depth = 0; depth < 64; depth++) {
    const allOf = s['allOf'];
    if (Array.isArray(allOf) && allOf.length > 0 && isSchema(allOf[0])) {
      s = allOf[0];
      continue;
    }
    const ref = s['$ref'];
    if (typeof ref !== 'string' || ref === '') return s;
    const target = ref.startsWith(defs.prefix) ? defs.schemas[ref.slice(defs.prefix.length)] : undefined;
    if (!isSchema(target) || !Object.hasOwn(defs.schemas, ref.slice(defs.prefix.length))) {
      throw unknownError(`unable to resolve ${ref} in OpenAPI ${defs.version}`);
    }
    s = target;
  }
  return s;
}

function extensionString(schema: Schema, name: string): string | undefined {
  const v = schema[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw unknownError(`expected a string, but received a ${Array.isArray(v) ? '[]interface {}' : typeof v}`);
  return v;
}

/** The PatchMeta of a value whose schema says nothing: any member, no patch metadata. */
const arbitrary: PatchMeta = Object.freeze({
  name: 'Struct',
  lookupStruct: () => noMeta,
  lookupSlice: () => noMeta,
});

const noMeta: FieldPatchMeta = Object.freeze({ meta: arbitrary, patchStrategies: [], patchMergeKey: '' });

/** A PatchMeta over one (resolved) schema of a document. */
class SchemaPatchMeta implements PatchMeta {
  private readonly structs = new Map<string, FieldPatchMeta>();
  private readonly slices = new Map<string, FieldPatchMeta>();

  constructor(
    private readonly defs: Definitions,
    private readonly schema: Schema,
  ) {}

  get name(): string {
    const t = this.schema['type'];
    return typeof t === 'string' && t !== '' ? t : Array.isArray(t) && t.length > 0 ? t.join('') : 'Struct';
  }

  lookupStruct(key: string): FieldPatchMeta {
    let found = this.structs.get(key);
    if (found === undefined) {
      found = this.lookup(key, false);
      this.structs.set(key, found);
    }
    return found;
  }

  lookupSlice(key: string): FieldPatchMeta {
    let found = this.slices.get(key);
    if (found === undefined) {
      found = this.lookup(key, true);
      this.slices.set(key, found);
    }
    return found;
  }

  private lookup(key: string, slice: boolean): FieldPatchMeta {
    const field = this.field(key);
    if (field === undefined) return noMeta;
    const strategy = extensionString(field, 'x-kubernetes-patch-strategy');
    const patchMergeKey = extensionString(field, 'x-kubernetes-patch-merge-key') ?? '';
    let value = resolve(this.defs, field);
    if (slice && isSchema(value['items'])) value = resolve(this.defs, value['items']);
    return { meta: this.sub(value), patchStrategies: strategy === undefined ? [] : strategy.split(','), patchMergeKey };
  }

  /** The schema of member `key`, undefined when the schema accepts any member; throws when none. */
  private field(key: string): Schema | undefined {
    const props = this.schema['properties'];
    if (isSchema(props) && Object.hasOwn(props, key) && isSchema(props[key])) return props[key];
    const additional = this.schema['additionalProperties'];
    if (isSchema(additional)) return additional;
    if (!isSchema(props) && declaresNothing(this.schema)) return undefined;
    throw unknownError(`unable to find api field "${key}"`);
  }

  private sub(schema: Schema): PatchMeta {
    return declaresNothing(schema) ? arbitrary : metaOf(this.defs, schema);
  }
}

/** No properties, no items, no map values and not a scalar: an object of any shape. */
function declaresNothing(s: Schema): boolean {
  if (isSchema(s['properties']) || isSchema(s['items']) || isSchema(s['additionalProperties'])) return false;
  const t = s['type'];
  return t === undefined || t === 'object';
}

function definitions(document: unknown, version: 'V3' | 'V2'): Definitions {
  const doc = isSchema(document) ? document : {};
  const schemas = version === 'V3' ? (isSchema(doc['components']) ? doc['components']['schemas'] : undefined) : doc['definitions'];
  if (!isSchema(schemas)) {
    throw new TypeError(version === 'V3' ? 'an OpenAPI v3 document needs components.schemas' : 'an OpenAPI v2 document needs definitions');
  }
  return { schemas, prefix: version === 'V3' ? '#/components/schemas/' : '#/definitions/', version, metas: new WeakMap() };
}

function metaOf(defs: Definitions, schema: Schema): SchemaPatchMeta {
  let meta = defs.metas.get(schema);
  if (meta === undefined) {
    meta = new SchemaPatchMeta(defs, schema);
    defs.metas.set(schema, meta);
  }
  return meta;
}

function rootMeta(defs: Definitions, name: string): PatchMeta {
  const schema = Object.hasOwn(defs.schemas, name) ? defs.schemas[name] : undefined;
  if (!isSchema(schema)) throw new TypeError(`no schema named ${JSON.stringify(name)} in the OpenAPI ${defs.version} document`);
  return metaOf(defs, resolve(defs, schema));
}

/**
 * The PatchMeta of schema `schemaName` of an OpenAPI v3 document (`{components: {schemas}}`, e.g.
 * `{ components: { schemas: openAPIComponents([...]) } }` from @kapi/apimachinery). The document
 * is read, not copied: do not change it while the PatchMeta is in use (lookups are cached).
 */
export function patchMetaFromOpenApiV3(document: unknown, schemaName: string): PatchMeta {
  return rootMeta(definitions(document, 'V3'), schemaName);
}

/** The PatchMeta of definition `definitionName` of an OpenAPI v2 (swagger) document. */
export function patchMetaFromOpenApiV2(document: unknown, definitionName: string): PatchMeta {
  return rootMeta(definitions(document, 'V2'), definitionName);
}
