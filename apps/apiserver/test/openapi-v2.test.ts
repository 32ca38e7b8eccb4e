// /openapi/v2 as kubectl 1.27/1.28 read it: swagger 2.0 JSON, and the gnostic protobuf form that
// `discovery.OpenAPISchema` unmarshals (its patch and GVK extensions feed `apply` and `explain`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtoReader, WireType } from '@kapi/apimachinery';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { openAPIV2ProtobufTypes, schemaToV2 } from '../src/openapi-v2.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

type Json = any;

async function getV2(accept?: string, extra: Record<string, string> = {}) {
  return fetch(`${server.url}/openapi/v2`, { headers: { ...(accept !== undefined ? { Accept: accept } : {}), ...extra } });
}

/** Every `$ref` in a value (a property named `$ref`, as JSONSchemaProps has, is a name, not a reference). */
function refs(value: Json, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

/** Every schema keyword used, leaving out property names (JSONSchemaProps has properties named allOf, oneOf…). */
function keysDeep(value: Json, out = new Set<string>(), names = false): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!names) out.add(k);
      keysDeep(v, out, !names && (k === 'properties' || k === 'definitions' || k === 'paths'));
    }
  }
  return out;
}

describe('GET /openapi/v2 as JSON', () => {
  let doc: Json;
  beforeAll(async () => {
    const res = await getV2('application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    doc = await res.json();
  });

  it('is a swagger 2.0 document whose references all resolve into definitions', () => {
    expect(doc.swagger).toBe('2.0');
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    for (const r of all) {
      expect(r.startsWith('#/definitions/'), r).toBe(true);
      expect(doc.definitions[r.slice('#/definitions/'.length)], r).toBeDefined();
    }
  });

  it('uses only what swagger 2.0 allows: no allOf wrappers, oneOf, anyOf, nullable or requestBody', () => {
    const keys = keysDeep(doc.definitions, new Set(), true);
    for (const k of ['allOf', 'oneOf', 'anyOf', 'nullable']) expect(keys.has(k), k).toBe(false);
    expect(keysDeep(doc.paths, new Set(), true).has('requestBody')).toBe(false);
  });

  it('carries the group-version-kind and the patch metadata kubectl apply reads', () => {
    const deployment = doc.definitions['io.k8s.api.apps.v1.Deployment'];
    expect(deployment['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    expect(deployment.properties.metadata.$ref).toBe('#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    const containers = doc.definitions['io.k8s.api.core.v1.PodSpec'].properties.containers;
    expect(containers).toMatchObject({ type: 'array', 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' });
    expect(containers.items.$ref).toBe('#/definitions/io.k8s.api.core.v1.Container');
    const ports = doc.definitions['io.k8s.api.core.v1.Container'].properties.ports;
    expect(ports['x-kubernetes-list-map-keys']).toEqual(['containerPort', 'protocol']);
    expect(doc.definitions['io.k8s.apimachinery.pkg.api.resource.Quantity'].type).toBe('string');
    expect(doc.definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toMatchObject({ type: 'string', format: 'int-or-string' });
  });

  it('describes operations with body parameters and the fieldValidation query parameter', () => {
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'].patch;
    expect(patch.consumes).toContain('application/strategic-merge-patch+json');
    expect(patch.parameters.find((p: Json) => p.in === 'body')).toMatchObject({ name: 'body', required: true });
    expect(patch.parameters.find((p: Json) => p.name === 'fieldValidation')).toMatchObject({ in: 'query', type: 'string' });
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', kind: 'Deployment', version: 'v1' });
    expect(patch.responses['200'].schema.$ref).toBe('#/definitions/io.k8s.api.apps.v1.Deployment');
  });

  it('answers a matching If-None-Match with 304 and an unacceptable type with 406', async () => {
    const first = await getV2('application/json');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9A-F]{128}"$/);
    expect((await getV2('application/json', { 'If-None-Match': etag })).status).toBe(304);
    expect((await getV2('text/html')).status).toBe(406);
    expect((await getV2()).headers.get('content-type')).toBe('application/json');
  });
});

/** Reads a protobuf message into field number → raw values (bytes for length-delimited fields). */
function fields(bytes: Uint8Array): Map<number, (Uint8Array | number)[]> {
  const r = new ProtoReader(bytes);
  const out = new Map<number, (Uint8Array | number)[]>();
  while (!r.done()) {
    const { no, wire } = r.tag();
    let v: Uint8Array | number;
    if (wire === WireType.LengthDelimited) v = r.bytes();
    else if (wire === WireType.Varint) v = r.varint();
    else {
      r.skip(wire);
      continue;
    }
    out.set(no, [...(out.get(no) ?? []), v]);
  }
  return out;
}
const text = (b: Uint8Array | number | undefined) => new TextDecoder().decode(b as Uint8Array);
const first = (m: Map<number, (Uint8Array | number)[]>, no: number) => m.get(no)?.[0];

/** Named entries ({name=1, value=2}) of a repeated field, by name. */
function named(m: Map<number, (Uint8Array | number)[]>, no: number): Map<string, Uint8Array> {
  return new Map((m.get(no) ?? []).map((e) => {
    const f = fields(e as Uint8Array);
    return [text(first(f, 1)), first(f, 2) as Uint8Array];
  }));
}

describe('GET /openapi/v2 as kubectl asks for it (gnostic protobuf)', () => {
  let doc: Map<number, (Uint8Array | number)[]>;
  beforeAll(async () => {
    const res = await getV2(openAPIV2ProtobufTypes[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    doc = fields(new Uint8Array(await res.arrayBuffer()));
  });

  it('has the swagger version and every definition by name (Document.definitions = 9)', () => {
    expect(text(first(doc, 1))).toBe('2.0');
    const defs = named(fields(first(doc, 9) as Uint8Array), 1);
    expect(defs.has('io.k8s.api.apps.v1.Deployment')).toBe(true);
    expect(defs.has('io.k8s.api.core.v1.ConfigMap')).toBe(true);
  });

  it('writes vendor extensions as NamedAny with YAML text, and properties as NamedSchema', () => {
    const defs = named(fields(first(doc, 9) as Uint8Array), 1);
    const deployment = fields(defs.get('io.k8s.api.apps.v1.Deployment')!);
    const ext = named(deployment, 31);
    const gvk = text(first(fields(ext.get('x-kubernetes-group-version-kind')!), 2));
    expect(JSON.parse(gvk)).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    // Schema.type is a TypeItem (22) holding repeated strings.
    expect(text(first(fields(first(deployment, 22) as Uint8Array), 1))).toBe('object');

    const podSpec = fields(defs.get('io.k8s.api.core.v1.PodSpec')!);
    const props = named(fields(first(podSpec, 25) as Uint8Array), 1);
    const containers = fields(props.get('containers')!);
    const cext = named(containers, 31);
    expect(JSON.parse(text(first(fields(cext.get('x-kubernetes-patch-merge-key')!), 2)))).toBe('name');
    expect(JSON.parse(text(first(fields(cext.get('x-kubernetes-patch-strategy')!), 2)))).toBe('merge');
    // items (23) is an ItemsItem with one Schema holding the $ref (1).
    const items = fields(first(fields(first(containers, 23) as Uint8Array), 1) as Uint8Array);
    expect(text(first(items, 1))).toBe('#/definitions/io.k8s.api.core.v1.Container');
  });

  it('encodes paths with their operations (Paths.path = 2, PathItem.patch = 8)', () => {
    const paths = named(fields(first(doc, 8) as Uint8Array), 2);
    const item = fields(paths.get('/api/v1/namespaces/{namespace}/configmaps/{name}')!);
    const patch = fields(first(item, 8) as Uint8Array);
    expect(text(first(patch, 5))).toBe('patchCoreV1NamespacedConfigMap');
    expect((patch.get(7) ?? []).map(text)).toContain('application/strategic-merge-patch+json');
  });
});

describe('schemaToV2', () => {
  it('turns an allOf wrapper into a $ref with its description, and drops v3-only keywords', () => {
    expect(
      schemaToV2({ allOf: [{ $ref: '#/components/schemas/a.B' }], default: {}, description: 'd' }),
    ).toEqual({ $ref: '#/definitions/a.B', description: 'd' });
    expect(schemaToV2({ type: 'string', nullable: true })).toEqual({ type: 'string' });
    expect(schemaToV2({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'q' })).toEqual({ type: 'string', description: 'q' });
    expect(schemaToV2({ type: 'object', additionalProperties: { allOf: [{ $ref: '#/components/schemas/x' }] } })).toEqual({
      type: 'object',
      additionalProperties: { $ref: '#/definitions/x' },
    });
  });
});
