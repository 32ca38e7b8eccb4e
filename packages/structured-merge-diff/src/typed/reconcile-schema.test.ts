// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/reconcile_schema_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import type { Path, PathElement } from '../fieldpath/element.ts';
import { keyByFields } from '../fieldpath/element.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { newParser, type YAMLObject } from './parser.ts';
import { reconcileFieldSetWithSchema } from './reconcile-schema.ts';

// Short names for readable test cases, as upstream.
const _NS = (...paths: Path[]): FieldSet => FieldSet.of(...paths);
const _P = makePathOrDie;
const _KBF = keyByFields;
const _V = (v: unknown): PathElement => ({ value: v });

interface ReconcileTestCase {
  name: string;
  rootTypeName: string;
  oldSchema: YAMLObject;
  newSchema: YAMLObject;
  liveObject: YAMLObject;
  oldFields: FieldSet;
  /** null: no change expected. */
  fixedFields: FieldSet | null;
}

function granularSchema(version: string): YAMLObject {
  return `types:
- name: ${version}
  map:
    fields:
      - name: struct
        type:
          namedType: struct
      - name: list
        type:
          namedType: list
      - name: objectList
        type:
          namedType: objectList
      - name: stringMap
        type:
          namedType: stringMap
      - name: unchanged
        type:
          namedType: unchanged
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: associative
- name: objectList
  list:
    elementType:
      namedType: listItem
    elementRelationship: associative
    keys:
      - keyA
      - keyB
- name: listItem
  map:
    fields:
    - name: keyA
      type:
        scalar: string
    - name: keyB
      type:
        scalar: string
    - name: value
      type:
        scalar: string
- name: stringMap
  map:
    elementType:
      scalar: string
- name: unchanged
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
- name: empty
  map:
    elementType:
      scalar: untyped
      list:
        elementType:
          namedType: __untyped_atomic_
        elementRelationship: atomic
      map:
        elementType:
          namedType: __untyped_deduced_
        elementRelationship: separable
- name: emptyWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          elementType:
            scalar: untyped
            list:
              elementType:
                namedType: __untyped_atomic_
              elementRelationship: atomic
            map:
              elementType:
                namedType: __untyped_deduced_
              elementRelationship: separable
- name: populatedWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          fields:
          - name: list
            type:
              namedType: list
          elementType:
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
`;
}

function atomicSchema(version: string): YAMLObject {
  return `types:
- name: ${version}
  map:
    fields:
      - name: struct
        type:
          namedType: struct
      - name: list
        type:
          namedType: list
      - name: objectList
        type:
          namedType: objectList
      - name: stringMap
        type:
          namedType: stringMap
      - name: unchanged
        type:
          namedType: unchanged
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    elementRelationship: atomic
- name: list
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: objectList
  list:
    elementType:
      namedType: listItem
    elementRelationship: atomic
- name: listItem
  map:
    fields:
    - name: keyA
      type:
        scalar: string
    - name: keyB
      type:
        scalar: string
    - name: value
      type:
        scalar: string
- name: stringMap
  map:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: unchanged
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
- name: empty
  map:
    elementType:
      scalar: untyped
      list:
        elementType:
          namedType: __untyped_atomic_
        elementRelationship: atomic
      map:
        elementType:
          namedType: __untyped_deduced_
        elementRelationship: separable
- name: emptyWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          elementType:
            scalar: untyped
            list:
              elementType:
                namedType: __untyped_atomic_
              elementRelationship: atomic
            map:
              elementType:
                namedType: __untyped_deduced_
              elementRelationship: separable
- name: populatedWithPreserveUnknown
  map:
    fields:
    - name: preserveField
      type:
        map:
          fields:
          - name: list
            type:
              namedType: list
          elementType:
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
`;
}

const basicLiveObject: YAMLObject = `
struct:
  numeric: 1
  string: "two"
list:
  - one
  - two
objectList:
  - keyA: a1
    keyB: b1
    value: v1
  - keyA: a2
    keyB: b2
    value: v2
stringMap:
  key1: value1
unchanged:
  numeric: 10
`;

const reconcileCases: ReconcileTestCase[] = [{
  name: 'granular-to-atomic',
  rootTypeName: 'v1',
  oldSchema: granularSchema('v1'),
  newSchema: atomicSchema('v1'),
  liveObject: basicLiveObject,
  oldFields: _NS(
    _P('struct', 'numeric'),
    _P('list', _V('one')),
    _P('stringMap', 'key1'),
    _P('objectList', _KBF('keyA', 'a1', 'keyB', 'b1'), 'value'),
    _P('unchanged', 'numeric'),
  ),
  fixedFields: _NS(
    _P('struct'),
    _P('list'),
    _P('objectList'),
    _P('stringMap'),
    _P('unchanged', 'numeric'),
  ),
}, {
  name: 'no-change-granular',
  rootTypeName: 'v1',
  oldSchema: granularSchema('v1'),
  newSchema: granularSchema('v1'),
  liveObject: basicLiveObject,
  oldFields: _NS(
    _P('struct', 'numeric'),
    _P('list', _V('one')),
    _P('objectList', _KBF('keyA', 'a1', 'keyB', 'b1'), 'value'),
    _P('stringMap', 'key1'),
    _P('unchanged', 'numeric'),
  ),
  fixedFields: null, // indicates no change
}, {
  name: 'no-change-atomic',
  rootTypeName: 'v1',
  oldSchema: atomicSchema('v1'),
  newSchema: atomicSchema('v1'),
  liveObject: basicLiveObject,
  oldFields: _NS(
    _P('struct'),
    _P('list'),
    _P('objectList'),
    _P('unchanged', 'numeric'),
  ),
  fixedFields: null, // indicates no change
}, {
  name: 'no-change-empty-granular',
  rootTypeName: 'v1',
  oldSchema: granularSchema('v1'),
  newSchema: granularSchema('v1'),
  liveObject: `
struct: {}
list: []
objectList:
  - keyA: a1
    keyB: b1
stringMap: {}
unchanged: {}
`,
  oldFields: _NS(
    _P('struct'),
    _P('list'),
    _P('objectList'),
    _P('objectList', _KBF('keyA', 'a1', 'keyB', 'b1')),
    _P('objectList', _KBF('keyA', 'a1', 'keyB', 'b1'), 'value'),
    _P('unchanged'),
  ),
  fixedFields: null, // indicates no change
}, {
  name: 'deduced',
  rootTypeName: 'empty',
  oldSchema: atomicSchema('v1'),
  newSchema: granularSchema('v1'),
  liveObject: basicLiveObject,
  oldFields: _NS(
    _P('struct'),
    _P('list'),
    _P('objectList'),
    _P('unchanged', 'numeric'),
  ),
  fixedFields: null, // indicates no change
}, {
  name: 'empty-preserve-unknown',
  rootTypeName: 'emptyWithPreserveUnknown',
  oldSchema: atomicSchema('v1'),
  newSchema: granularSchema('v1'),
  liveObject: `
preserveField:
  arbitrary: abc
`,
  oldFields: _NS(
    _P('preserveField'),
    _P('preserveField', 'arbitrary'),
  ),
  fixedFields: null, // indicates no change
}, {
  name: 'populated-preserve-unknown',
  rootTypeName: 'populatedWithPreserveUnknown',
  oldSchema: granularSchema('v1'),
  newSchema: atomicSchema('v1'),
  liveObject: `
preserveField:
  arbitrary: abc
  list:
  - one
`,
  oldFields: _NS(
    _P('preserveField'),
    _P('preserveField', 'arbitrary'),
    _P('preserveField', 'list'),
    _P('preserveField', 'list', _V('one')),
  ),
  fixedFields: _NS(
    _P('preserveField'),
    _P('preserveField', 'arbitrary'),
    _P('preserveField', 'list'),
  ),
}];


describe('TestReconcileFieldSetWithSchema', () => {
  for (const tt of reconcileCases) {
    it(tt.name, () => {
      const pt = newParser(tt.newSchema).type(tt.rootTypeName);
      const liveObject = pt.fromYAML(tt.liveObject);
      const fixed = reconcileFieldSetWithSchema(tt.oldFields, liveObject);
      if (tt.fixedFields === null) {
        expect(fixed, `expected fieldset to be null but got\n:${fixed?.toString() ?? ''}`).toBeNull();
        return;
      }
      expect(fixed, `expected fieldset to be\n:${tt.fixedFields.toString()}\n:but got null`).not.toBeNull();
      expect(
        fixed!.equals(tt.fixedFields),
        `expected fieldset:\n${tt.fixedFields.toString()}\n:but got\n:${fixed!.toString()}`,
      ).toBe(true);
    });
  }
});
