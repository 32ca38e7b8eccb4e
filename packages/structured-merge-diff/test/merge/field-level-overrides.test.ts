// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/field_level_overrides_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, runTestCase, sameVersionParser, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, _V, newParser, newVersionedSet } from './helpers.ts';

describe('TestFieldLevelOverrides', () => {
  const overrideStructTypeParser = sameVersionParser(
    newParser(`
        types:
        - name: type
          map:
            fields:
              - name: associativeListReference
                type:
                  namedType: associativeList
                  elementRelationship: atomic
              - name: separableInlineList
                type:
                  list:
                    elementType:
                      scalar: numeric
                    elementRelationship: atomic
                  elementRelationship: associative
              - name: separableMapReference
                type:
                  namedType: atomicMap
                  elementRelationship: separable
              - name: atomicMapReference
                type:
                  namedType: unspecifiedMap
                  elementRelationship: atomic

        - name: associativeList
          list:
            elementType:
              namedType: unspecifiedMap
              elementRelationship: atomic
            elementRelationship: associative
            keys:
            - name
        - name: unspecifiedMap
          map:
            fields:
            - name: name
              type:
                scalar: string
            - name: value
              type:
                scalar: numeric
        - name: atomicMap
          map:
            elementRelationship: atomic
            fields:
            - name: name
              type:
                scalar: string
            - name: value
              type:
                scalar: numeric
    `).type('type'),
  );

  const tests: Record<string, TestCase> = {
    'test_override_atomic_map_with_separable': {
      // Test that a reference with an separable override to an atomic type
      // is treated as separable
      ops: [
        apply({
          manager: 'apply_one',
          object: `
                        separableMapReference:
                          name: a
                    `,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply_two',
          object: `
                        separableMapReference:
                          value: 2
                    `,
          apiVersion: 'v1',
        }),
      ],
      object: `
                separableMapReference:
                  name: a
                  value: 2
            `,
      apiVersion: 'v1',
      managed: new Map([
        ['apply_one', newVersionedSet(_NS(_P('separableMapReference', 'name')), 'v1', false)],
        ['apply_two', newVersionedSet(_NS(_P('separableMapReference', 'value')), 'v1', false)],
      ]),
    },
    'test_override_unspecified_map_with_atomic': {
      // Test that a map which has its element relaetionship left as defualt
      // (granular) can be overriden to be atomic
      ops: [
        apply({
          manager: 'apply_one',
          object: `
                        atomicMapReference:
                          name: a
                    `,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply_two',
          object: `
                        atomicMapReference:
                          value: 2
                    `,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'apply_one', path: _P('atomicMapReference') },
          ],
        }),
        apply({
          manager: 'apply_one',
          object: `
                        atomicMapReference:
                          name: b
                          value: 2
                    `,
          apiVersion: 'v1',
        }),
      ],
      object: `
                atomicMapReference:
                  name: b
                  value: 2
            `,
      apiVersion: 'v1',
      managed: new Map([
        ['apply_one', newVersionedSet(_NS(_P('atomicMapReference')), 'v1', false)],
      ]),
    },
    'test_override_associative_list_with_atomic': {
      // Test that if a list type is listed associative but referred to as atomic
      // that attempting to add to the list fauks
      ops: [
        apply({
          manager: 'apply_one',
          object: `
                        associativeListReference:
                          - name: a
                            value: 1
                    `,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply_two',
          object: `
                        associativeListReference:
                        - name: b
                          value: 2
                    `,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'apply_one', path: _P('associativeListReference') },
          ],
        }),
      ],
      object: `
                associativeListReference:
                  - name: a
                    value: 1
            `,
      apiVersion: 'v1',
      managed: new Map([
        ['apply_one', newVersionedSet(_NS(_P('associativeListReference')), 'v1', false)],
      ]),
    },
    'test_override_inline_atomic_list_with_associative': {
      // Tests that an inline atomic list can have its type overridden to be
      // associative
      ops: [
        apply({
          manager: 'apply_one',
          object: `
                        separableInlineList:
                        - 1
                    `,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply_two',
          object: `
                        separableInlineList:
                        - 2
                    `,
          apiVersion: 'v1',
        }),
      ],
      object: `
                separableInlineList:
                - 1
                - 2
            `,
      apiVersion: 'v1',
      managed: new Map([
        ['apply_one', newVersionedSet(_NS(_P('separableInlineList', _V(1))), 'v1', true)],
        ['apply_two', newVersionedSet(_NS(_P('separableInlineList', _V(2))), 'v1', true)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, overrideStructTypeParser);
    });
  }
});
