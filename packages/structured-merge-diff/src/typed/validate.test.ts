// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/validate_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { schemaSchemaYAML } from '../schema/schemaschema.ts';
import { newParser, type YAMLObject } from './parser.ts';
import { allowDuplicates } from './typed.ts';

interface ValidationTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  validObjects: YAMLObject[];
  invalidObjects: YAMLObject[];
  /** Valid with allowDuplicates, invalid otherwise. */
  duplicatesObjects?: YAMLObject[];
}

const validationCases: ValidationTestCase[] = [{
  name: 'simple pair',
  rootTypeName: 'stringPair',
  schema: `types:
- name: stringPair
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: value
      type:
        namedType: __untyped_atomic_
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
`,
  validObjects: [
    `{"key":"foo","value":1}`,
    `{"key":"foo","value":{}}`,
    `{"key":"foo","value":null}`,
    `{"key":"foo"}`,
    `{"key":"foo","value":true}`,
    `{"key":null}`,
  ],
  invalidObjects: [
    `{"key":true,"value":1}`,
    `{"key":1,"value":{}}`,
    `{"key":false,"value":null}`,
    `{"key":[1, 2]}`,
    `{"key":{"foo":true}}`,
  ],
}, {
  name: 'struct grab bag',
  rootTypeName: 'myStruct',
  schema: `types:
- name: myStruct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    - name: bool
      type:
        scalar: boolean
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
`,
  validObjects: [
    `{"numeric":null}`,
    `{"numeric":1}`,
    `{"numeric":3.14159}`,
    `{"string":null}`,
    `{"string":"aoeu"}`,
    `{"bool":null}`,
    `{"bool":true}`,
    `{"bool":false}`,
    `{"setStr":["a","b","c"]}`,
    `{"setBool":[true,false]}`,
    `{"setNumeric":[1,2,3,3.14159]}`,
  ],
  invalidObjects: [
    `{"numeric":["foo"]}`,
    `{"numeric":{"a":1}}`,
    `{"numeric":"foo"}`,
    `{"numeric":true}`,
    `{"string":1}`,
    `{"string":3.5}`,
    `{"string":true}`,
    `{"string":{"a":1}}`,
    `{"string":["foo"]}`,
    `{"bool":1}`,
    `{"bool":3.5}`,
    `{"bool":"aoeu"}`,
    `{"bool":{"a":1}}`,
    `{"bool":["foo"]}`,
    `{"setStr":[1]}`,
    `{"setStr":[true]}`,
    `{"setStr":[1.5]}`,
    `{"setStr":[null]}`,
    `{"setStr":[{}]}`,
    `{"setStr":[[]]}`,
    `{"setBool":[1]}`,
    `{"setBool":[1.5]}`,
    `{"setBool":[null]}`,
    `{"setBool":[{}]}`,
    `{"setBool":[[]]}`,
    `{"setBool":["a"]}`,
    `{"setNumeric":[null]}`,
    `{"setNumeric":[true]}`,
    `{"setNumeric":["a"]}`,
    `{"setNumeric":[[]]}`,
    `{"setNumeric":[{}]}`,
  ], duplicatesObjects: [
    `{"setStr":["a","a"]}`,
    `{"setBool":[true,false,true]}`,
    `{"setNumeric":[1,2,3,3.14159,1]}`,
  ],
}, {
  name: 'associative list',
  rootTypeName: 'myRoot',
  schema: `types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: mySequence
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myElement
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: id
      type:
        scalar: numeric
    - name: value
      type:
        namedType: myValue
    - name: bv
      type:
        scalar: boolean
    - name: nv
      type:
        scalar: numeric
- name: myValue
  map:
    elementType:
      scalar: string
`,
  validObjects: [
    `{"list":[]}`,
    `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    `{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}`,
    `{"atomicList":["a","a","a"]}`,
  ],
  invalidObjects: [
    `{"key":true,"value":1}`,
    `{"list":{"key":true,"value":1}}`,
    `{"list":true}`,
    `true`,
    `{"list":[{"key":true,"value":1}]}`,
    `{"list":[{"key":[],"value":1}]}`,
    `{"list":[{"key":{},"value":1}]}`,
    `{"list":[{"key":1.5,"value":1}]}`,
    `{"list":[{"key":1,"value":1}]}`,
    `{"list":[{"key":null,"value":1}]}`,
    `{"list":[{},{}]}`,
    `{"list":[{},null]}`,
    `{"list":[[]]}`,
    `{"list":[null]}`,
    `{"list":[{}]}`,
    `{"list":[{"value":{"a":"a"},"bv":true,"nv":3.14}]}`,
    `{"list":[{"key":"a","id":1,"value":{"a":1}}]}`,
    `{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":"true","nv":3.14}]}`,
    `{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":true,"nv":false}]}`,
  ], duplicatesObjects: [
    `{"list":[{"key":"a","id":1},{"key":"a","id":1}]}`,
  ],
}];


function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('TestSchemaValidation', () => {
  for (const tt of validationCases) {
    describe(tt.name, () => {
      const pt = newParser(tt.schema).type(tt.rootTypeName);
      tt.validObjects.forEach((v, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          expect(() => pt.fromYAML(v)).not.toThrow();
        });
      });
      tt.invalidObjects.forEach((iv, i) => {
        it(`${tt.name}-invalid-${i}`, () => {
          const err = errorOf(() => pt.fromYAML(iv));
          // Error should be useful.
          expect(err.message).not.toContain('invalid atom');
        });
      });
      (tt.duplicatesObjects ?? []).forEach((iv, i) => {
        it(`${tt.name}-duplicates-${i}`, () => {
          const err = errorOf(() => pt.fromYAML(iv));
          expect(err.message).not.toContain('invalid atom');
          expect(() => pt.fromYAML(iv, allowDuplicates)).not.toThrow();
        });
      });
    });
  }
});

describe('TestSchemaSchema', () => {
  it('validates itself', () => {
    // Verify that the schema schema validates itself.
    expect(() => newParser(schemaSchemaYAML)).not.toThrow();
  });
});

describe('deduced types (the fast path for plain JSON)', () => {
  const pt = newParser(`types:
- name: entry
  map:
    fields:
    - name: fields
      type:
        namedType: __untyped_deduced_
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`).type('entry');

  it('accepts any plain JSON value', () => {
    expect(() => pt.fromUnstructured({ fields: { 'f:a': { '.': {}, 'k:{"x":1}': { 'f:b': {} } }, l: [1, 'a', null, [{}], { x: [true] }] } })).not.toThrow();
  });

  it('reports what is not JSON as the full walk does, with its path', () => {
    expect(errorOf(() => pt.fromUnstructured({ fields: { 'f:a': { 'f:b': undefined } } })).message).toBe('.fields.f:a.f:b: expected map, got nil');
    expect(errorOf(() => pt.fromUnstructured({ fields: { l: [1, () => 0] } })).message).toContain('.fields.l[1]: expected map, got');
  });
});
