// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/set_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, runTestCase, sameVersionParser, update, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, _V, newParser, newVersionedSet } from './helpers.ts';

const setFieldsParser = sameVersionParser(newParser(`types:
- name: sets
  map:
    fields:
    - name: list
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative`).type('sets'));

describe('TestUpdateSet', () => {
  const tests: Record<string, TestCase> = {
    'apply_twice': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
				- d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
            _P('list', _V('d')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_update_apply_no_overlap': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- aprime
						- c
						- cprime
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- aprime
				- c
				- d
				- cprime
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('aprime')),
            _P('list', _V('c')),
            _P('list', _V('cprime')),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(
          _NS(
            _P('list', _V('b')),
            _P('list', _V('d')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_update_apply_no_overlap_and_different_version': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v2',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- aprime
						- c
						- cprime
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- aprime
				- c
				- d
				- cprime
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('aprime')),
            _P('list', _V('c')),
            _P('list', _V('cprime')),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(
          _NS(
            _P('list', _V('b')),
            _P('list', _V('d')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'apply_update_apply_with_overlap': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
				- d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(
          _NS(
            _P('list', _V('b')),
            _P('list', _V('d')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_update_apply_with_overlap_and_different_version': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v2',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
				- d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(
          _NS(
            _P('list', _V('b')),
            _P('list', _V('d')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'apply_twice_reorder': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- d
						- c
						- b
					`,
        }),
      ],
      object: `
				list:
				- a
				- d
				- c
				- b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
            _P('list', _V('d')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_update_apply_reorder': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- d
						- c
						- b
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
				- d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
            _P('list', _V('d')),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_update_apply_reorder_across_versions': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- d
						- c
						- b
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v2',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
      ],
      object: `
				list:
				- a
				- b
				- c
				- d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('b')),
            _P('list', _V('c')),
            _P('list', _V('d')),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'apply_twice_remove': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- c
					`,
        }),
      ],
      object: `
				list:
				- a
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
      ]),
    },
    'apply_twice_remove_across_versions': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						list:
						- a
						- b
						- c
						- d
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v2',
          object: `
						list:
						- a
						- c
						- e
					`,
        }),
      ],
      object: `
				list:
				- a
				- c
				- e
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _V('a')),
            _P('list', _V('c')),
            _P('list', _V('e')),
          ),
          'v2',
          false,
        )],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, setFieldsParser);
    });
  }
});
