// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/multiple_appliers_test.go (v4.6.0):
// TestMultipleAppliersNestedType
import { describe, it } from 'vitest';
import { apply, runTestCase, update, type TestCase } from '../../src/testing/index.ts';
import { _KBF, _NS, _P, _V, newVersionedSet } from './helpers.ts';
import { nestedTypeParser } from './parsers.ts';

describe('TestMultipleAppliersNestedType', () => {
  const tests: Record<string, TestCase> = {
    'remove_one_keep_one_with_two_sub_items': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						listOfLists:
						- name: b
						  value:
						  - d
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
					`,
          apiVersion: 'v3',
        }),
      ],
      object: `
				listOfLists:
				- name: a
				- name: b
				  value:
				  - d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'b')),
            _P('listOfLists', _KBF('name', 'b'), 'name'),
            _P('listOfLists', _KBF('name', 'b'), 'value', _V('d')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'remove_one_keep_one_with_dangling_subitem': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						listOfLists:
						- name: b
						  value:
						  - d
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
						  - d
						  - e
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
					`,
          apiVersion: 'v3',
        }),
      ],
      object: `
				listOfLists:
				- name: a
				- name: b
				  value:
				  - d
				  - e
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'b')),
            _P('listOfLists', _KBF('name', 'b'), 'name'),
            _P('listOfLists', _KBF('name', 'b'), 'value', _V('d')),
          ),
          'v2',
          false,
        )],
        ['controller', newVersionedSet(_NS(_P('listOfLists', _KBF('name', 'b'), 'value', _V('e'))), 'v2', false)],
      ]),
    },
    'remove_one_with_dangling_subitem_keep_one': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						listOfLists:
						- name: a
						  value:
						  - b
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller',
          object: `
						listOfLists:
						- name: a
						  value:
						  - b
						- name: b
						  value:
						  - c
						  - d
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
					`,
          apiVersion: 'v3',
        }),
      ],
      object: `
				listOfLists:
				- name: a
				  value:
				  - b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
            _P('listOfLists', _KBF('name', 'a'), 'value', _V('b')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'remove_one_with_managed_subitem_keep_one': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						listOfLists:
						- name: a
						  value:
						  - b
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller',
          object: `
						listOfLists:
						- name: a
						  value:
						  - b
						- name: b
						  value:
						  - c
						  - d
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
					`,
          apiVersion: 'v3',
        }),
      ],
      object: `
				listOfLists:
				- name: a
				  value:
				  - b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
            _P('listOfLists', _KBF('name', 'a'), 'value', _V('b')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'remove_one_keep_one_with_sub_item': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
						- name: b
						  value:
						  - c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						listOfLists:
						- name: b
						  value:
						  - d
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						listOfLists:
						- name: a
					`,
          apiVersion: 'v3',
        }),
      ],
      object: `
				listOfLists:
				- name: a
				- name: b
				  value:
				  - d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'a')),
            _P('listOfLists', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('listOfLists', _KBF('name', 'b')),
            _P('listOfLists', _KBF('name', 'b'), 'name'),
            _P('listOfLists', _KBF('name', 'b'), 'value', _V('d')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'multiple_appliers_recursive_map': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						  c:
						    d:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						mapOfMapsRecursive:
						  a:
						  c:
						    d:
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller-one',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						      c:
						  c:
						    d:
						      e:
					`,
          apiVersion: 'v3',
        }),
        update({
          manager: 'controller-two',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						      c:
						        d:
						  c:
						    d:
						      e:
						        f:
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller-one',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						      c:
						        d:
						          e:
						  c:
						    d:
						      e:
						        f:
						          g:
					`,
          apiVersion: 'v3',
        }),
        apply({
          manager: 'apply-one',
          object: `
						mapOfMapsRecursive:
					`,
          apiVersion: 'v4',
        }),
      ],
      object: `
				mapOfMapsRecursive:
				  a:
				  c:
				    d:
				      e:
				        f:
				          g:
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('mapOfMapsRecursive')), 'v4', false)],
        ['apply-two', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive', 'a'),
            _P('mapOfMapsRecursive', 'c'),
            _P('mapOfMapsRecursive', 'c', 'd'),
          ),
          'v2',
          false,
        )],
        ['controller-one', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive', 'c', 'd', 'e'),
            _P('mapOfMapsRecursive', 'c', 'd', 'e', 'f', 'g'),
          ),
          'v3',
          false,
        )],
        ['controller-two', newVersionedSet(_NS(_P('mapOfMapsRecursive', 'c', 'd', 'e', 'f')), 'v2', false)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, nestedTypeParser);
    });
  }
});
