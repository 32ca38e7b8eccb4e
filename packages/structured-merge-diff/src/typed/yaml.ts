// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/parser.go (v4.6.0)
/**
 * YAML decoding the way the goyaml.v2 fork Go's parser uses decodes into `interface{}` and into
 * `schema.Schema`: YAML 1.1 scalars (`yes`/`on` are booleans, `0x1f` and `017` are ints),
 * timestamps and sexagesimal numbers stay strings, merge keys apply, a repeated key keeps the
 * last value. Only the first node is read (trailing text is ignored, as goyaml never scans it).
 * Schema documents are normalized into the exact {@link SchemaDoc} shape: unknown keys dropped,
 * nulls treated as unset, as Go's struct decoding does.
 */
import { parseAllDocuments, type Tags } from 'yaml';
import type {
  Atom,
  ListType,
  MapType,
  SchemaDoc,
  StructField,
  TypeDef,
  TypeRef,
  Union,
  UnionField,
  Scalar,
  ElementRelationship,
} from '../schema/elements.ts';

// goyaml.v2 leaves timestamps (into interface{}) and base-60 numbers as strings.
function goyamlTags(tags: Tags): Tags {
  return tags.filter((t) => {
    if (typeof t !== 'object') return true;
    return t.tag !== 'tag:yaml.org,2002:timestamp' && t.format !== 'TIME';
  });
}

/**
 * The JSON value of the first document of `text` (`null` for an empty one). Throws an Error with
 * the parser's message on malformed YAML.
 */
export function parseYAML(text: string): unknown {
  const docs = parseAllDocuments(text, {
    version: '1.1',
    customTags: goyamlTags,
    merge: true,
    uniqueKeys: false,
    prettyErrors: false,
  });
  if (!Array.isArray(docs)) return null; // an empty stream
  const doc = docs[0];
  if (doc === undefined) return null;
  // goyaml reads one node and stops: what follows the root value is never looked at.
  const end = doc.contents?.range[1] ?? Infinity;
  const err = doc.errors.find((e) => e.code !== 'UNEXPECTED_TOKEN' || e.pos[0] < end);
  if (err !== undefined) throw new Error(`yaml: ${err.message}`);
  const v: unknown = doc.toJS();
  return v === undefined ? null : v;
}

function fail(what: unknown, into: string): never {
  const kind = Array.isArray(what) ? '!!seq' : what !== null && typeof what === 'object' ? '!!map' : `!!${typeof what}`;
  throw new Error(`yaml: unmarshal errors:\n  cannot unmarshal ${kind} into ${into}`);
}

function obj(v: unknown, into: string): Record<string, unknown> | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) fail(v, into);
  return v as Record<string, unknown>;
}

function arr(v: unknown, into: string): unknown[] | undefined {
  if (v === null || v === undefined) return undefined;
  if (!Array.isArray(v)) fail(v, into);
  return v;
}

// goyaml.v2 decodes any scalar into a string field as its text.
function str(v: unknown, into = 'string'): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'object') fail(v, into);
  return String(v);
}

function typeRefOf(v: unknown): TypeRef {
  const o = obj(v, 'schema.TypeRef');
  const tr: TypeRef = {};
  if (o === undefined) return tr;
  const named = str(o['namedType']);
  if (named !== undefined) tr.namedType = named;
  atomInto(tr, o);
  const er = str(o['elementRelationship'], 'schema.ElementRelationship');
  if (er !== undefined) tr.elementRelationship = er as ElementRelationship;
  return tr;
}

function atomInto(dst: Atom, o: Record<string, unknown>): void {
  const scalar = str(o['scalar'], 'schema.Scalar');
  if (scalar !== undefined) dst.scalar = scalar as Scalar;
  const list = listTypeOf(o['list']);
  if (list !== undefined) dst.list = list;
  const map = mapTypeOf(o['map']);
  if (map !== undefined) dst.map = map;
}

function listTypeOf(v: unknown): ListType | undefined {
  const o = obj(v, 'schema.List');
  if (o === undefined) return undefined;
  const list: ListType = { elementType: typeRefOf(o['elementType']) };
  const er = str(o['elementRelationship'], 'schema.ElementRelationship');
  if (er !== undefined) list.elementRelationship = er as ElementRelationship;
  const keys = arr(o['keys'], '[]string');
  if (keys !== undefined) list.keys = keys.map((k) => str(k) ?? '');
  return list;
}

function mapTypeOf(v: unknown): MapType | undefined {
  const o = obj(v, 'schema.Map');
  if (o === undefined) return undefined;
  const m: MapType = {};
  const fields = arr(o['fields'], '[]schema.StructField');
  if (fields !== undefined) m.fields = fields.map(structFieldOf);
  const unions = arr(o['unions'], '[]schema.Union');
  if (unions !== undefined) m.unions = unions.map(unionOf);
  if (o['elementType'] !== undefined && o['elementType'] !== null) m.elementType = typeRefOf(o['elementType']);
  const er = str(o['elementRelationship'], 'schema.ElementRelationship');
  if (er !== undefined) m.elementRelationship = er as ElementRelationship;
  return m;
}

function structFieldOf(v: unknown): StructField {
  const o = obj(v, 'schema.StructField') ?? {};
  const f: StructField = { name: str(o['name']) ?? '', type: typeRefOf(o['type']) };
  const def = o['default'];
  if (def !== undefined && def !== null) f.default = def;
  return f;
}

function unionOf(v: unknown): Union {
  const o = obj(v, 'schema.Union') ?? {};
  const u: Union = {};
  const d = str(o['discriminator']);
  if (d !== undefined) u.discriminator = d;
  const deduce = o['deduceInvalidDiscriminator'];
  if (deduce !== undefined && deduce !== null) {
    if (typeof deduce !== 'boolean') fail(deduce, 'bool');
    u.deduceInvalidDiscriminator = deduce;
  }
  const fields = arr(o['fields'], '[]schema.UnionField');
  if (fields !== undefined) u.fields = fields.map(unionFieldOf);
  return u;
}

function unionFieldOf(v: unknown): UnionField {
  const o = obj(v, 'schema.UnionField') ?? {};
  return { fieldName: str(o['fieldName']) ?? '', discriminatorValue: str(o['discriminatorValue']) ?? '' };
}

function typeDefOf(v: unknown): TypeDef {
  const o = obj(v, 'schema.TypeDef') ?? {};
  const td: TypeDef = { name: str(o['name']) ?? '' };
  atomInto(td, o);
  return td;
}

/**
 * The schema document in YAML `text`, in the exact {@link SchemaDoc} shape (Go's
 * `yaml.Unmarshal` into `schema.Schema`). Throws on malformed YAML or a value of the wrong kind.
 */
export function parseSchemaYAML(text: string): SchemaDoc {
  const o = obj(parseYAML(text), 'schema.Schema');
  const types = arr(o?.['types'], '[]schema.TypeDef');
  return { types: types === undefined ? [] : types.map(typeDefOf) };
}
