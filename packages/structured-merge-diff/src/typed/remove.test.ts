// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/remove_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import type { Path, PathElement } from '../fieldpath/element.ts';
import { keyByFields } from '../fieldpath/element.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { equalValues, valueToString } from '../value/compare.ts';
import { newParser, type YAMLObject } from './parser.ts';
import { withAppendKeyFields } from './typed.ts';

// Short names for readable test cases, as upstream.
const _NS = (...paths: Path[]): FieldSet => FieldSet.of(...paths);
const _P = makePathOrDie;
const _KBF = keyByFields;
const _V = (v: unknown): PathElement => ({ value: v });

interface RemoveQuadruplet {
  object: YAMLObject;
  set: FieldSet;
  /** 'unparseable' skips the check. */
  removeOutput: YAMLObject;
  /** 'unparseable' skips the check. */
  extractOutput: YAMLObject;
}

interface RemoveTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  quadruplets: RemoveQuadruplet[];
}

interface ReversibleExtractPair {
  object: YAMLObject;
  pso: YAMLObject;
}

interface ReversibleExtractTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  pairs: ReversibleExtractPair[];
}

interface ExtractTriplet {
  object: YAMLObject;
  set: FieldSet;
  /** YAML of the expected output, or the expected value itself. */
  wantOutput: unknown;
}

interface ExtractWithKeysTestCase {
  name: string;
  rootTypeName: string;
  schema: YAMLObject;
  triplets: ExtractTriplet[];
}

const simplePairSchema = `types:
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
`;

const structGrabBagSchema = `types:
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
`;

const associativeAndAtomicSchema = `types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
    - name: atomicMap
      type:
        namedType: myAtomicMap
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: myAtomicMap
  map:
    elementType:
      scalar: string
    elementRelationship: atomic
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
`;

const nestedTypesSchema = `types:
- name: type
  map:
    fields:
      - name: listOfLists
        type:
          namedType: listOfLists
      - name: listOfMaps
        type:
          namedType: listOfMaps
      - name: mapOfLists
        type:
          namedType: mapOfLists
      - name: mapOfMaps
        type:
          namedType: mapOfMaps
      - name: mapOfMapsRecursive
        type:
          namedType: mapOfMapsRecursive
      - name: struct
        type:
          namedType: struct
- name: struct
  map:
    fields:
    - name: name
      type:
        scalar: string
    - name: value
      type:
        scalar: number
- name: listOfLists
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: list
    elementRelationship: associative
    keys:
    - name
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: associative
- name: listOfMaps
  list:
    elementType:
      map:
        fields:
        - name: name
          type:
            scalar: string
        - name: value
          type:
            namedType: map
    elementRelationship: associative
    keys:
    - name
- name: map
  map:
    elementType:
      scalar: string
    elementRelationship: associative
- name: mapOfLists
  map:
    elementType:
      namedType: list
    elementRelationship: associative
- name: mapOfMaps
  map:
    elementType:
      namedType: map
    elementRelationship: associative
- name: mapOfMapsRecursive
  map:
    elementType:
      namedType: mapOfMapsRecursive
    elementRelationship: associative
`;

const removeCases: RemoveTestCase[] = [{
  name: 'simple pair',
  rootTypeName: 'stringPair',
  schema: simplePairSchema,
  quadruplets: [{
    object: `{"key":"foo"}`,
    set: _NS(_P('key')),
    removeOutput: ``,
    extractOutput: `{"key":"foo"}`,
  }, {
    object: `{"key":"foo"}`,
    set: _NS(),
    removeOutput: `{"key":"foo"}`,
    extractOutput: ``,
  }, {
    object: `{"key":"foo","value":true}`,
    set: _NS(_P('key')),
    removeOutput: `{"value":true}`,
    extractOutput: `{"key":"foo"}`,
  }, {
    object: `{"key":"foo","value":{"a": "b"}}`,
    set: _NS(_P('value')),
    removeOutput: `{"key":"foo"}`,
    extractOutput: `{"value":{"a": "b"}}`,
  }],
}, {
  name: 'struct grab bag',
  rootTypeName: 'myStruct',
  schema: structGrabBagSchema,
  quadruplets: [{
    object: `{"setBool":[false]}`,
    set: _NS(_P('setBool', _V(false))),
    removeOutput: `{"setBool":null}`,
    extractOutput: `{"setBool":[false]}`,
  }, {
    object: `{"setBool":[false]}`,
    set: _NS(_P('setBool', _V(true))),
    removeOutput: `{"setBool":[false]}`,
    extractOutput: `{"setBool":null}`,
  }, {
    object: `{"setBool":[true,false]}`,
    set: _NS(_P('setBool', _V(true))),
    removeOutput: `{"setBool":[false]}`,
    extractOutput: `{"setBool":[true]}`,
  }, {
    object: `{"setBool":[true,false]}`,
    set: _NS(_P('setBool')),
    removeOutput: ``,
    extractOutput: `{"setBool":null}`,
  }, {
    object: `{"setNumeric":[1,2,3,4.5]}`,
    set: _NS(_P('setNumeric', _V(1)), _P('setNumeric', _V(4.5))),
    removeOutput: `{"setNumeric":[2,3]}`,
    extractOutput: `{"setNumeric":[1,4.5]}`,
  }, {
    object: `{"setStr":["a","b","c"]}`,
    set: _NS(_P('setStr', _V('a'))),
    removeOutput: `{"setStr":["b","c"]}`,
    extractOutput: `{"setStr":["a"]}`,
  }],
}, {
  name: 'associative and atomic',
  rootTypeName: 'myRoot',
  schema: associativeAndAtomicSchema,
  quadruplets: [{
    // extract a struct from an associative list
    object: `{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}`,
    set: _NS(
      _P('list', _KBF('key', 'a', 'id', 1), 'key'),
      _P('list', _KBF('key', 'a', 'id', 1), 'id'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"list":[{"key":"a","id":1}]}`,
  }, {
    // remove structs from an associative list
    object: `{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}`,
    set: _NS(
      _P('list', _KBF('key', 'a', 'id', 1)),
    ),
    removeOutput: `{"list":[{"key":"a","id":2},{"key":"b","id":1}]}`,
    extractOutput: `unparseable`,
  }, {
    object: `{"atomicList":["a", "a", "a"]}`,
    set: _NS(_P('atomicList')),
    removeOutput: ``,
    // atomic lists should still return everything in the list
    extractOutput: `{"atomicList":["a", "a", "a"]}`,
  }, {
    object: `{"atomicMap":{"a": "c", "b": "d"}}`,
    set: _NS(_P('atomicMap')),
    removeOutput: ``,
    // atomic maps should still return everything in the map
    extractOutput: `{"atomicMap":{"a": "c", "b": "d"}}`,
  }],
}, {
  name: 'nested types',
  rootTypeName: 'type',
  schema: nestedTypesSchema,
  quadruplets: [{
    // extract everything
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'name'),
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('b')),
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('c')),
      _P('listOfLists', _KBF('name', 'd'), 'name'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
  }, {
    // path to root type
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists'),
    ),
    removeOutput: ``,
    extractOutput: `{"listOfLists": null}`,
  }, {
    // path to a top-level element (extract)
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(_P('listOfLists', _KBF('name', 'd'), 'name')),
    //`{"listOfLists": [{"name": "a", "value": ["b", "c"]}, null]}`,
    removeOutput: `unparseable`,
    extractOutput: `{"listOfLists": [{"name": "d"}]}`,
  }, {
    // path to a top-level element (remove)
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(_P('listOfLists', _KBF('name', 'd'))),
    removeOutput: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}]}`,
    extractOutput: `unparseable`,
  }, {
    // same as previous with the other top-level element containing nested elements. (extract)
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'name'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"listOfLists": [{"name": "a"}]}`,
  }, {
    // same as previous with the other top-level element containing nested elements. (remove)
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a')),
    ),
    removeOutput: `{"listOfLists": [{"name": "d"}]}`,
    extractOutput: `unparseable`,
  }, {
    // just one path to leaf element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('b')),
    ),
    removeOutput: `{"listOfLists": [{"name":"a", "value": ["c"]}, {"name": "d"}]}`,
    extractOutput: `unparseable`, // cannot extract leaf element without path to top-level element as well
  }, {
    // paths to leaf and top level element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'name'),
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('b')),
    ),
    removeOutput: `unparseable`, // cannot remove a top-level list and a single element from the list within
    extractOutput: `{"listOfLists": [{"name": "a", "value": ["b"]}]}`,
  }, {
    // path to non-existant top-level element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'x')),
    ),
    removeOutput: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`, // doesn't remove anything
    extractOutput: `{"listOfLists":null}`, // extract only the root type
  }, {
    // path with existant top-level but non-existant leaf element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('x')),
    ),
    removeOutput: `{"listOfLists": [{"name":"a", "value": ["b","c"]}, {"name": "d"}]}`, // nothing removed since the path doesn't exist.
    extractOutput: `unparseable`, //`{"listOfLists":[{"value":null}]}`, // unparseable because name cannot be missing
  }, {
    // paths with existant top-level but non-existant leaf element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P('listOfLists', _KBF('name', 'a'), 'name'),
      _P('listOfLists', _KBF('name', 'a'), 'value', _V('x')),
    ),
    removeOutput: `unparseable`, // unparseable because remove cannot operate on a top-level element and a leaf within
    extractOutput: `unparseable`, //`{"listOfLists":[{"name: "a","value": null}]}`, // unparseable because value (list type) cannot be null
  }, {
    // invalid path to just a leaf
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    set: _NS(
      _P(_V('b')),
    ),
    removeOutput: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    extractOutput: ``,
  }, {
    // extract everything
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'name'),
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'b'),
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'c'),
      _P('listOfMaps', _KBF('name', 'd'), 'name'),
      _P('listOfMaps', _KBF('name', 'd'), 'value', 'e'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
  }, {
    // path to root type
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps'),
    ),
    removeOutput: ``,
    extractOutput: `{"listOfMaps"}`,
  }, {
    // path to a top-level element (extract)
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'name'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"listOfMaps": [{"name": "a"}]}`,
  }, {
    // path to a top-level element (remove)
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a')),
    ),
    removeOutput: `{"listOfMaps": [{"name": "d", "value": {"e":"z"}}]}`,
    extractOutput: `unparseable`,
  }, {
    // just one path to leaf element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'b'),
    ),
    removeOutput: `{"listOfMaps": [{"name": "a", "value": {"c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    extractOutput: `unparseable`, // cannot extract leaf element without path to top-level element as well
  }, {
    // paths to leaf and top level element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'name'),
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'b'),
    ),
    removeOutput: `unparseable`, // cannot remove a top-lvel list and a single element from the list within
    extractOutput: `{"listOfMaps": [{"name": "a", "value": {"b":"x"}}]}`,
  }, {
    // path to non-existant top-level element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'q'), 'name'),
    ),
    removeOutput: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`, // doesn't remove anything
    extractOutput: `{"listOfMaps":null}`, // extract only the root type
  }, {
    // path with existant top-level but non-existant leaf element.
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'q'),
    ),
    removeOutput: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`, // doesn't remove anything
    extractOutput: `unparseable`, //`{"listOfMaps": [{"value": null}]}`, // unparseable because name cannot be missing
  }, {
    // paths with existant top-level but non-existant leaf element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    set: _NS(
      _P('listOfMaps', _KBF('name', 'a'), 'name'),
      _P('listOfMaps', _KBF('name', 'a'), 'value', 'q'),
    ),
    removeOutput: `unparseable`, // unparseable because remove cannot operate on a top-level element and a leaf within
    extractOutput: `{"listOfMaps": [{"name":"a", "value": null}]}`, // parseable because value (map type) CAN be null
  }, {
    // extract everything
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'b', _V('a')),
      _P('mapOfLists', 'b', _V('c')),
      _P('mapOfLists', 'd', _V('e')),
      _P('mapOfLists', 'd', _V('f')),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
  }, {
    // path to root type
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists'),
    ),
    removeOutput: ``,
    extractOutput: `{"mapOfLists":null}`,
  }, {
    // path to a top-level element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'b'),
    ),
    removeOutput: `{"mapOfLists": {"d":["e", "f"]}}`,
    extractOutput: `{"mapOfLists": {"b":null}}`,
  }, {
    // just one path to leaf element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'b', _V('a')),
    ),
    removeOutput: `{"mapOfLists":{"b":["c"],"d":["e", "f"]}}`,
    extractOutput: `{"mapOfLists":{"b":["a"]}}`,
  }, {
    // path to non-existant top-level element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'q'),
    ),
    removeOutput: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    extractOutput: `{"mapOfLists":null}`,
  }, {
    // path with existant top-level but non-existant leaf element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'b', _V('q')),
    ),
    removeOutput: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    extractOutput: `{"mapOfLists":{"b":null}}`,
  }, {
    // path with existant top-level but non-existant leaf element
    object: `{"mapOfLists": {"b":null, "d":["e", "f"]}}`,
    set: _NS(
      _P('mapOfLists', 'b'),
    ),
    removeOutput: `{"mapOfLists": {"d":["e", "f"]}}`,
    extractOutput: `{"mapOfLists":{"b":null}}`, // same output as previous case, but can be differentiated by input fieldpath.Set
  }, {
    // invalid path to just a leaf
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    set: _NS(
      _P(_V('a')),
    ),
    removeOutput: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    extractOutput: ``,
  }, {
    // extract everything
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'b', 'a'),
      _P('mapOfMaps', 'b', 'c'),
      _P('mapOfMaps', 'd', 'e'),
      _P('mapOfMaps', 'd', 'f'),
    ),
    removeOutput: `unparseable`,
    extractOutput: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
  }, {
    // path to root type
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps'),
    ),
    removeOutput: ``,
    extractOutput: `{"mapOfMaps":null}`,
  }, {
    // path to a top-level element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'b'),
    ),
    removeOutput: `{"mapOfMaps": {"d":{"e":"y", "f":"w"}}}`,
    extractOutput: `{"mapOfMaps": {"b":null}}`,
  }, {
    // just one path to leaf element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'b', 'a'),
    ),
    removeOutput: `{"mapOfMaps": {"b":{"c":"z"},"d":{"e":"y", "f":"w"}}}`,
    extractOutput: `{"mapOfMaps": {"b":{"a":"x"}}}`,
  }, {
    // path to non-existant top-level element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'q'),
    ),
    removeOutput: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    extractOutput: `{"mapOfMaps": null}`,
  }, {
    // path with existant top-level but non-existant leaf element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'b', 'q'),
    ),
    removeOutput: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    extractOutput: `{"mapOfMaps": {"b":null}}`,
  }, {
    // top-level element with null leaf elements
    object: `{"mapOfMaps": {"b":null, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('mapOfMaps', 'b'),
    ),
    removeOutput: `{"mapOfMaps": {"d":{"e":"y", "f":"w"}}}`,
    extractOutput: `{"mapOfMaps": {"b":null}}`, // same output as previous case, but can be differentiated by input fieldpath.Set
  }, {
    // invalid path to just a leaf
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    set: _NS(
      _P('a'),
    ),
    removeOutput: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    extractOutput: ``,
  }, {
    // root element
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
    set: _NS(
      _P('mapOfMapsRecursive'),
    ),
    removeOutput: ``,
    extractOutput: `{"mapOfMapsRecursive":null}`,
  }, {
    // top-level map
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
    set: _NS(
      _P('mapOfMapsRecursive', 'a'),
    ),
    removeOutput: `{"mapOfMapsRecursive"}`,
    extractOutput: `{"mapOfMapsRecursive": {"a":null}}`,
  }, {
    // second-level map
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
    set: _NS(
      _P('mapOfMapsRecursive', 'a', 'b'),
    ),
    removeOutput: `{"mapOfMapsRecursive":{"a":null}}`,
    extractOutput: `{"mapOfMapsRecursive": {"a":{"b":null}}}`,
  }, {
    // third-level map
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
    set: _NS(
      _P('mapOfMapsRecursive', 'a', 'b', 'c'),
    ),
    removeOutput: `{"mapOfMapsRecursive":{"a":{"b":null}}}`,
    extractOutput: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
  }],
}];

const reversibleExtractCases: ReversibleExtractTestCase[] = [{
  name: 'nested types',
  rootTypeName: 'type',
  schema: nestedTypesSchema,
  pairs: [{
    // add to top level element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    pso: `{"listOfLists": [{"name": "f", "value": ["j", "k"]},]}`,
  }, {
    // add to leaf element
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    pso: `{"listOfLists": [{"name": "a", "value": ["j", "k"]},]}`,
  }, {
    // apply empty structure
    object: `{"listOfLists": [{"name": "a", "value": ["b", "c"]}, {"name": "d"}]}`,
    pso: `{"listOfLists": [{"name": "a", "value": null},]}`,
  }, {
    // add to top level element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    pso: `{"listOfMaps": [{"name": "f", "value": {"q":"p"}}]}`,
  }, {
    // add to leaf element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    pso: `{"listOfMaps": [{"name": "a", "value": {"f":"p"}}]}`,
  }, {
    // replace leaf element
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    pso: `{"listOfMaps": [{"name": "a", "value": {"b":"p"}}]}`,
  }, {
    // apply empty structure
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    pso: `{"listOfMaps": [{"name": "a", "value": null}]}`,
  }, {
    // add to top level element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    pso: `{"mapOfLists": {"x":["y","z"]}}`,
  }, {
    // add to leaf element
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    pso: `{"mapOfLists": {"b":["y","z"]}}`,
  }, {
    // apply empty structure
    object: `{"mapOfLists": {"b":["a","c"], "d":["e", "f"]}}`,
    pso: `{"mapOfLists": {"b":null}}`,
  }, {
    // add to top level element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    pso: `{"mapOfMaps": {"i":{"j":"k"}}}`,
  }, {
    // add to leaf element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    pso: `{"mapOfMaps": {"b":{"j":"k"}}}`,
  }, {
    // replace leaf element
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    pso: `{"mapOfMaps": {"b":{"a":"k"}}}`,
  }, {
    // apply empty structure
    object: `{"mapOfMaps": {"b":{"a":"x","c":"z"}, "d":{"e":"y", "f":"w"}}}`,
    pso: `{"mapOfMaps": {"b": null}}`,
  }, {
    // misc: add another root type
    object: `{"listOfMaps": [{"name": "a", "value": {"b":"x", "c":"y"}}, {"name": "d", "value": {"e":"z"}}]}`,
    pso: `{"mapOfLists": {"b":["y","z"]}}`,
  }, {
    // misc: recursive deeply nested leaves
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}, "d":{"e":{"f":null}, "g":null}}}}`,
    pso: `{"mapOfMapsRecursive": {"a":{"d":{"e":{"f":{"q":null}, "p":null}}}}}`,
  }, {
    // misc: recursive deeply nested empty structure
    object: `{"mapOfMapsRecursive": {"a":{"b":{"c":{"d":{"e":{"f":null}}, "g":{"h":null}, "i":null}}}}}`,
    pso: `{"mapOfMapsRecursive": {"a":{"b":{"c":null}}}}`,
  }],
}];

const extractWithKeysCases: ExtractWithKeysTestCase[] = [{
  name: 'associativeAndAtomicSchema',
  rootTypeName: 'myRoot',
  schema: associativeAndAtomicSchema,
  triplets: [
    {
      // extract with all key fields included
      object: `{"list":[{"key":"nginx","id":1,"nv":2}]}`,
      set: _NS(
        _P('list', _KBF('key', 'nginx', 'id', 1), 'key'),
        _P('list', _KBF('key', 'nginx', 'id', 1), 'id'),
      ),
      wantOutput: `{"list":[{"key":"nginx","id":1}]}`,
    },
    {
      // extract no key field included
      object: `{"list":[{"key":"nginx","id":1,"nv":2}]}`,
      set: _NS(
        _P('list', _KBF('key', 'nginx', 'id', 1), 'nv'),
      ),
      wantOutput: `{"list":[{"key":"nginx","id":1, "nv":2}]}`,
    },
    {
      // extract with partial keys included
      object: `{"list":[{"key":"nginx","id":1,"nv":2}]}`,
      set: _NS(
        _P('list', _KBF('key', 'nginx', 'id', 1), 'nv'),
        _P('list', _KBF('key', 'nginx', 'id', 1), 'id'),
      ),
      wantOutput: `{"list":[{"key":"nginx","id":1, "nv":2}]}`,
    },
    {
      // extract with null field value
      object: `{"list":[{"key":"nginx","id":1,"nv":2}]}`,
      set: _NS(
        _P('list', _KBF('key', 'nginx', 'id', 1), 'value'),
      ),
      wantOutput: {
        list: [null],
      },
    },
  ],
}];


function expectValue(got: unknown, want: unknown, what: string): void {
  expect(equalValues(got, want), `${what} expected\n${valueToString(want)}\nbut got\n${valueToString(got)}`).toBe(true);
}

describe('TestRemove', () => {
  for (const tt of removeCases) {
    describe(tt.name, () => {
      const pt = newParser(tt.schema).type(tt.rootTypeName);
      tt.quadruplets.forEach((quadruplet, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          const tv = pt.fromYAML(quadruplet.object);

          // test RemoveItems
          if (quadruplet.removeOutput !== 'unparseable') {
            const rmOut = pt.fromYAML(quadruplet.removeOutput);
            const rmGot = tv.removeItems(quadruplet.set);
            expectValue(rmGot.asValue(), rmOut.asValue(), 'RemoveItems');
          }

          // test ExtractItems
          if (quadruplet.extractOutput !== 'unparseable') {
            const exOut = pt.fromYAML(quadruplet.extractOutput);
            const exGot = tv.extractItems(quadruplet.set);
            expectValue(exGot.asValue(), exOut.asValue(), 'ExtractItems');
          }
        });
      });
    });
  }
});

// Applying a partially specified object (PSO) to an object and extracting the PSO's field set
// from the result gives back the PSO.
describe('TestReversibleExtract', () => {
  for (const tt of reversibleExtractCases) {
    describe(tt.name, () => {
      const pt = newParser(tt.schema).type(tt.rootTypeName);
      tt.pairs.forEach((pair, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          const initialObj = pt.fromYAML(pair.object);
          const pso = pt.fromYAML(pair.pso);
          const mergedObj = initialObj.merge(pso);
          const fieldSet = pso.toFieldSet();
          // Extracting the whole set would return everything under the first path in the set:
          // only the leaves are extracted.
          const extracted = mergedObj.extractItems(fieldSet.leaves());
          expectValue(extracted.asValue(), pso.asValue(), 'ExtractItems not reversible:');
        });
      });
    });
  }
});

// Extracting items with withAppendKeyFields also extracts the key fields of list items.
describe('TestExtractWithKeys', () => {
  for (const tt of extractWithKeysCases) {
    describe(tt.name, () => {
      const pt = newParser(tt.schema).type(tt.rootTypeName);
      tt.triplets.forEach((triplet, i) => {
        it(`${tt.name}-valid-${i}`, () => {
          const tv = pt.fromYAML(triplet.object);
          const gotExtracted = tv.extractItems(triplet.set, withAppendKeyFields());
          const want = typeof triplet.wantOutput === 'string' ? pt.fromYAML(triplet.wantOutput).asValue() : triplet.wantOutput;
          expectValue(gotExtracted.asValue(), want, 'ExtractItems');
        });
      });
    });
  }
});
