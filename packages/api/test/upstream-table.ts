// Checks declared structs against a table of facts read from k8s.io/api <group>/<version>/types.go
// (v0.33.0): JSON names in Go struct order, protobuf numbers (as in generated.proto), Go pointers,
// required fields (no +optional and no omitempty, or +required) and patch/list markers, as
// kube-openapi publishes them.
import { expect } from 'vitest';
import type { z } from 'zod';
import { defOf, openAPIComponents, protoMessageOf, structFields, structRegistry, unwrap, type ProtoField } from '@kapi/apimachinery';

/** [json name, protobuf number, flags]: `ptr`, `req`, `merge:<key>`, `retainKeys`, `list:atomic|set`, `list:map:<keys>`, `map:<type>`. */
export type UpstreamRow = readonly [string, number, string?];
export type UpstreamTable = Readonly<Record<string, readonly UpstreamRow[]>>;

/** Every declared struct reachable from the roots, by OpenAPI id. */
function structsById(roots: readonly z.ZodType[]): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  const visit = (schema: z.ZodType) => {
    let s = unwrap(schema);
    for (;;) {
      const d = defOf(s);
      if (d.type === 'array') s = unwrap(d.element!);
      else if (d.type === 'record') s = unwrap(d.valueType!);
      else break;
    }
    const meta = structRegistry.get(s);
    if (!meta || out.has(meta.id)) return;
    out.set(meta.id, s);
    for (const f of structFields(s)) visit(f.type);
  };
  roots.forEach(visit);
  return out;
}

const fieldsOf = (s: z.ZodType) => {
  const m = protoMessageOf(s);
  return (typeof m.fields === 'function' ? m.fields() : m.fields) as readonly ProtoField[];
};

/** One expectation per struct of the table; returns the ids checked. */
export function checkUpstreamTable(roots: readonly z.ZodType[], table: UpstreamTable): void {
  const components = openAPIComponents(roots);
  const structs = structsById(roots);
  for (const [id, rows] of Object.entries(table)) {
    const component = components[id] as { properties: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
    expect(component, id).toBeDefined();
    // TypeMeta (apiVersion, kind) has no protobuf number; a field named kind may (CRD names).
    const typeMeta = new Set(structFields(structs.get(id)!).filter((f) => !f.meta).map((f) => f.name));
    const props = Object.keys(component!.properties).filter((k) => !typeMeta.has(k));
    expect(props, `${id}: fields in Go struct order`).toEqual(rows.map((r) => r[0]));
    const flags = (r: UpstreamRow) => (r[2] ?? '').split(' ').filter(Boolean);
    expect(component!.required ?? [], `${id}: required`).toEqual(rows.filter((r) => flags(r).includes('req')).map((r) => r[0]));
    const schema = structs.get(id)!;
    // apiextensions-apiserver's proto package is k8s.io.apiextensions_apiserver.…
    expect(structRegistry.get(schema)!.protoName, id).toBe(id.replace(/^io\.k8s\./, 'k8s.io.').replaceAll('-', '_'));
    const proto = new Map(fieldsOf(schema).map((f) => [f.name, f]));
    for (const row of rows) {
      const [name, no] = row;
      const f = flags(row);
      const prop = component!.properties[name]!;
      const want: Record<string, unknown> = {};
      for (const flag of f) {
        if (flag === 'retainKeys') want['x-kubernetes-patch-strategy'] = 'retainKeys';
        else if (flag.startsWith('merge')) {
          want['x-kubernetes-patch-strategy'] = 'merge';
          if (flag.includes(':')) want['x-kubernetes-patch-merge-key'] = flag.split(':')[1];
        } else if (flag.startsWith('list:map:')) {
          want['x-kubernetes-list-type'] = 'map';
          want['x-kubernetes-list-map-keys'] = flag.slice('list:map:'.length).split(',');
        } else if (flag.startsWith('list:')) want['x-kubernetes-list-type'] = flag.slice('list:'.length);
        else if (flag.startsWith('map:')) want['x-kubernetes-map-type'] = flag.slice('map:'.length);
      }
      const got = Object.fromEntries(Object.entries(prop).filter(([k]) => k.startsWith('x-kubernetes-')));
      expect(got, `${id}.${name}: patch and list metadata`).toEqual(want);
      expect(typeof prop.description === 'string' && prop.description.length > 0, `${id}.${name}: described`).toBe(true);
      const pf = proto.get(name);
      expect(pf?.no, `${id}.${name}: protobuf number`).toBe(no);
      expect(pf?.pointer ?? false, `${id}.${name}: Go pointer`).toBe(f.includes('ptr'));
    }
    expect([...proto.keys()].sort(), `${id}: no protobuf fields beyond the table`).toEqual(rows.map((r) => r[0]).sort());
  }
}
