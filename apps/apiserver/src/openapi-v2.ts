// Behaviour of k8s.io/kube-openapi pkg/handler/handler.go (the /openapi/v2 endpoint) and the
// gnostic OpenAPIv2 protobuf (github.com/google/gnostic-models openapiv2/OpenAPIv2.proto): the
// swagger 2.0 document kubectl 1.27/1.28 read for `apply` patch metadata, `explain` and
// client-side validation, converted from the v3 documents so both say the same thing.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProtoWriter, type OpenAPISchema } from '@kapi/apimachinery';
import type { OpenAPIV3Document } from './openapi.ts';
import { encodeJson } from './responses.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The media types of the protobuf form: the one kubectl asks for (`discovery.OpenAPISchema`; kube
 * calls it deprecated, as `@` is not a valid token character) and the one answered in Content-Type.
 */
export const openAPIV2ProtobufTypes = ['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf'];

const v3Prefix = '#/components/schemas/';
const v2Prefix = '#/definitions/';

/**
 * A v3 schema as swagger 2.0 says it: `$ref`s point into definitions, an `allOf` wrapper around one
 * reference becomes the reference itself with its description (v2 allows siblings of `$ref` only
 * as kube-openapi writes them), `oneOf`/`anyOf`/`nullable` do not exist in v2 (a quantity is a
 * string there, as kube publishes it).
 */
export function schemaToV2(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(schemaToV2);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && typeof allOf[0].$ref === 'string') {
    out.$ref = v2Ref(allOf[0].$ref);
    if (typeof schema.description === 'string') out.description = schema.description;
    for (const [k, v] of Object.entries(schema)) if (k.startsWith('x-kubernetes-')) out[k] = v;
    return out;
  }
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case '$ref':
        out.$ref = v2Ref(value as string);
        break;
      case 'nullable':
        break;
      case 'oneOf':
      case 'anyOf':
        if (schema.type === undefined && Array.isArray(value) && value.some((s) => isObject(s) && s.type === 'string')) out.type = 'string';
        break;
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, schemaToV2(v)]));
        break;
      case 'items':
      case 'additionalProperties':
        out[key] = typeof value === 'boolean' ? value : schemaToV2(value);
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

function v2Ref(ref: string): string {
  return ref.startsWith(v3Prefix) ? v2Prefix + ref.slice(v3Prefix.length) : ref;
}

const produces = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/** A v3 parameter (`schema` holds the type) as a v2 one (the type is inline). */
function parameterToV2(p: JsonObject): JsonObject {
  const { schema, ...rest } = p;
  return { ...rest, ...(isObject(schema) ? (schemaToV2(schema) as JsonObject) : {}) };
}

function operationToV2(op: JsonObject): JsonObject {
  const out: JsonObject = {};
  const params: Json[] = [];
  for (const [key, value] of Object.entries(op)) {
    if (key === 'parameters') params.push(...(value as JsonObject[]).map(parameterToV2));
    else if (key === 'requestBody') {
      const body = value as JsonObject;
      const content = body.content as JsonObject;
      const first = Object.values(content)[0] as JsonObject;
      params.push({ name: 'body', in: 'body', required: true, schema: schemaToV2(first.schema ?? {}) });
      const types = Object.keys(content);
      out.consumes = types.length === 1 && types[0] === 'application/json' ? ['*/*'] : types;
    } else if (key === 'responses') {
      out.responses = Object.fromEntries(
        Object.entries(value as JsonObject).map(([code, r]) => {
          const resp = r as JsonObject;
          const content = resp.content as JsonObject | undefined;
          const schema = content ? (Object.values(content)[0] as JsonObject).schema : undefined;
          return [code, { description: resp.description ?? '', ...(schema ? { schema: schemaToV2(schema) } : {}) }];
        }),
      );
    } else out[key] = value;
  }
  if (params.length > 0) out.parameters = params;
  out.produces = produces;
  out.schemes = ['https'];
  return out;
}

function pathItemToV2(item: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'parameters') out.parameters = (value as JsonObject[]).map(parameterToV2);
    else out[key] = operationToV2(value as JsonObject);
  }
  return out;
}

/** One swagger 2.0 document for every group version, as kube-apiserver serves at /openapi/v2. */
export function openAPIV2Document(docs: readonly OpenAPIV3Document[], version: string): JsonObject {
  const paths: JsonObject = {};
  const definitions: JsonObject = {};
  for (const doc of docs) {
    for (const [path, item] of Object.entries(doc.paths)) paths[path] = pathItemToV2(item as JsonObject);
    for (const [name, schema] of Object.entries(doc.components.schemas)) definitions[name] ??= schemaToV2(schema as Json);
  }
  const sorted = (o: JsonObject) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]!]));
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version },
    paths: sorted(paths),
    definitions: sorted(definitions),
    securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', type: 'apiKey', name: 'authorization', in: 'header' } },
    security: [{ BearerToken: [] }],
  };
}

// --- gnostic protobuf ----------------------------------------------------------------------------
// Only encoding is needed. Each message is a list of [field number, JSON key, kind]; kinds name how
// the JSON value is written. Proto3: empty strings, false and 0 are not written.

type Kind =
  | 's' // string
  | 'b' // bool
  | 'd' // double
  | 'i' // int64
  | 'S' // repeated string
  | 'A' // Any: the value as YAML text (JSON is YAML)
  | 'AA' // repeated Any
  | 'X' // vendor extensions: every `x-` key as NamedAny
  | { m: string } // a message
  | { M: string } // a repeated message from a JSON array
  | { named: string; key?: 'additional_properties' }; // a JSON object as repeated Named<...>{name, value}

type Spec = ReadonlyArray<readonly [number, string, Kind]>;

const primitiveFields = (first: number): Spec => [
  [first, 'type', 's'],
  [first + 1, 'format', 's'],
  [first + 2, 'items', { m: 'PrimitivesItems' }],
  [first + 3, 'collectionFormat', 's'],
  [first + 4, 'default', 'A'],
  [first + 5, 'maximum', 'd'],
  [first + 6, 'exclusiveMaximum', 'b'],
  [first + 7, 'minimum', 'd'],
  [first + 8, 'exclusiveMinimum', 'b'],
  [first + 9, 'maxLength', 'i'],
  [first + 10, 'minLength', 'i'],
  [first + 11, 'pattern', 's'],
  [first + 12, 'maxItems', 'i'],
  [first + 13, 'minItems', 'i'],
  [first + 14, 'uniqueItems', 'b'],
  [first + 15, 'enum', 'AA'],
  [first + 16, 'multipleOf', 'd'],
];

/** The query and path parameter sub-schemas share their layout after `allowEmptyValue`. */
const parameterSubSchema = (allowEmpty: boolean): Spec => {
  const head: Spec = [
    [1, 'required', 'b'],
    [2, 'in', 's'],
    [3, 'description', 's'],
    [4, 'name', 's'],
  ];
  const from = allowEmpty ? 6 : 5;
  const body = primitiveFields(from);
  return [...head, ...(allowEmpty ? ([[5, 'allowEmptyValue', 'b']] as Spec) : []), ...body, [from + 17, '', 'X']];
};

const specs: Record<string, Spec> = {
  Document: [
    [1, 'swagger', 's'],
    [2, 'info', { m: 'Info' }],
    [3, 'host', 's'],
    [4, 'basePath', 's'],
    [5, 'schemes', 'S'],
    [6, 'consumes', 'S'],
    [7, 'produces', 'S'],
    [8, 'paths', { m: 'Paths' }],
    [9, 'definitions', { named: 'Schema', key: 'additional_properties' }],
    [12, 'security', { M: 'SecurityRequirement' }],
    [13, 'securityDefinitions', { named: 'SecurityDefinitionsItem', key: 'additional_properties' }],
    [16, '', 'X'],
  ],
  Info: [
    [1, 'title', 's'],
    [2, 'version', 's'],
    [3, 'description', 's'],
    [7, '', 'X'],
  ],
  PathItem: [
    [1, '$ref', 's'],
    [2, 'get', { m: 'Operation' }],
    [3, 'put', { m: 'Operation' }],
    [4, 'post', { m: 'Operation' }],
    [5, 'delete', { m: 'Operation' }],
    [6, 'options', { m: 'Operation' }],
    [7, 'head', { m: 'Operation' }],
    [8, 'patch', { m: 'Operation' }],
    [9, 'parameters', { M: 'ParametersItem' }],
    [10, '', 'X'],
  ],
  Operation: [
    [1, 'tags', 'S'],
    [2, 'summary', 's'],
    [3, 'description', 's'],
    [5, 'operationId', 's'],
    [6, 'produces', 'S'],
    [7, 'consumes', 'S'],
    [8, 'parameters', { M: 'ParametersItem' }],
    [9, 'responses', { m: 'Responses' }],
    [10, 'schemes', 'S'],
    [11, 'deprecated', 'b'],
    [13, '', 'X'],
  ],
  BodyParameter: [
    [1, 'description', 's'],
    [2, 'name', 's'],
    [3, 'in', 's'],
    [4, 'required', 'b'],
    [5, 'schema', { m: 'Schema' }],
    [6, '', 'X'],
  ],
  QueryParameterSubSchema: parameterSubSchema(true),
  FormDataParameterSubSchema: parameterSubSchema(true),
  PathParameterSubSchema: parameterSubSchema(false),
  HeaderParameterSubSchema: parameterSubSchema(false),
  PrimitivesItems: [...primitiveFields(1), [18, '', 'X']],
  Response: [
    [1, 'description', 's'],
    [2, 'schema', { m: 'SchemaItem' }],
    [5, '', 'X'],
  ],
  JsonReference: [
    [1, '$ref', 's'],
    [2, 'description', 's'],
  ],
  Schema: [
    [1, '$ref', 's'],
    [2, 'format', 's'],
    [3, 'title', 's'],
    [4, 'description', 's'],
    [5, 'default', 'A'],
    [6, 'multipleOf', 'd'],
    [7, 'maximum', 'd'],
    [8, 'exclusiveMaximum', 'b'],
    [9, 'minimum', 'd'],
    [10, 'exclusiveMinimum', 'b'],
    [11, 'maxLength', 'i'],
    [12, 'minLength', 'i'],
    [13, 'pattern', 's'],
    [14, 'maxItems', 'i'],
    [15, 'minItems', 'i'],
    [16, 'uniqueItems', 'b'],
    [17, 'maxProperties', 'i'],
    [18, 'minProperties', 'i'],
    [19, 'required', 'S'],
    [20, 'enum', 'AA'],
    [21, 'additionalProperties', { m: 'AdditionalPropertiesItem' }],
    [22, 'type', { m: 'TypeItem' }],
    [23, 'items', { m: 'ItemsItem' }],
    [24, 'allOf', { M: 'Schema' }],
    [25, 'properties', { named: 'Schema', key: 'additional_properties' }],
    [26, 'discriminator', 's'],
    [27, 'readOnly', 'b'],
    [30, 'example', 'A'],
    [31, '', 'X'],
  ],
  ApiKeySecurity: [
    [1, 'type', 's'],
    [2, 'name', 's'],
    [3, 'in', 's'],
    [4, 'description', 's'],
    [5, '', 'X'],
  ],
};

/** Messages whose JSON form is one of several messages (proto `oneof`), or not an object. */
const customs: Record<string, (w: ProtoWriter, value: Json) => void> = {
  Paths(w, value) {
    const paths = value as JsonObject;
    for (const [path, item] of Object.entries(paths)) {
      if (path.startsWith('x-')) continue;
      w.bytes(2, named(path, 'PathItem', item));
    }
    extensions(w, 1, paths);
  },
  ParametersItem(w, value) {
    const p = value as JsonObject;
    if (typeof p.$ref === 'string') w.bytes(2, message('JsonReference', p));
    else w.bytes(1, message('Parameter', p));
  },
  Parameter(w, value) {
    const p = value as JsonObject;
    if (p.in === 'body') w.bytes(1, message('BodyParameter', p));
    else w.bytes(2, message('NonBodyParameter', p));
  },
  NonBodyParameter(w, value) {
    const p = value as JsonObject;
    const which = { header: [1, 'HeaderParameterSubSchema'], formData: [2, 'FormDataParameterSubSchema'], query: [3, 'QueryParameterSubSchema'], path: [4, 'PathParameterSubSchema'] } as const;
    const [no, name] = which[p.in as keyof typeof which] ?? which.query;
    w.bytes(no, message(name, p));
  },
  Responses(w, value) {
    const responses = value as JsonObject;
    for (const [code, r] of Object.entries(responses)) {
      if (code.startsWith('x-')) continue;
      const resp = r as JsonObject;
      const rv = new ProtoWriter();
      if (typeof resp.$ref === 'string') rv.bytes(2, message('JsonReference', resp));
      else rv.bytes(1, message('Response', resp));
      const entry = new ProtoWriter().string(1, code).bytes(2, rv.finish());
      w.bytes(1, entry.finish());
    }
    extensions(w, 2, responses);
  },
  SchemaItem(w, value) {
    w.bytes(1, message('Schema', value));
  },
  AdditionalPropertiesItem(w, value) {
    if (typeof value === 'boolean') w.tag(2, 0).varint(value ? 1 : 0);
    else w.bytes(1, message('Schema', value));
  },
  TypeItem(w, value) {
    for (const t of Array.isArray(value) ? value : [value]) w.string(1, String(t));
  },
  ItemsItem(w, value) {
    for (const s of Array.isArray(value) ? value : [value]) w.bytes(1, message('Schema', s));
  },
  SecurityRequirement(w, value) {
    for (const [name, scopes] of Object.entries(value as JsonObject)) {
      const arr = new ProtoWriter();
      for (const s of scopes as string[]) arr.string(1, s);
      w.bytes(1, new ProtoWriter().string(1, name).bytes(2, arr.finish()).finish());
    }
  },
  SecurityDefinitionsItem(w, value) {
    const item = value as JsonObject;
    if (item.type === 'apiKey') w.bytes(2, message('ApiKeySecurity', item));
    else throw new Error(`unsupported security definition type ${String(item.type)}`);
  },
};

function anyOf(value: Json): Uint8Array {
  return new ProtoWriter().string(2, `${JSON.stringify(value)}\n`).finish();
}

function named(name: string, type: string, value: Json): Uint8Array {
  return new ProtoWriter().string(1, name).bytes(2, message(type, value)).finish();
}

function extensions(w: ProtoWriter, no: number, obj: JsonObject): void {
  for (const [key, value] of Object.entries(obj)) {
    if (key.startsWith('x-')) w.bytes(no, new ProtoWriter().string(1, key).bytes(2, anyOf(value)).finish());
  }
}

function message(type: string, value: Json): Uint8Array {
  const w = new ProtoWriter();
  const custom = customs[type];
  if (custom) {
    custom(w, value);
    return w.finish();
  }
  const spec = specs[type];
  if (!spec) throw new Error(`no protobuf layout for ${type}`);
  const obj = value as JsonObject;
  for (const [no, key, kind] of spec) {
    if (kind === 'X') {
      extensions(w, no, obj);
      continue;
    }
    const v = obj[key];
    if (v === undefined || v === null) continue;
    if (kind === 's') {
      if (v !== '') w.string(no, String(v));
    } else if (kind === 'b') {
      if (v === true) w.tag(no, 0).varint(1);
    } else if (kind === 'd') {
      if (v !== 0) w.tag(no, 1).double(Number(v));
    } else if (kind === 'i') {
      if (v !== 0) w.tag(no, 0).varint(Number(v));
    } else if (kind === 'S') {
      for (const s of v as Json[]) w.string(no, String(s));
    } else if (kind === 'A') {
      w.bytes(no, anyOf(v));
    } else if (kind === 'AA') {
      for (const e of v as Json[]) w.bytes(no, anyOf(e));
    } else if ('m' in kind) {
      w.bytes(no, message(kind.m, v));
    } else if ('M' in kind) {
      for (const e of v as Json[]) w.bytes(no, message(kind.M, e));
    } else {
      // A map message ({additional_properties: repeated Named<T>}) in field `no`.
      const inner = new ProtoWriter();
      for (const [k, e] of Object.entries(v as JsonObject)) inner.bytes(1, named(k, kind.named, e));
      w.bytes(no, inner.finish());
    }
  }
  return w.finish();
}

/** The gnostic `openapi.v2.Document` bytes of a swagger 2.0 document. */
export function encodeOpenAPIV2Protobuf(doc: JsonObject): Uint8Array {
  return message('Document', doc);
}

interface Representation {
  body: Buffer;
  etag: string;
  contentType: string;
}

export interface OpenAPIV2 {
  json: Representation;
  protobuf: Representation;
}

const represent = (body: Buffer, contentType: string): Representation => ({
  body,
  contentType,
  etag: `"${createHash('sha512').update(body).digest('hex').toUpperCase()}"`,
});

/** Builds the v2 document once, in JSON and in protobuf. */
export function createOpenAPIV2(docs: readonly OpenAPIV3Document[], version: string): OpenAPIV2 {
  const doc = openAPIV2Document(docs, version);
  return {
    json: represent(Buffer.from(encodeJson(doc)), 'application/json'),
    protobuf: represent(Buffer.from(encodeOpenAPIV2Protobuf(doc)), openAPIV2ProtobufTypes[1]!),
  };
}

/**
 * Serves /openapi/v2 in the first representation the Accept header allows (JSON for none or
 * `*`/`*`), with an ETag; 406 when it allows neither, as kube-openapi answers.
 */
export function serveOpenAPIV2(req: IncomingMessage, res: ServerResponse, v2: OpenAPIV2): void {
  const accept = req.headers.accept ?? '';
  let chosen: Representation | undefined;
  if (accept.trim() === '') chosen = v2.json;
  for (const clause of accept.split(',')) {
    if (chosen) break;
    const type = clause.split(';')[0]!.trim().toLowerCase();
    if (openAPIV2ProtobufTypes.includes(type)) chosen = v2.protobuf;
    else if (type === 'application/json' || type === 'application/*' || type === '*/*') chosen = v2.json;
  }
  if (!chosen) {
    res.writeHead(406, { Vary: 'Accept' });
    res.end();
    return;
  }
  const headers = { 'Content-Type': chosen.contentType, ETag: chosen.etag, Vary: 'Accept', 'Cache-Control': 'no-cache, private' };
  if (req.headers['if-none-match'] === chosen.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': chosen.body.length });
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
}

export type { OpenAPISchema };
