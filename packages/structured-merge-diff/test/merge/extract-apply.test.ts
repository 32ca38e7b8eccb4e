// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/extract_apply_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, extractApply, runTestCase, sameVersionParser, update, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, _V, newParser, newVersionedSet } from './helpers.ts';

const extractParser = sameVersionParser(newParser(`types:
- name: sets
  map:
    fields:
    - name: list
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: atomicList
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: atomic
    - name: map
      type:
        map:
          elementType:
            scalar: string
          elementRelationship: separable
    - name: atomicMap
      type:
        map:
          elementType:
            scalar: string
          elementRelationship: atomic`).type('sets'));

describe('TestExtractApply', () => {
  const tests: Record<string, TestCase> = {
    'apply_one_extract_apply_one_own_both': {
      ops: [
        apply({
          manager: 'default',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'default',
          object: `
							list:
							- b
						`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'extract_apply_from_beginning': {
      ops: [
        extractApply({
          manager: 'default',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'default',
          object: `
							list:
							- b
						`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_after_extract_remove_fields': {
      ops: [
        extractApply({
          manager: 'default',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'default',
          object: `
						list:
						- b
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'apply_one_controller_remove_extract_apply_one': {
      ops: [
        apply({
          manager: 'default',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'controller',
          object: `
						list:
						 - b
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'default',
          object: `
						list:
						- c
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('list', _V('c'))), 'v1', false)],
        ['controller', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'extract_apply_retain_ownership_after_controller_update': {
      ops: [
        apply({
          manager: 'default',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'controller',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'default',
          object: `
						list:
						- c
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('c')),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'extract_apply_share_ownership_after_another_apply': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'apply-one',
          object: `
						list:
						- c
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('c')),
          ),
          'v1',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_two_cant_delete_object_also_owned_by_extract_apply': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
						list:
						- a
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'apply-one',
          object: `
						list:
						- c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - b
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('c')),
          ),
          'v1',
          false,
        )],
        ['apply-two', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'extract_apply_empty_structure_list': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						list:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- a
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('list')), 'v1', false)],
        ['apply-two', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'extract_apply_empty_structure_remove_list': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						list:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - b
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('list')), 'v1', false)],
        ['apply-two', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'extract_apply_empty_structure_add_later_list': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						list:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - a
						 - b
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'apply-one',
          object: `
						list:
						- c
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						list:
						 - b
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('list', _V('c'))), 'v1', false)],
        ['apply-two', newVersionedSet(_NS(_P('list', _V('b'))), 'v1', false)],
      ]),
    },
    'extract_apply_empty_structure_map': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						map:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						map:
						 a: c
						 b: d
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				map:
				  a: c
				  b: d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('map')), 'v1', false)],
        ['apply-two', newVersionedSet(
          _NS(
            _P('map', 'a'),
            _P('map', 'b'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'extract_apply_empty_structure_remove_map': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						map:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						map:
						 a: c
						 b: d
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						map:
						 b: d
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				map:
				  b: d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('map')), 'v1', false)],
        ['apply-two', newVersionedSet(_NS(_P('map', 'b')), 'v1', false)],
      ]),
    },
    'extract_apply_empty_structure_add_later_map': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						map:
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						map:
						 a: c
						 b: d
					`,
          apiVersion: 'v1',
        }),
        extractApply({
          manager: 'apply-one',
          object: `
						map:
						  e: f
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'apply-two',
          object: `
						map:
						 b: d
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				map:
				  b: d
				  e: f
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('map', 'e')), 'v1', false)],
        ['apply-two', newVersionedSet(_NS(_P('map', 'b')), 'v1', false)],
      ]),
    },
    'extract_apply_atomic_list': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						atomicList:
						- a
						- b
						- c
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				atomicList:
				- a
				- b
				- c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('atomicList')), 'v1', false)],
      ]),
    },
    'extract_apply_atomic_map': {
      ops: [
        extractApply({
          manager: 'apply-one',
          object: `
						atomicMap:
						 a: c
						 b: d
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				atomicMap:
				 a: c
				 b: d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('atomicMap')), 'v1', false)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, extractParser);
    });
  }
});
