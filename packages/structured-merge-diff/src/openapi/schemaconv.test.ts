// Behaviour of k8s.io/kube-openapi/pkg/schemaconv/openapi_test.go + smd_test.go (c8a335a9a2ff)
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYAML } from 'yaml';
import { newSchema } from '../schema/elements.ts';
import type { Atom, MapType, SchemaDoc, TypeDef, TypeRef } from '../schema/elements.ts';
import {
  SchemaConversionError,
  gvkIndexFromOpenAPI,
  gvkKey,
  openAPIDefinitions,
  schemaFromOpenAPI,
} from './schemaconv.ts';
import type { OpenAPISchema } from './schemaconv.ts';

const FIXTURES = new URL('../../test/fixtures/schemaconv/', import.meta.url);
const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

function readFixture(path: string): string {
  return readFileSync(new URL(path, FIXTURES), 'utf8');
}

/** The definitions of a fixture document; YAML-parsed as kube's test does (some are not strict JSON). */
function definitions(path: string): Record<string, OpenAPISchema> {
  return openAPIDefinitions(parseYAML(readFixture(path)));
}

function golden(path: string): SchemaDoc {
  return parseYAML(readFixture(path)) as SchemaDoc;
}

/** Every map's fields sorted by name: Go's ToSchemaFromOpenAPI emits them in (random) map order. */
function sortFields(doc: SchemaDoc): SchemaDoc {
  const ref = (tr: TypeRef): TypeRef => ({ ...tr, ...atom(tr) });
  const atom = (a: Atom): Atom => {
    const out: Atom = {};
    if (a.scalar !== undefined) out.scalar = a.scalar;
    if (a.list !== undefined) out.list = { ...a.list, elementType: ref(a.list.elementType) };
    if (a.map !== undefined) {
      const m: MapType = { ...a.map };
      if (a.map.fields !== undefined) {
        m.fields = a.map.fields
          .map((f) => ({ ...f, type: ref(f.type) }))
          .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
      }
      if (a.map.elementType !== undefined) m.elementType = ref(a.map.elementType);
      out.map = m;
    }
    return out;
  };
  return { types: doc.types.map((t) => ({ name: t.name, ...atom(t) })) };
}

/**
 * kube-openapi's goldens come from its other converter (`ToSchema`, via gnostic proto models).
 * kube's TestOpenAPIImplementation lists where the two legitimately differ and normalizes both
 * sides the same way; this is that normalization (without its bug that drops every field):
 * 1. an inlined `__untyped_deduced_` atom is a reference to it;
 * 2. references to RawExtension are `__untyped_atomic_`, and RawExtension's own definition is
 *    not compared (the old converter left it broken and inlined untyped at each use instead);
 * 3. unions are not compared (ToSchemaFromOpenAPI does not read x-kubernetes-unions);
 * 4. a deduced map (untyped scalar + list + map of `__untyped_deduced_`) is separable.
 */
function normalizeConverterDifferences(doc: SchemaDoc): SchemaDoc {
  const deduced = JSON.stringify({
    scalar: 'untyped',
    list: { elementType: { namedType: '__untyped_atomic_' }, elementRelationship: 'atomic' },
    map: { elementType: { namedType: '__untyped_deduced_' }, elementRelationship: 'separable' },
  });
  const ref = (tr: TypeRef): TypeRef => {
    if (tr.namedType === undefined && JSON.stringify(normAtom(tr)) === deduced) return { namedType: '__untyped_deduced_' };
    if (tr.namedType === RAW_EXTENSION) return { namedType: '__untyped_atomic_' };
    return { ...tr, ...normAtom(tr) };
  };
  const normAtom = (a: Atom): Atom => {
    const out: Atom = {};
    if (a.scalar !== undefined) out.scalar = a.scalar;
    if (a.list !== undefined) {
      out.list = { elementType: ref(a.list.elementType) };
      if (a.list.elementRelationship !== undefined) out.list.elementRelationship = a.list.elementRelationship;
      if (a.list.keys !== undefined) out.list.keys = a.list.keys;
    }
    if (a.map !== undefined) {
      const m: MapType = {};
      if (a.map.fields !== undefined) m.fields = a.map.fields.map((f) => ({ ...f, type: ref(f.type) }));
      if (a.map.elementType !== undefined) m.elementType = ref(a.map.elementType);
      const rel = a.map.elementRelationship;
      if (rel !== undefined) m.elementRelationship = rel;
      else if (a.scalar !== undefined && a.list !== undefined && a.map.elementType?.namedType === '__untyped_deduced_') {
        m.elementRelationship = 'separable';
      }
      out.map = m;
    }
    return out;
  };
  return { types: doc.types.filter((t) => t.name !== RAW_EXTENSION).map((t) => ({ name: t.name, ...normAtom(t) })) };
}

function typeNamed(doc: SchemaDoc, name: string): TypeDef {
  const t = doc.types.find((x) => x.name === name);
  if (t === undefined) throw new Error(`no type ${name}`);
  return t;
}

describe('kube-openapi goldens (pkg/schemaconv/testdata)', () => {
  it('kubernetes: swagger.json converts to new-schema.yaml, types and fields in the golden order', () => {
    const ours = schemaFromOpenAPI(definitions('kube-openapi/swagger.definitions.json'));
    const expected = golden('kube-openapi/new-schema.yaml');
    expect(ours.types.map((t) => t.name)).toEqual(expected.types.map((t) => t.name));
    expect(normalizeConverterDifferences(ours)).toEqual(normalizeConverterDifferences(expected));
    // The normalization hides only the documented differences, and there are some to hide.
    expect(ours).not.toEqual(expected);
    expect(typeNamed(ours, 'io.k8s.api.apps.v1.ControllerRevision').map?.fields?.find((f) => f.name === 'data'))
      .toEqual({ name: 'data', type: { namedType: RAW_EXTENSION } });
  });

  it('defaults: field defaults, list-type map keys (exactly the golden)', () => {
    expect(schemaFromOpenAPI(definitions('kube-openapi/defaults.json'))).toEqual(golden('kube-openapi/defaults.yaml'));
  });

  it('preserve-unknown: each type has the golden map', () => {
    // These definitions have no `type`; ToSchemaFromOpenAPI adds the untyped scalar and list
    // members that the proto converter (inferring an object from `properties`) does not.
    const ours = normalizeConverterDifferences(schemaFromOpenAPI(definitions('kube-openapi/preserve-unknown.json')));
    const expected = normalizeConverterDifferences(golden('kube-openapi/preserve-unknown.yaml'));
    expect(ours.types.map((t) => t.name)).toEqual(expected.types.map((t) => t.name));
    for (const t of expected.types) expect(typeNamed(ours, t.name).map).toEqual(t.map);
  });

  it('atomics: x-kubernetes-map-type atomic on a field and on a definition', () => {
    const ours = schemaFromOpenAPI(definitions('kube-openapi/atomic-types.json'));
    const expected = golden('kube-openapi/atomic-types.yaml');
    expect(typeNamed(ours, 'io.k8s.testcase.AtomicMapField').map).toEqual(
      typeNamed(expected, 'io.k8s.testcase.AtomicMapField').map,
    );
    expect(typeNamed(ours, 'io.k8s.testcase.DeclaredAtomicMap').map?.elementRelationship).toBe(
      typeNamed(expected, 'io.k8s.testcase.DeclaredAtomicMap').map?.elementRelationship,
    );
  });

  it('field-level annotation: x-kubernetes-map-type on a $ref field overrides on resolve (TestFieldLevelAnnotation)', () => {
    const schema = newSchema(schemaFromOpenAPI(definitions('kube-openapi/field-level-annotation.json')));
    const endpointAddress = schema.findNamedType('io.k8s.api.core.v1.EndpointAddress');
    const targetRef = endpointAddress?.map && schema.findField(endpointAddress.map, 'targetRef');
    expect(targetRef?.type.elementRelationship).toBe('atomic');
    const resolved = schema.resolve(targetRef!.type);
    expect(resolved?.map?.elementRelationship).toBe('atomic');
    const { elementRelationship: _override, ...withoutOverride } = targetRef!.type;
    expect(schema.resolve(withoutOverride)?.map?.elementRelationship).not.toBe('atomic');
  });
});

describe('ToSchemaFromOpenAPI itself (outputs of the Go code, test/fixtures/schemaconv/go-oracle)', () => {
  const cases: [string, string, boolean][] = [
    ['kube-openapi/swagger.definitions.json', 'go-oracle/swagger.definitions.json', false],
    ['apps-v1.openapi-v3.json', 'go-oracle/apps-v1.openapi-v3.json', false],
    ['kube-openapi/atomic-types.json', 'go-oracle/atomic-types.json', false],
    ['kube-openapi/defaults.json', 'go-oracle/defaults.json', false],
    ['kube-openapi/field-level-annotation.json', 'go-oracle/field-level-annotation.json', false],
    ['kube-openapi/preserve-unknown.json', 'go-oracle/preserve-unknown.json', false],
    ['kube-openapi/preserve-unknown.json', 'go-oracle/preserve-unknown.preserve-flag.json', true],
    ...readdirSync(new URL('crds/', FIXTURES)).map((f): [string, string, boolean] => [`crds/${f}`, `go-oracle/crds/${f}`, false]),
  ];
  it.each(cases)('%s → %s (preserveUnknownFields=%s)', (input, output, preserveUnknownFields) => {
    const ours = schemaFromOpenAPI(definitions(input), { preserveUnknownFields });
    expect(sortFields(ours)).toEqual(JSON.parse(readFixture(output)));
  });
});

describe('Kubernetes apps/v1 (published OpenAPI v3)', () => {
  const defs = definitions('apps-v1.openapi-v3.json');
  const schema = newSchema(schemaFromOpenAPI(defs));

  /** The type reference of the field at `path` below the named type `root`. */
  function fieldType(root: string, ...path: string[]): TypeRef {
    let tr: TypeRef = { namedType: root };
    for (const name of path) {
      let atom = schema.resolve(tr);
      // Step through list elements on the way (containers[].ports).
      if (atom?.map === undefined && atom?.list !== undefined) atom = schema.resolve(atom.list.elementType);
      const field = atom?.map && schema.findField(atom.map, name);
      if (field === undefined) throw new Error(`no field ${name} on the way to ${path.join('.')}`);
      tr = field.type;
    }
    return tr;
  }
  const resolved = (tr: TypeRef): Atom | undefined => schema.resolve(tr);
  const deployment = 'io.k8s.api.apps.v1.Deployment';

  it('indexes Deployment by its group/version/kind', () => {
    expect(gvkIndexFromOpenAPI(defs).get(gvkKey('apps', 'v1', 'Deployment'))).toBe(deployment);
  });

  it('spec.template.spec.containers is a list associative by name (patch merge key)', () => {
    const list = resolved(fieldType(deployment, 'spec', 'template', 'spec', 'containers'))?.list;
    expect(list).toEqual({
      elementType: { namedType: 'io.k8s.api.core.v1.Container' },
      elementRelationship: 'associative',
      keys: ['name'],
    });
  });

  it('container ports are keyed by containerPort and protocol (list-type map)', () => {
    const list = resolved(fieldType(deployment, 'spec', 'template', 'spec', 'containers', 'ports'))?.list;
    expect(list?.elementRelationship).toBe('associative');
    expect(list?.keys).toEqual(['containerPort', 'protocol']);
  });

  it('container env is keyed by name, args is atomic, volumes (merge,retainKeys) keyed by name', () => {
    expect(resolved(fieldType(deployment, 'spec', 'template', 'spec', 'containers', 'env'))?.list?.keys).toEqual(['name']);
    expect(resolved(fieldType(deployment, 'spec', 'template', 'spec', 'containers', 'args'))?.list).toEqual({
      elementType: { scalar: 'string' },
      elementRelationship: 'atomic',
    });
    expect(resolved(fieldType(deployment, 'spec', 'template', 'spec', 'volumes'))?.list?.keys).toEqual(['name']);
  });

  it('metadata: ownerReferences keyed by uid, managedFields atomic, finalizers a set, labels a string map', () => {
    expect(resolved(fieldType(deployment, 'metadata', 'ownerReferences'))?.list).toMatchObject({
      elementRelationship: 'associative',
      keys: ['uid'],
    });
    expect(resolved(fieldType(deployment, 'metadata', 'managedFields'))?.list?.elementRelationship).toBe('atomic');
    expect(resolved(fieldType(deployment, 'metadata', 'finalizers'))?.list).toEqual({
      elementType: { scalar: 'string' },
      elementRelationship: 'associative',
    });
    expect(resolved(fieldType(deployment, 'metadata', 'labels'))?.map).toEqual({ elementType: { scalar: 'string' } });
  });

  it('spec.selector is an atomic map (x-kubernetes-map-type on LabelSelector)', () => {
    const tr = fieldType(deployment, 'spec', 'selector');
    expect(tr).toEqual({ namedType: 'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector' });
    expect(resolved(tr)?.map?.elementRelationship).toBe('atomic');
  });

  it('resources.limits is a map of Quantity, an untyped scalar', () => {
    const limits = resolved(fieldType(deployment, 'spec', 'template', 'spec', 'containers', 'resources', 'limits'));
    expect(limits?.map?.elementType).toEqual({ namedType: 'io.k8s.apimachinery.pkg.api.resource.Quantity' });
    expect(schema.findNamedType('io.k8s.apimachinery.pkg.api.resource.Quantity')).toEqual({
      name: 'io.k8s.apimachinery.pkg.api.resource.Quantity',
      scalar: 'untyped',
    });
  });

  it('IntOrString (format int-or-string, no type in v3) accepts anything: untyped scalar, list, map', () => {
    const tr = fieldType(deployment, 'spec', 'strategy', 'rollingUpdate', 'maxUnavailable');
    expect(tr).toEqual({ namedType: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString' });
    expect(resolved(tr)).toEqual({
      name: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString',
      scalar: 'untyped',
      list: { elementType: { namedType: '__untyped_atomic_' }, elementRelationship: 'atomic' },
      map: { elementType: { namedType: '__untyped_deduced_' } },
    });
  });

  it('ControllerRevision.data (RawExtension) is __untyped_atomic_; field defaults are kept', () => {
    const revision = schema.findNamedType('io.k8s.api.apps.v1.ControllerRevision');
    expect(revision?.map && schema.findField(revision.map, 'data')?.type).toEqual({ namedType: RAW_EXTENSION });
    const { name: _name, ...untypedAtomic } = schema.findNamedType('__untyped_atomic_')!;
    expect(schema.findNamedType(RAW_EXTENSION)).toEqual({ name: RAW_EXTENSION, ...untypedAtomic });
    const spec = schema.findNamedType('io.k8s.api.apps.v1.DeploymentSpec');
    expect(spec?.map && schema.findField(spec.map, 'template')?.default).toEqual({});
  });
});

interface ExtensionCase {
  name: string;
  definitions: Record<string, OpenAPISchema>;
  preserveUnknownFields?: boolean;
  types?: TypeDef[];
  error?: string;
}

describe('extensions and shapes, one small case each (test/fixtures/schemaconv/extension-cases.json)', () => {
  // Every expectation in the file was checked against the Go code (see the fixtures README).
  const cases = JSON.parse(readFixture('extension-cases.json')) as ExtensionCase[];
  const common = schemaFromOpenAPI({}).types;

  it.each(cases.filter((c) => c.error === undefined).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const options = { preserveUnknownFields: c.preserveUnknownFields ?? false };
    expect(schemaFromOpenAPI(c.definitions, options)).toEqual({ types: [...c.types!, ...common] });
  });

  it.each(cases.filter((c) => c.error !== undefined).map((c) => [c.name, c] as const))('error: %s', (_name, c) => {
    expect(() => schemaFromOpenAPI(c.definitions)).toThrow(new SchemaConversionError([c.error!]));
  });
});

describe('schemaFromOpenAPI', () => {
  it('ends with the built-in __untyped_atomic_ and __untyped_deduced_ types', () => {
    expect(schemaFromOpenAPI({})).toEqual({
      types: [
        {
          name: '__untyped_atomic_',
          scalar: 'untyped',
          list: { elementType: { namedType: '__untyped_atomic_' }, elementRelationship: 'atomic' },
          map: { elementType: { namedType: '__untyped_atomic_' }, elementRelationship: 'atomic' },
        },
        {
          name: '__untyped_deduced_',
          scalar: 'untyped',
          list: { elementType: { namedType: '__untyped_atomic_' }, elementRelationship: 'atomic' },
          map: { elementType: { namedType: '__untyped_deduced_' }, elementRelationship: 'separable' },
        },
      ],
    });
  });

  it('orders types by name whatever the input order, fields in document order', () => {
    const doc = schemaFromOpenAPI({
      'b.Z': { type: 'object', properties: { z: { type: 'string' }, a: { type: 'string' } } },
      'a.Y': { type: 'string' },
    });
    expect(doc.types.map((t) => t.name)).toEqual(['a.Y', 'b.Z', '__untyped_atomic_', '__untyped_deduced_']);
    expect(doc.types[1]?.map?.fields?.map((f) => f.name)).toEqual(['z', 'a']);
  });

  it('reports every problem at once, one line each, as SchemaConversionError', () => {
    let caught: unknown;
    try {
      schemaFromOpenAPI({
        A: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'bogus' },
        B: { type: 'object', properties: { c: { type: 'nope' } }, 'x-kubernetes-map-type': 'bogus' },
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SchemaConversionError);
    const problems = [
      'A: unknown list type bogus',
      "inlined in B: unrecognized type: 'nope'",
      'B: unknown map type bogus',
    ];
    expect((caught as SchemaConversionError).problems).toEqual(problems);
    expect((caught as SchemaConversionError).message).toBe(problems.join('\n'));
  });

  it('reads v3 components.schemas and v2 definitions documents', () => {
    const schemas = { A: { type: 'string' } };
    expect(openAPIDefinitions({ openapi: '3.0.0', components: { schemas } })).toBe(schemas);
    expect(openAPIDefinitions({ swagger: '2.0', definitions: schemas })).toBe(schemas);
    expect(() => openAPIDefinitions({ paths: {} })).toThrow(/neither components.schemas nor definitions/);
  });
});
