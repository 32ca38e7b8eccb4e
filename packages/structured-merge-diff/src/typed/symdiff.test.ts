// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/symdiff_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import type { Path, PathElement } from '../fieldpath/element.ts';
import { keyByFields } from '../fieldpath/element.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { newParser, type ParseableType, type YAMLObject } from './parser.ts';
import { allowDuplicates, type ValidationOption } from './typed.ts';

// Short names for readable test cases, as upstream.
const _NS = (...paths: Path[]): FieldSet => FieldSet.of(...paths);
const _P = makePathOrDie;
const _KBF = keyByFields;
const _V = (v: unknown): PathElement => ({ value: v });

/**
 * Everything is tested both ways: removed and added are symmetric, so a case covering one of
 * them covers both.
 */
interface SymdiffQuint {
  lhs: YAMLObject;
  rhs: YAMLObject;
  removed: FieldSet;
  modified: FieldSet;
  added: FieldSet;
}

interface SymdiffTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  quints: SymdiffQuint[];
}

const symdiffCases: SymdiffTestCase[] = [{
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
  quints: [{
    lhs: `{"key":"foo","value":1}`,
    rhs: `{"key":"foo","value":1}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"key":"foo","value":{}}`,
    rhs: `{"key":"foo","value":1}`,
    removed: _NS(),
    modified: _NS(_P('value')),
    added: _NS(),
  }, {
    lhs: `{"key":"foo","value":1}`,
    rhs: `{"key":"foo","value":{}}`,
    removed: _NS(),
    modified: _NS(_P('value')),
    added: _NS(),
  }, {
    lhs: `{"key":"foo","value":1}`,
    rhs: `{"key":"foo","value":{"doesn't matter":"what's here","or":{"how":"nested"}}}`,
    removed: _NS(),
    modified: _NS(_P('value')),
    added: _NS(),
  }, {
    lhs: `{"key":"foo","value":null}`,
    rhs: `{"key":"foo","value":{}}`,
    removed: _NS(),
    modified: _NS(_P('value')),
    added: _NS(),
  }, {
    lhs: `{"key":"foo"}`,
    rhs: `{"value":true}`,
    removed: _NS(_P('key')),
    modified: _NS(),
    added: _NS(_P('value')),
  }, {
    lhs: `{"key":"foot"}`,
    rhs: `{"key":"foo","value":true}`,
    removed: _NS(),
    modified: _NS(_P('key')),
    added: _NS(_P('value')),
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
  quints: [{
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
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
`,
  quints: [{
    lhs: `{}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":{}}`,
    rhs: `{"inner":{}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
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
  quints: [{
    lhs: `{}`,
    rhs: `{"inner":[]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('inner')),
  }, {
    lhs: `{"inner":null}`,
    rhs: `{"inner":[]}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":null}`,
    removed: _NS(),
    modified: _NS(_P('inner')),
    added: _NS(),
  }, {
    lhs: `{"inner":[]}`,
    rhs: `{"inner":[]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
  }],
}, {
  name: 'map merge',
  rootTypeName: 'nestedMap',
  schema: `types:
- name: nestedMap
  map:
    elementType:
      namedType: nestedMap
`,
  quints: [{
    lhs: `{"a":{},"b":{}}`,
    rhs: `{"a":{},"b":{}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":{}}`,
    rhs: `{"b":{}}`,
    removed: _NS(_P('a')),
    modified: _NS(),
    added: _NS(_P('b')),
  }, {
    lhs: `{"a":{"b":{"c":{}}}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(_P('a', 'b', 'c')),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":{}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }],
}, {
  name: 'untyped deduced',
  rootTypeName: '__untyped_deduced_',
  schema: `types:
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
`,
  quints: [{
    lhs: `{"a":{}}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":{}}}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":null}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":[]}`,
    rhs: `{"a":["b"]}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":["b"]}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":["b"]}`,
    rhs: `{"a":[]}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":["b"]}`,
    rhs: `{"a":null}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":"b"}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":null}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":["b"]}}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":["b"]}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":"b"}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":["b"]}}`,
    rhs: `{"a":"b"}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":["b"]}}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }],
}, {
  name: 'untyped separable',
  rootTypeName: '__untyped_separable_',
  schema: `types:
- name: __untyped_separable_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_separable_
    elementRelationship: associative
  map:
    elementType:
      namedType: __untyped_separable_
    elementRelationship: separable
`,
  quints: [{
    lhs: `{"a":{}}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":{}}}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":null}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":[]}`,
    rhs: `{"a":["b"]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('a', _V('b'))),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":["b"]}`,
    removed: _NS(),
    // TODO: result should be the same as the previous case
    // nothing shoule be modified here.
    modified: _NS(_P('a')),
    added: _NS(_P('a', _V('b'))),
  }, {
    lhs: `{"a":["b"]}`,
    rhs: `{"a":[]}`,
    removed: _NS(_P('a', _V('b'))),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"a":["b"]}`,
    rhs: `{"a":null}`,
    removed: _NS(_P('a', _V('b'))),
    // TODO: result should be the same as the previous case
    // nothing shoule be modified here.
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":null}`,
    rhs: `{"a":"b"}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":null}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":["b"]}}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(),
    added: _NS(_P('a', _V('b'))),
  }, {
    lhs: `{"a":["b"]}}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(_P('a', _V('b'))),
    modified: _NS(),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":{"b":{}}}`,
    rhs: `{"a":"b"}`,
    removed: _NS(_P('a', 'b')),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":{"b":{}}}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(_P('a', 'b')),
  }, {
    lhs: `{"a":["b"]}}`,
    rhs: `{"a":"b"}`,
    removed: _NS(_P('a', _V('b'))),
    modified: _NS(_P('a')),
    added: _NS(),
  }, {
    lhs: `{"a":"b"}`,
    rhs: `{"a":["b"]}}`,
    removed: _NS(),
    modified: _NS(_P('a')),
    added: _NS(_P('a', _V('b'))),
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
  quints: [{
    lhs: `{"numeric":1}`,
    rhs: `{"numeric":3.14159}`,
    removed: _NS(),
    modified: _NS(_P('numeric')),
    added: _NS(),
  }, {
    lhs: `{"numeric":3.14159}`,
    rhs: `{"numeric":1}`,
    removed: _NS(),
    modified: _NS(_P('numeric')),
    added: _NS(),
  }, {
    lhs: `{"string":"aoeu"}`,
    rhs: `{"bool":true}`,
    removed: _NS(_P('string')),
    modified: _NS(),
    added: _NS(_P('bool')),
  }, {
    lhs: `{"setStr":["a","b"]}`,
    rhs: `{"setStr":["a","b","c"]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('setStr', _V('c'))),
  }, {
    lhs: `{"setStr":["a"]}`,
    rhs: `{"setStr":["a","b","b"]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('setStr', _V('b'))),
  }, {
    lhs: `{"setStr":["a","b"]}`,
    rhs: `{"setStr":["a","b","b"]}`,
    removed: _NS(_P('setStr', _V('b'))),
    modified: _NS(),
    added: _NS(_P('setStr', _V('b'))),
  }, {
    lhs: `{"setStr":["b","b"]}`,
    rhs: `{"setStr":["a","b","b"]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('setStr', _V('a'))),
  }, {
    lhs: `{"setStr":["a","b","c"]}`,
    rhs: `{"setStr":[]}`,
    removed: _NS(
      _P('setStr', _V('a')),
      _P('setStr', _V('b')),
      _P('setStr', _V('c')),
    ),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"setBool":[true]}`,
    rhs: `{"setBool":[false]}`,
    removed: _NS(_P('setBool', _V(true))),
    modified: _NS(),
    added: _NS(_P('setBool', _V(false))),
  }, {
    lhs: `{"setNumeric":[1,2,3.14159]}`,
    rhs: `{"setNumeric":[1,2,3]}`,
    removed: _NS(_P('setNumeric', _V(3.14159))),
    modified: _NS(),
    added: _NS(_P('setNumeric', _V(3))),
  }, {
    lhs: `{"setStr":["a","b","b","c","a"]}`,
    rhs: `{"setStr":[]}`,
    removed: _NS(
      _P('setStr', _V('a')),
      _P('setStr', _V('b')),
      _P('setStr', _V('c')),
    ),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"setBool":[true,true]}`,
    rhs: `{"setBool":[false]}`,
    removed: _NS(_P('setBool', _V(true))),
    modified: _NS(),
    added: _NS(_P('setBool', _V(false))),
  }, {
    lhs: `{"setNumeric":[1,2,2,3.14159,1]}`,
    rhs: `{"setNumeric":[1,2,3]}`,
    removed: _NS(_P('setNumeric', _V(1)), _P('setNumeric', _V(2)), _P('setNumeric', _V(3.14159))),
    modified: _NS(),
    added: _NS(_P('setNumeric', _V(1)), _P('setNumeric', _V(2)), _P('setNumeric', _V(3))),
  }],
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
  quints: [{
    lhs: `{}`,
    rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(
      _P('list'),
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 1), 'value'),
      _P('list', _KBF('key', 'a', 'id', 1), 'value', 'a'),
    ),
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":1,"value":{"a":"b"}}]}`,
    removed: _NS(),
    modified: _NS(_P('list', _KBF('key', 'a', 'id', 1), 'value', 'a')),
    added: _NS(),
  }, {
    lhs: `{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}`,
    rhs: `{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}`,
    removed: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 1), 'value'),
      _P('list', _KBF('key', 'a', 'id', 1), 'value', 'a'),
    ),
    modified: _NS(),
    added: _NS(
      _P('list', _KBF('key', 'a', 'id', 2)),
      _P('list', _KBF('key', 'a', 'id', 2), 'key'),
      _P('list', _KBF('key', 'a', 'id', 2), 'id'),
      _P('list', _KBF('key', 'a', 'id', 2), 'value'),
      _P('list', _KBF('key', 'a', 'id', 2), 'value', 'a'),
    ),
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"a","id":2}]}`,
    removed: _NS(
      _P('list', _KBF('key', 'b', 'id', 1)),
      _P('list', _KBF('key', 'b', 'id', 1), 'key'),
      _P('list', _KBF('key', 'b', 'id', 1), 'id'),
    ),
    modified: _NS(),
    added: _NS(
      _P('list', _KBF('key', 'a', 'id', 2)),
      _P('list', _KBF('key', 'a', 'id', 2), 'key'),
      _P('list', _KBF('key', 'a', 'id', 2), 'id'),
    ),
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":null}`,
    removed: _NS(),
    modified: _NS(_P('atomicList')),
    added: _NS(),
  }, {
    lhs: `{"atomicList":["a","b","c"]}`,
    rhs: `{"atomicList":[]}`,
    removed: _NS(),
    modified: _NS(_P('atomicList')),
    added: _NS(),
  }, {
    lhs: `{"atomicList":["a","a","a"]}`,
    rhs: `{"atomicList":["a","a"]}`,
    removed: _NS(),
    modified: _NS(_P('atomicList')),
    added: _NS(),
  }, {
    lhs: `{"list":[{"key":"a","id":1,"nv":2},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"a","id":2}]}`,
    removed: _NS(
      _P('list', _KBF('key', 'b', 'id', 1)),
      _P('list', _KBF('key', 'b', 'id', 1), 'key'),
      _P('list', _KBF('key', 'b', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 1)),
    ),
    modified: _NS(),
    added: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
      _P('list', _KBF('key', 'a', 'id', 2)),
      _P('list', _KBF('key', 'a', 'id', 2), 'key'),
      _P('list', _KBF('key', 'a', 'id', 2), 'id'),
    ),
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true,"nv":1}]}`,
    removed: _NS(),
    modified: _NS(_P('list', _KBF('key', 'a', 'id', 1))),
    added: _NS(),
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(),
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1,"bv":true},{"key":"a","id":1,"bv":true}]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('list', _KBF('key', 'b', 'id', 1), 'bv')),
  }, {
    lhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}]}`,
    rhs: `{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":1,"bv":true}],"atomicList":["unrelated"]}`,
    removed: _NS(),
    modified: _NS(),
    added: _NS(_P('atomicList')),
  }],
}];


/** Compares lhs to rhs and back (Go's symdiff check, shared with the deduced tests). */
function checkSymdiff(pt: ParseableType, quint: SymdiffQuint, ...opts: ValidationOption[]): void {
  const tvLHS = pt.fromYAML(quint.lhs, ...opts);
  const tvRHS = pt.fromYAML(quint.rhs, ...opts);
  const got = tvLHS.compare(tvRHS);
  expect(got.added.equals(quint.added), `Expected added:\n${quint.added.toString()}\ngot:\n${got.added.toString()}`).toBe(true);
  expect(
    got.modified.equals(quint.modified),
    `Expected modified:\n${quint.modified.toString()}\ngot:\n${got.modified.toString()}`,
  ).toBe(true);
  expect(
    got.removed.equals(quint.removed),
    `Expected removed:\n${quint.removed.toString()}\ngot:\n${got.removed.toString()}`,
  ).toBe(true);

  // Do the reverse operation and sanity check.
  const gotR = tvRHS.compare(tvLHS);
  expect(gotR.modified.equals(got.modified), `reverse operation gave different modified list:\n${gotR.modified.toString()}`).toBe(true);
  expect(gotR.removed.equals(got.added), `reverse removed gave different result than added:\n${gotR.removed.toString()}`).toBe(true);
  expect(gotR.added.equals(got.removed), `reverse added gave different result than removed:\n${gotR.added.toString()}`).toBe(true);
}

describe('TestSymdiff', () => {
  for (const tt of symdiffCases) {
    describe(tt.name, () => {
      const parser = newParser(tt.schema);
      tt.quints.forEach((quint, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          checkSymdiff(parser.type(tt.rootTypeName), quint, allowDuplicates);
        });
      });
    });
  }
});
