// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/duplicates_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, forceApply, runTestCase, sameVersionParser, update, type TestCase } from '../../src/testing/index.ts';
import { _KBF, _NS, _P, _V, newParser, newVersionedSet } from './helpers.ts';

const duplicatesParser = sameVersionParser(newParser(`types:
- name: type
  map:
    fields:
      - name: list
        type:
          namedType: associativeList
      - name: unrelated
        type:
          scalar: numeric
      - name: set
        type:
          namedType: set
- name: associativeList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - name
- name: myElement
  map:
    fields:
    - name: name
      type:
        scalar: string
    - name: value1
      type:
        scalar: numeric
    - name: value2
      type:
        scalar: numeric
- name: set
  list:
    elementType:
      scalar: numeric
    elementRelationship: associative
`).type('type'));

describe('TestDuplicates', () => {
  const tests: Record<string, TestCase> = {
    'sets/ownership/duplicates': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						set: [1, 1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('set'),
            _P('set', _V(1)),
            _P('set', _V(3)),
            _P('set', _V(4)),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'sets/ownership/add_duplicate': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						set: [1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						set: [1, 1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('set'),
            _P('set', _V(3)),
            _P('set', _V(4)),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(_NS(_P('set', _V(1))), 'v1', false)],
      ]),
    },
    'sets/ownership/remove_duplicate': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						set: [1, 1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						set: [1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('set'),
            _P('set', _V(3)),
            _P('set', _V(4)),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(_NS(_P('set', _V(1))), 'v1', false)],
      ]),
    },
    'sets/merging/remove_duplicate': {
      ops: [
        update({
          manager: 'updater',
          object: `
						set: [1, 1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'applier',
          object: `
						set: [1]
					`,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'updater', path: _P('set', _V(1)) },
          ],
        }),
        forceApply({
          manager: 'applier',
          object: `
						set: [1]
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				set: [1, 3, 4]
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('set'),
            _P('set', _V(3)),
            _P('set', _V(4)),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(_NS(_P('set', _V(1))), 'v1', true)],
      ]),
    },
    'sets/merging/ignore_duplicate': {
      ops: [
        update({
          manager: 'updater',
          object: `
						set: [1, 1, 3, 4]
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'applier',
          object: `
						set: [5]
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				set: [1, 1, 3, 4, 5]
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('set'),
            _P('set', _V(1)),
            _P('set', _V(3)),
            _P('set', _V(4)),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(_NS(_P('set', _V(5))), 'v1', true)],
      ]),
    },
    'list/ownership/duplicated_items': {
      ops: [
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      // `name: a` is only owned once.
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'list/ownership/change_duplicated_items': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 3
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      // `name: a` is only owned once, by actor who changed some of it.
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(_NS(_P('list', _KBF('name', 'a'))), 'v1', false)],
      ]),
    },
    'list/ownership/change_fields_duplicated_items': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						  value2: 3 # New field
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(_NS(_P('list', _KBF('name', 'a'))), 'v1', false)],
      ]),
    },
    'list/ownership/add_duplicated_items_different_field': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						list:
						- name: a
						  value1: 1
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value2: 3 # New field
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(_NS(_P('list', _KBF('name', 'a'))), 'v1', false)],
      ]),
    },
    'list/ownership/add_unrelated_to_list_with_duplicates': {
      ops: [
        update({
          manager: 'updater-one',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater-two',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      managed: new Map([
        ['updater-one', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'a')),
          ),
          'v1',
          false,
        )],
        ['updater-two', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'list/merge/unrelated_with_duplicated_items': {
      ops: [
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        forceApply({
          manager: 'applier',
          object: `
						unrelated: 5
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: a
				  value1: 1
				- name: a
				  value1: 2
				- name: b
				  value1: 3
				unrelated: 5
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(_NS(_P('unrelated')), 'v1', true)],
      ]),
    },
    // TODO: Owning the key is a little messed-up.
    'list/merge/change_duplicated_item': {
      ops: [
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'applier',
          object: `
						list:
						- name: a
						  value1: 3
					`,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'updater', path: _P('list', _KBF('name', 'a')) },
          ],
        }),
        forceApply({
          manager: 'applier',
          object: `
						list:
						- name: a
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: a
				  value1: 3
				- name: b
				  value1: 3
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
            _P('list', _KBF('name', 'a'), 'value1'),
          ),
          'v1',
          true,
        )],
      ]),
    },
    'list/merge/unchanged_duplicated_item': {
      ops: [
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'applier',
          object: `
						list:
						- name: a
						  value1: 2
					`,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'updater', path: _P('list', _KBF('name', 'a')) },
          ],
        }),
        forceApply({
          manager: 'applier',
          object: `
						list:
						- name: a
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: a
				  value1: 3
				- name: b
				  value1: 3
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
            _P('list', _KBF('name', 'a'), 'value1'),
          ),
          'v1',
          true,
        )],
      ]),
    },
    'list/merge/change_non_duplicated_item': {
      ops: [
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        forceApply({
          manager: 'applier',
          object: `
						list:
						- name: b
						  value1: 4
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: a
				  value1: 1
				- name: a
				  value1: 2
				- name: b
				  value1: 4
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('list'),
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
          ),
          'v1',
          false,
        )],
        ['applier', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          true,
        )],
      ]),
    },
    'list/merge/apply_update_duplicates_apply_without': {
      ops: [
        apply({
          manager: 'applier',
          object: `
						list:
						- name: a
						  value1: 1
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'updater',
          object: `
						list:
						- name: a
						  value1: 1
						- name: a
						  value1: 2
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'applier',
          object: `
						list:
						- name: b
						  value1: 3
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: a
				  value1: 1
				- name: a
				  value1: 2
				- name: b
				  value1: 3
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['applier', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value1'),
          ),
          'v1',
          true,
        )],
        ['updater', newVersionedSet(_NS(_P('list', _KBF('name', 'a'))), 'v1', false)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, duplicatesParser);
    });
  }
});
