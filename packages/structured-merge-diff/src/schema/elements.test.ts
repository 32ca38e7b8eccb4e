// Behaviour of sigs.k8s.io/structured-merge-diff/v4/schema/elements_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { findField, Schema, type Atom, type StructField, type TypeDef, type TypeRef } from './elements.ts';
import { atomEquals, typeDefEquals } from './equals.ts';

// Only the atom members, so a resolved TypeDef (which carries its name) compares as an Atom.
function atomOnly(a: Atom | undefined): Atom | undefined {
  if (a === undefined) return undefined;
  return { scalar: a.scalar, list: a.list, map: a.map } as Atom;
}

describe('TestFindNamedType', () => {
  const cases: { testName: string; defs: TypeDef[]; namedType: string; expectTypeDef: TypeDef | undefined }[] = [
    { testName: 'existing', defs: [{ name: 'a' }, { name: 'b' }], namedType: 'a', expectTypeDef: { name: 'a' } },
    { testName: 'notExisting', defs: [{ name: 'a' }, { name: 'b' }], namedType: 'c', expectTypeDef: undefined },
  ];
  for (const tt of cases) {
    it(tt.testName, () => {
      const s = new Schema({ types: tt.defs });
      const td = s.findNamedType(tt.namedType);
      expect(typeDefEquals(td, tt.expectTypeDef)).toBe(true);
      expect(td !== undefined).toBe(tt.expectTypeDef !== undefined);
    });
  }
});

describe('TestFindField', () => {
  const defs: StructField[] = [
    { name: 'a', type: { namedType: 'a' } },
    { name: 'b', type: { namedType: 'b' } },
  ];
  const cases: { testName: string; fieldName: string; expect: StructField | undefined }[] = [
    { testName: 'existing', fieldName: 'a', expect: { name: 'a', type: { namedType: 'a' } } },
    { testName: 'notExisting', fieldName: 'c', expect: undefined },
  ];
  for (const tt of cases) {
    it(tt.testName, () => {
      const m = { fields: defs };
      expect(findField(m, tt.fieldName)).toEqual(tt.expect);
      // The Schema method answers the same, from the same (lazily built) index.
      expect(new Schema().findField(m, tt.fieldName)).toBe(findField(m, tt.fieldName));
    });
  }

  it('later duplicate wins, as Go builds its index', () => {
    const m = { fields: [...defs, { name: 'a', type: { scalar: 'string' as const } }] };
    expect(findField(m, 'a')?.type).toEqual({ scalar: 'string' });
  });
});

describe('TestResolve', () => {
  const a: Atom = { list: { elementType: {} } };
  const b: Atom = { scalar: 'numeric' };
  const cases: {
    testName: string;
    schemaTypeDefs: TypeDef[];
    typeRef: TypeRef;
    expectAtom: Atom | undefined;
  }[] = [
    { testName: 'noNamedType', schemaTypeDefs: [], typeRef: { ...a }, expectAtom: a },
    { testName: 'notExistingNamedType', schemaTypeDefs: [], typeRef: { namedType: 'not-existing' }, expectAtom: undefined },
    {
      testName: 'existingNamedType',
      schemaTypeDefs: [{ name: 'existing', ...a }],
      typeRef: { namedType: 'existing' },
      expectAtom: a,
    },
    {
      testName: 'invalidRelationshipOnScalarType',
      schemaTypeDefs: [{ name: 'existing', ...b }],
      typeRef: { namedType: 'existing', elementRelationship: 'separable' },
      expectAtom: undefined,
    },
    {
      testName: 'mapElementRelationshipNamed',
      schemaTypeDefs: [{ name: 'existing', map: {} }],
      typeRef: { namedType: 'existing', elementRelationship: 'atomic' },
      expectAtom: { map: { elementRelationship: 'atomic' } },
    },
    {
      testName: 'mapElementRelationshipInlined',
      schemaTypeDefs: [],
      typeRef: { map: {}, elementRelationship: 'atomic' },
      expectAtom: { map: { elementRelationship: 'atomic' } },
    },
    {
      testName: 'listElementRelationshipInlined',
      schemaTypeDefs: [],
      typeRef: { list: { elementType: {} }, elementRelationship: 'atomic' },
      expectAtom: { list: { elementType: {}, elementRelationship: 'atomic' } },
    },
  ];
  for (const tt of cases) {
    it(tt.testName, () => {
      const s = new Schema({ types: tt.schemaTypeDefs });
      const atom = s.resolve(tt.typeRef);
      expect(atomOnly(atom)).toEqual(atomOnly(tt.expectAtom));
      expect(atomEquals(atom, tt.expectAtom)).toBe(true);
      // A second resolution answers the same (from the cache for overrides).
      expect(s.resolve(tt.typeRef)).toBe(atom);
    });
  }

  it('override does not touch the referred type', () => {
    const m = { fields: [{ name: 'f', type: { scalar: 'string' as const } }] };
    const s = new Schema({ types: [{ name: 't', map: m }] });
    const atom = s.resolve({ namedType: 't', elementRelationship: 'atomic' });
    expect(atom?.map?.elementRelationship).toBe('atomic');
    expect(m).not.toHaveProperty('elementRelationship');
    expect(atom?.map === undefined ? undefined : findField(atom.map, 'f')).toBe(m.fields[0]);
  });
});

describe('TestCopyInto', () => {
  const a: Atom = { list: { elementType: {} } };
  const cases: { testName: string; schemaTypeDefs: TypeDef[]; typeRef: TypeRef }[] = [
    { testName: 'noNamedType', schemaTypeDefs: [], typeRef: { ...a } },
    { testName: 'notExistingNamedType', schemaTypeDefs: [], typeRef: { namedType: 'not-existing' } },
    { testName: 'existingNamedType', schemaTypeDefs: [{ name: 'existing', ...a }], typeRef: { namedType: 'existing' } },
  ];
  for (const tt of cases) {
    it(tt.testName, () => {
      const s = new Schema({ types: tt.schemaTypeDefs });
      let theCopy = new Schema();
      s.copyInto(theCopy);
      expect(theCopy.types).toBe(s.types);
      expect(theCopy.equals(s)).toBe(true);

      // test after resolve
      const resolved = s.resolve(tt.typeRef);
      theCopy = new Schema();
      s.copyInto(theCopy);
      expect(theCopy.types).toBe(s.types);
      expect(atomEquals(theCopy.resolve(tt.typeRef), resolved)).toBe(true);
    });
  }
});
