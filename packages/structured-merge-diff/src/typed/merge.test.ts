// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/merge_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { equalValues, valueToString } from '../value/compare.ts';
import { newParser, type YAMLObject } from './parser.ts';
import { allowDuplicates } from './typed.ts';

interface MergeTriplet {
  lhs: YAMLObject;
  rhs: YAMLObject;
  out: YAMLObject;
}

interface MergeTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  triplets: MergeTriplet[];
}

const mergeCases: MergeTestCase[] = [{
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
  triplets: [{
    lhs: `{"key":"foo","value":{}}`,
    rhs: `{"key":"foo","value":1}`,
    out: `{"key":"foo","value":1}`,
  }, {
    lhs: `{"key":"foo","value":{}}`,
    rhs: `{"key":"foo","value":1}`,
    out: `{"key":"foo","value":1}`,
  }, {
    lhs: `{"key":"foo","value":1}`,
    rhs: `{"key":"foo","value":{}}`,
    out: `{"key":"foo","value":{}}`,
  }, {
    lhs: `{"key":"foo","value":null}`,
    rhs: `{"key":"foo","value":{}}`,
    out: `{"key":"foo","value":{}}`,
  }, {
    lhs: `{"key":"foo"}`,
    rhs: `{"value":true}`,
    out: `{"key":"foo","value":true}`,
  }],
}, {
  name: 'null/empty map',
  rootTypeName: 'nestedMap',
  schema: `types:
- name: nestedMap
  map:
    fields:
    - name: inner
      type:
        map:
          elementType:
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
  triplets: [{
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }],
}, {
  name: 'null/empty struct',
  rootTypeName: 'nestedStruct',
  schema: `types:
- name: nestedStruct
  map:
    fields:
    - name: inner
      type:
        map:
          fields:
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
  triplets: [{
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":{}}`,
    out: `{"inner":{}}`,
  }],
}, {
  name: 'null/empty list',
  rootTypeName: 'nestedList',
  schema: `types:
- name: nestedList
  map:
    fields:
    - name: inner
      type:
        list:
          elementType:
            namedType: __untyped_atomic_
          elementRelationship: atomic
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
  triplets: [{
    lhs: `{}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":null}`,
    out: `{"inner":null}`,
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":[]}`,
    out: `{"inner":[]}`,
  }],
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
  triplets: [{
    lhs: `{"numeric":1}`,
    rhs: `{"numeric":3.14159}`,
    out: `{"numeric":3.14159}`,
  }, {
    lhs: `{"numeric":3.14159}`,
    rhs: `{"numeric":1}`,
    out: `{"numeric":1}`,
  }, {
    lhs: `{"string":"aoeu"}`,
    rhs: `{"bool":true}`,
    out: `{"string":"aoeu","bool":true}`,
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":["a","b"]}`,
    out: `{"setStr":["a","b","c"]}`,
  }, {
    lhs: `{"setStr":["a","b"]}`,
    rhs: `{"setStr":["a","b","c"]}`,
    out: `{"setStr":["a","b","c"]}`,
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":[]}`,
    out: `{"setStr":["a","b","c"]}`,
  }, {
    lhs: `{"setStr":[]}`,
    rhs: `{"setStr":["a","b","c"]}`,
    out: `{"setStr":["a","b","c"]}`,
  }, {
    lhs: `{"setStr":["a","b"]}`,
    rhs: `{"setStr":["b","a"]}`,
    out: `{"setStr":["b","a"]}`,
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":["d","e","f"]}`,
    out: `{"setStr":["a","b","c","d","e","f"]}`,
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":["c","d","e","f"]}`,
    out: `{"setStr":["a","b","c","d","e","f"]}`,
  }, {
    lhs: `{"setStr":["a","b","c","g","f"]}`,
    rhs: `{"setStr":["c","d","e","f"]}`,
    out: `{"setStr":["a","b","c","g","d","e","f"]}`,
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":["d","e","f","x","y","z"]}`,
    out: `{"setStr":["a","b","c","d","e","f","x","y","z"]}`,
  }, {
    lhs: `{"setStr":["c","d","e","f"]}`,
    rhs: `{"setStr":["a","c","e"]}`,
    out: `{"setStr":["a","c","d","e","f"]}`,
  }, {
    lhs: `{"setStr":["a","b","c","x","y","z"]}`,
    rhs: `{"setStr":["d","e","f"]}`,
    out: `{"setStr":["a","b","c","x","y","z","d","e","f"]}`,
  }, {
    lhs: `{"setStr":["a","b","c","x","y","z"]}`,
    rhs: `{"setStr":["d","e","f","x","y","z"]}`,
    out: `{"setStr":["a","b","c","d","e","f","x","y","z"]}`,
  }, {
    lhs: `{"setStr":["c","a","g","f"]}`,
    rhs: `{"setStr":["c","f","a","g"]}`,
    out: `{"setStr":["c","f","a","g"]}`,
  }, {
    lhs: `{"setStr":["a","b","c","d"]}`,
    rhs: `{"setStr":["d","e","f","a"]}`,
    out: `{"setStr":["b","c","d","e","f","a"]}`,
  }, {
    lhs: `{"setStr":["c","d","e","f","g","h","i","j"]}`,
    rhs: `{"setStr":["2","h","3","e","4","k","l"]}`,
    out: `{"setStr":["c","d","f","g","2","h","i","j","3","e","4","k","l"]}`,
  }, {
    lhs: `{"setStr":["a","b","c","d","e","f","g","h","i","j"]}`,
    rhs: `{"setStr":["1","b","2","h","3","e","4","k","l"]}`,
    out: `{"setStr":["a","1","b","c","d","f","g","2","h","i","j","3","e","4","k","l"]}`,
  }, { // We have a duplicate in LHS
    lhs: `{"setStr":["a","b","b"]}`,
    rhs: `{"setStr":["c"]}`,
    out: `{"setStr":["a","b","b","c"]}`,
  }, { // We have a duplicate in LHS.
    lhs: `{"setStr":["a","b","b"]}`,
    rhs: `{"setStr":["b"]}`,
    out: `{"setStr":["a","b"]}`,
  }, { // We have a duplicate in LHS.
    lhs: `{"setStr":["a","b","b"]}`,
    rhs: `{"setStr":["a"]}`,
    out: `{"setStr":["a","b","b"]}`,
  }, { // We have a duplicate in LHS.
    lhs: `{"setStr":["a","b","c","d","e","c"]}`,
    rhs: `{"setStr":["1","b","2","e","d"]}`,
    out: `{"setStr":["a","1","b","c","2","e","c","d"]}`,
  }, { // We have a duplicate in LHS, also present in RHS, keep only one.
    lhs: `{"setStr":["a","b","c","d","e","c"]}`,
    rhs: `{"setStr":["1","b","2","c","e","d"]}`,
    out: `{"setStr":["a","1","b","2","c","e","d"]}`,
  }, { // We have 2 duplicates in LHS, one is replaced.
    lhs: `{"setStr":["a","a","b","b"]}`,
    rhs: `{"setStr":["b","c","d"]}`,
    out: `{"setStr":["a","a","b","c","d"]}`,
  }, { // We have 2 duplicates in LHS, and nothing on the right
    lhs: `{"setStr":["a","a","b","b"]}`,
    rhs: `{"setStr":[]}`,
    out: `{"setStr":["a","a","b","b"]}`,
  }, {
    lhs: `{"setBool":[true]}`,
    rhs: `{"setBool":[false]}`,
    out: `{"setBool":[true, false]}`,
  }, {
    lhs: `{"setNumeric":[1,2,3.14159]}`,
    rhs: `{"setNumeric":[1,2,3]}`,
    out: `{"setNumeric":[1,2,3.14159,3]}`,
  }, {
    lhs: `{"setStr":["c","a","g","f","c","a"]}`,
    rhs: `{"setStr":["c","f","a","g"]}`,
    out: `{"setStr":["c","f","a","g"]}`,
  }, {
    lhs: `{"setNumeric":[1,2,3.14159,1,2]}`,
    rhs: `{"setNumeric":[1,2,3]}`,
    out: `{"setNumeric":[1,2,3.14159,3]}`,
  }, {
    lhs: `{"setBool":[true,false,true]}`,
    rhs: `{"setBool":[false]}`,
    out: `{"setBool":[true,false,true]}`,
  }, {
    lhs: `{"setBool":[true,false,true]}`,
    rhs: `{"setBool":[true]}`,
    out: `{"setBool":[true, false]}`,
  },
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
  triplets: [{
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    out: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}`,
    out: `{"list":[{"key":"a","id":1,"value":{"a":"a"}},{"key":"a","id":2,"value":{"a":"a"}}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"a","id":2}]}`,
    out: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":2}]}`,
  }, {
    lhs: `{"list":[{"key":"b","id":2}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}`,
    out: `{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}`,
    rhs: `{"list":[{"key":"c","id":3},{"key":"b","id":2}]}`,
    out: `{"list":[{"key":"a","id":1},{"key":"c","id":3},{"key":"b","id":2}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}`,
    rhs: `{"list":[{"key":"c","id":3},{"key":"a","id":1}]}`,
    out: `{"list":[{"key":"b","id":2},{"key":"c","id":3},{"key":"a","id":1}]}`,
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":null}`,
    out: `{"atomicList":null}`,
  }, {
    lhs: `{"atomicList":["a","b","c"]}`,
    rhs: `{"atomicList":[]}`,
    out: `{"atomicList":[]}`,
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":["a","a"]}`,
    out: `{"atomicList":["a","a"]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"bv":true},{"key":"b","id":2},{"key":"a","id":1,"bv":false,"nv":2}]}`,
    rhs: `{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}`,
    out: `{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}`,
    rhs: `{"list":[]}`,
    out: `{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}`,
  }, {
    lhs: `{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}`,
    rhs: `{}`,
    out: `{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}`,
  }],
}];


describe('TestMerge', () => {
  for (const tt of mergeCases) {
    describe(tt.name, () => {
      const parser = newParser(tt.schema);
      tt.triplets.forEach((triplet, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          const pt = parser.type(tt.rootTypeName);
          // Former object can have duplicates in sets.
          const lhs = pt.fromYAML(triplet.lhs, allowDuplicates);
          const rhs = pt.fromYAML(triplet.rhs);
          const out = pt.fromYAML(triplet.out, allowDuplicates);
          const got = lhs.merge(rhs);
          expect(
            equalValues(got.asValue(), out.asValue()),
            `Expected\n${valueToString(out.asValue())}\nbut got\n${valueToString(got.asValue())}`,
          ).toBe(true);
        });
      });
    });
  }
});
