// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/toset_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import type { Path, PathElement } from '../fieldpath/element.ts';
import { keyByFields } from '../fieldpath/element.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { newParser, type YAMLObject } from './parser.ts';
import { allowDuplicates } from './typed.ts';

// Short names for readable test cases, as upstream.
const _NS = (...paths: Path[]): FieldSet => FieldSet.of(...paths);
const _P = makePathOrDie;
const _KBF = keyByFields;
const _V = (v: unknown): PathElement => ({ value: v });

interface ObjSetPair {
  object: YAMLObject;
  set: FieldSet;
}

interface FieldsetTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  pairs: ObjSetPair[];
}

const fieldsetCases: FieldsetTestCase[] = [{
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
  pairs: [
    {object: `{"key":"foo","value":1}`, set: _NS(_P('key'), _P('value'))},
    {object: `{"key":"foo","value":{"a": "b"}}`, set: _NS(_P('key'), _P('value'))},
    {object: `{"key":"foo","value":null}`, set: _NS(_P('key'), _P('value'))},
    {object: `{"key":"foo"}`, set: _NS(_P('key'))},
    {object: `{"key":"foo","value":true}`, set: _NS(_P('key'), _P('value'))},
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
    - name: color
      type:
        map:
          fields:
          - name: R
            type:
              scalar: numeric
          - name: G
            type:
              scalar: numeric
          - name: B
            type:
              scalar: numeric
          elementRelationship: atomic
    - name: arbitraryWavelengthColor
      type:
        map:
          elementType:
            scalar: numeric
          elementRelationship: atomic
    - name: args
      type:
        list:
          elementType:
            map:
              fields:
              - name: key
                type:
                  scalar: string
              - name: value
                type:
                  scalar: string
          elementRelationship: atomic
`,
  pairs: [
    {object: `{"numeric":1}`, set: _NS(_P('numeric'))},
    {object: `{"numeric":3.14159}`, set: _NS(_P('numeric'))},
    {object: `{"string":"aoeu"}`, set: _NS(_P('string'))},
    {object: `{"bool":true}`, set: _NS(_P('bool'))},
    {object: `{"bool":false}`, set: _NS(_P('bool'))},
    {object: `{"setStr":["a","b","c"]}`, set: _NS(
      _P('setStr', _V('a')),
      _P('setStr', _V('b')),
      _P('setStr', _V('c')),
    )},
    {object: `{"setStr":["a","b","c","a","b","c","c"]}`, set: _NS(
      _P('setStr', _V('a')),
      _P('setStr', _V('b')),
      _P('setStr', _V('c')),
    )},
    {object: `{"setBool":[true,false,true]}`, set: _NS(
      _P('setBool', _V(true)),
      _P('setBool', _V(false)),
    )},
    {object: `{"setNumeric":[1,2,3,3.14159]}`, set: _NS(
      _P('setNumeric', _V(1)),
      _P('setNumeric', _V(2)),
      _P('setNumeric', _V(3)),
      _P('setNumeric', _V(3.14159)),
    )},
    {object: `{"color":{}}`, set: _NS(_P('color'))},
    {object: `{"color":null}`, set: _NS(_P('color'))},
    {object: `{"color":{"R":255,"G":0,"B":0}}`, set: _NS(_P('color'))},
    {object: `{"arbitraryWavelengthColor":{}}`, set: _NS(_P('arbitraryWavelengthColor'))},
    {object: `{"arbitraryWavelengthColor":null}`, set: _NS(_P('arbitraryWavelengthColor'))},
    {object: `{"arbitraryWavelengthColor":{"IR":255}}`, set: _NS(_P('arbitraryWavelengthColor'))},
    {object: `{"args":[]}`, set: _NS(_P('args'))},
    {object: `{"args":null}`, set: _NS(_P('args'))},
    {object: `{"args":[null]}`, set: _NS(_P('args'))},
    {object: `{"args":[{"key":"a","value":"b"},{"key":"c","value":"d"}]}`, set: _NS(_P('args'))},
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
  pairs: [
    {object: `{"list":[]}`, set: _NS()},
    {object: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`, set: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 1), 'value', 'a'),
    )},
    {object: `{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}`, set: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 2)),
      _P('list', _KBF('key', 'b', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 2), 'key'),
      _P('list', _KBF('key', 'a', 'id', 2), 'id'),
      _P('list', _KBF('key', 'b', 'id', 1), 'key'),
      _P('list', _KBF('key', 'b', 'id', 1), 'id'),
    )},
    {object: `{"list":[{"key":"a","id":1,"nv":2},{"key":"a","id":2,"nv":3},{"key":"b","id":1},{"key":"a","id":2,"bv":true}]}`, set: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 1), 'nv'),
      _P('list', _KBF('key', 'a', 'id', 2)),
      _P('list', _KBF('key', 'b', 'id', 1)),
      _P('list', _KBF('key', 'b', 'id', 1), 'key'),
      _P('list', _KBF('key', 'b', 'id', 1), 'id'),
    )},
    {object: `{"atomicList":["a","a","a"]}`, set: _NS(_P('atomicList'))},
  ],
}];


describe('TestToFieldSet', () => {
  for (const tt of fieldsetCases) {
    describe(tt.name, () => {
      const parser = newParser(tt.schema);
      tt.pairs.forEach((v, i) => {
        it(`${tt.name}-${i}`, () => {
          const tv = parser.type(tt.rootTypeName).fromYAML(v.object, allowDuplicates);
          const fs = tv.toFieldSet();
          expect(fs.equals(v.set), `wanted\n${v.set.toString()}\ngot\n${fs.toString()}`).toBe(true);
        });
      });
    });
  }
});
