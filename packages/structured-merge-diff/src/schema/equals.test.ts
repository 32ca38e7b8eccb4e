// Behaviour of sigs.k8s.io/structured-merge-diff/v4/schema/equals_test.go (v4.6.0)
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Schema,
  type Atom,
  type ElementRelationship,
  type ListType,
  type MapType,
  type Scalar,
  type StructField,
  type TypeDef,
  type TypeRef,
  type Union,
  type UnionField,
} from './elements.ts';
import {
  atomEquals,
  listTypeEquals,
  mapTypeEquals,
  schemaEquals,
  structFieldEquals,
  typeDefEquals,
  typeRefEquals,
  unionEquals,
  unionFieldEquals,
} from './equals.ts';

// Generators in the spirit of Go's randfill with MaxDepth(4): small name domains so that
// independently generated values collide now and then.
const name = fc.constantFrom('a', 'b', 'c', 'io.k8s.api.core.v1.Pod');
const scalar = fc.constantFrom<Scalar>('numeric', 'string', 'boolean', 'untyped');
const relationship = fc.constantFrom<ElementRelationship>('associative', 'atomic', 'separable');
const jsonDefault = fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 3, noNullPrototype: true }));

const { typeRef, listType, mapType, atom } = fc.letrec<{
  typeRef: TypeRef;
  listType: ListType;
  mapType: MapType;
  atom: Atom;
}>((tie) => ({
  atom: fc.record(
    {
      scalar,
      list: tie('listType'),
      map: tie('mapType'),
    },
    { requiredKeys: [], noNullPrototype: true },
  ),
  typeRef: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ namedType: name, elementRelationship: relationship }, { requiredKeys: [], noNullPrototype: true }),
    fc.record(
      { namedType: name, scalar, list: tie('listType'), map: tie('mapType'), elementRelationship: relationship },
      { requiredKeys: [], noNullPrototype: true },
    ),
  ),
  listType: fc.record(
    {
      elementType: tie('typeRef'),
      elementRelationship: relationship,
      keys: fc.array(name, { maxLength: 3 }),
    },
    { requiredKeys: ['elementType'], noNullPrototype: true },
  ),
  mapType: fc.record(
    {
      fields: fc.array(
        fc.record({ name, type: tie('typeRef'), default: jsonDefault }, { requiredKeys: ['name', 'type'], noNullPrototype: true }),
        { maxLength: 2 },
      ),
      unions: fc.array(unionArb(), { maxLength: 2 }),
      elementType: tie('typeRef'),
      elementRelationship: relationship,
    },
    { requiredKeys: [], noNullPrototype: true },
  ),
}));

function unionFieldArb(): fc.Arbitrary<UnionField> {
  return fc.record({ fieldName: name, discriminatorValue: name }, { noNullPrototype: true });
}

function unionArb(): fc.Arbitrary<Union> {
  return fc.record(
    { discriminator: name, deduceInvalidDiscriminator: fc.boolean(), fields: fc.array(unionFieldArb(), { maxLength: 3 }) },
    { requiredKeys: [], noNullPrototype: true },
  );
}

const structField: fc.Arbitrary<StructField> = fc.record(
  { name, type: typeRef, default: jsonDefault },
  { requiredKeys: ['name', 'type'], noNullPrototype: true },
);
const typeDef: fc.Arbitrary<TypeDef> = fc.tuple(name, atom).map(([n, a]) => ({ name: n, ...a }));
const schema = fc.array(typeDef, { maxLength: 3 }).map((types) => new Schema({ types }));

// Copies of the known members only (Go's "copy known fields"): a member added to a type without
// being added here and to its Equals breaks the deep-equality half of the property.
function pick<T extends object>(x: T, keys: readonly (keyof T)[]): T {
  const y = {} as T;
  for (const k of keys) if (x[k] !== undefined) y[k] = x[k];
  return y;
}

describe('TestEquals', () => {
  const params = { numRuns: 200 };

  it('Schema', () => {
    fc.assert(
      fc.property(schema, (x) => {
        if (!schemaEquals(x, x) || !x.equals(x)) return false;
        const y = new Schema({ types: x.types });
        return schemaEquals(x, y) === isDeepStrictEqual(x.types, y.types);
      }),
      params,
    );
  });

  it('TypeDef', () => {
    fc.assert(
      fc.property(typeDef, (x) => {
        if (!typeDefEquals(x, x)) return false;
        const y = pick(x, ['name', 'scalar', 'list', 'map']);
        return typeDefEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('TypeRef', () => {
    fc.assert(
      fc.property(typeRef, (x) => {
        if (!typeRefEquals(x, x)) return false;
        // As in Go, the relationship override is not copied: the two differ iff it is set.
        const y = pick(x, ['namedType', 'scalar', 'list', 'map']);
        return typeRefEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('Atom', () => {
    fc.assert(
      fc.property(atom, (x) => {
        if (!atomEquals(x, x)) return false;
        const y = pick(x, ['scalar', 'list', 'map']);
        return atomEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('Map', () => {
    fc.assert(
      fc.property(mapType, (x) => {
        if (!mapTypeEquals(x, x)) return false;
        const y = pick(x, ['elementType', 'elementRelationship', 'fields', 'unions']);
        return mapTypeEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('Union', () => {
    fc.assert(
      fc.property(unionArb(), (x) => {
        if (!unionEquals(x, x)) return false;
        const y = pick(x, ['discriminator', 'deduceInvalidDiscriminator', 'fields']);
        return unionEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('UnionField', () => {
    fc.assert(
      fc.property(unionFieldArb(), (x) => {
        if (!unionFieldEquals(x, x)) return false;
        const y = pick(x, ['discriminatorValue', 'fieldName']);
        return unionFieldEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('StructField', () => {
    fc.assert(
      fc.property(structField, (x) => {
        if (!structFieldEquals(x, x)) return false;
        const y = pick(x, ['name', 'type', 'default']);
        return structFieldEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  it('List', () => {
    fc.assert(
      fc.property(listType, (x) => {
        if (!listTypeEquals(x, x)) return false;
        const y = pick(x, ['elementType', 'elementRelationship', 'keys']);
        return listTypeEquals(x, y) === isDeepStrictEqual(x, y);
      }),
      params,
    );
  });

  // Not in Go: equality agrees with deep equality of structured clones, and every member counts.
  it('clones are equal', () => {
    fc.assert(
      fc.property(schema, (x) => x.equals(new Schema({ types: structuredClone(x.types) }))),
      params,
    );
  });

  it('each member counts', () => {
    const base: MapType = {
      fields: [{ name: 'f', type: { namedType: 't' }, default: { a: '1' } }],
      unions: [{ discriminator: 'd', deduceInvalidDiscriminator: true, fields: [{ fieldName: 'f', discriminatorValue: 'F' }] }],
      elementType: { list: { elementType: { scalar: 'string' }, elementRelationship: 'associative', keys: ['k'] } },
      elementRelationship: 'separable',
    };
    const mutations: ((m: MapType) => void)[] = [
      (m) => (m.fields![0]!.name = 'g'),
      (m) => (m.fields![0]!.type.namedType = 'u'),
      (m) => (m.fields![0]!.type.elementRelationship = 'atomic'),
      (m) => (m.fields![0]!.default = { a: '2' }),
      (m) => delete m.fields![0]!.default,
      (m) => (m.unions![0]!.discriminator = 'e'),
      (m) => (m.unions![0]!.deduceInvalidDiscriminator = false),
      (m) => (m.unions![0]!.fields![0]!.fieldName = 'g'),
      (m) => (m.unions![0]!.fields![0]!.discriminatorValue = 'G'),
      (m) => (m.elementType!.list!.elementType.scalar = 'numeric'),
      (m) => (m.elementType!.list!.elementRelationship = 'atomic'),
      (m) => (m.elementType!.list!.keys = ['k', 'l']),
      (m) => (m.elementRelationship = 'atomic'),
      (m) => delete m.elementType,
      (m) => (m.fields = []),
    ];
    expect(mapTypeEquals(base, structuredClone(base))).toBe(true);
    for (const mutate of mutations) {
      const m = structuredClone(base);
      mutate(m);
      expect(mapTypeEquals(base, m), mutate.toString()).toBe(false);
    }
  });

  it('zero values equal absent members', () => {
    expect(mapTypeEquals({}, { fields: [], unions: [], elementType: {} })).toBe(true);
    expect(listTypeEquals({ elementType: {} }, { elementType: {}, keys: [] })).toBe(true);
    expect(unionEquals({}, { deduceInvalidDiscriminator: false })).toBe(true);
    expect(structFieldEquals({ name: 'a', type: {} }, { name: 'a', type: {}, default: null })).toBe(true);
    // A named reference never equals an inlined one.
    expect(typeRefEquals({ namedType: 'a' }, { scalar: 'string' })).toBe(false);
  });
});
