// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/multiple_appliers_test.go (v4.6.0)
// (TestMultipleAppliersNestedType is in multiple-appliers-nested.test.ts, the cases across versions
// in multiple-appliers-versions.test.ts and multiple-appliers-conversion.test.ts)
import { describe, it } from 'vitest';
import { apply, deducedParser, forceApply, runTestCase, update, type TestCase } from '../../src/testing/index.ts';
import { _KBF, _NS, _P, newParser, newVersionedSet } from './helpers.ts';
import { associativeListParser } from './parsers.ts';

describe('TestMultipleAppliersSet', () => {
  const tests: Record<string, TestCase> = {
    'remove_one': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						list:
						- name: a
						- name: b
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v2',
          object: `
						list:
						- name: c
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: 'v3',
          object: `
						list:
						- name: a
					`,
        }),
      ],
      object: `
				list:
				- name: a
				- name: c
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'c')),
            _P('list', _KBF('name', 'c'), 'name'),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'same_value_no_conflict': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						list:
						- name: a
						  value: 0
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v2',
          object: `
						list:
						- name: a
						  value: 0
					`,
        }),
      ],
      object: `
				list:
				- name: a
				  value: 0
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
            _P('list', _KBF('name', 'a'), 'value'),
          ),
          'v1',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
            _P('list', _KBF('name', 'a'), 'value'),
          ),
          'v2',
          false,
        )],
      ]),
    },
    'change_value_yes_conflict': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						list:
						- name: a
						  value: 0
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v2',
          object: `
						list:
						- name: a
						  value: 1
					`,
          conflicts: [
            { manager: 'apply-one', path: _P('list', _KBF('name', 'a'), 'value') },
          ],
        }),
      ],
      object: `
				list:
				- name: a
				  value: 0
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
            _P('list', _KBF('name', 'a'), 'value'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'remove_one_keep_one': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						list:
						- name: a
						- name: b
						- name: c
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v2',
          object: `
						list:
						- name: c
						- name: d
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: 'v3',
          object: `
						list:
						- name: a
					`,
        }),
      ],
      object: `
				list:
				- name: a
				- name: c
				- name: d
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'a')),
            _P('list', _KBF('name', 'a'), 'name'),
          ),
          'v3',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'c')),
            _P('list', _KBF('name', 'd')),
            _P('list', _KBF('name', 'c'), 'name'),
            _P('list', _KBF('name', 'd'), 'name'),
          ),
          'v2',
          false,
        )],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, associativeListParser);
    });
  }
});

describe('TestMultipleAppliersDeducedType', () => {
  const tests: Record<string, TestCase> = {
    'multiple_appliers_recursive_map_deduced': {
      ops: [
        apply({
          manager: 'apply-one',
          object: `
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
						a:
						c:
						  d:
					`,
          apiVersion: 'v2',
        }),
        update({
          manager: 'controller-one',
          object: `
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
          object: ``,
          apiVersion: 'v4',
        }),
      ],
      object: `
				a:
				c:
				  d:
				    e:
				      f:
				        g:
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-two', newVersionedSet(
          _NS(
            _P('a'),
            _P('c'),
            _P('c', 'd'),
          ),
          'v2',
          false,
        )],
        ['controller-one', newVersionedSet(
          _NS(
            _P('c', 'd', 'e'),
            _P('c', 'd', 'e', 'f', 'g'),
          ),
          'v3',
          false,
        )],
        ['controller-two', newVersionedSet(_NS(_P('c', 'd', 'e', 'f')), 'v2', false)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, deducedParser);
    });
  }
});

const atomicMapParser = newParser(`types:
- name: v1
  map:
    fields:
      - name: atomicMap
        type:
          namedType: atomicMap
- name: atomicMap
  map:
    fields:
      - name: field1
        type:
          scalar: string
      - name: field2
        type:
          scalar: string
    elementRelationship: atomic
`);

describe('TestMultipleApplierAtomicMaps', () => {
  const tests: Record<string, TestCase> = {
    'force': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						atomicMap:
						  field1: a
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v1',
          object: `
						atomicMap:
						  field2: b
					`,
          conflicts: [
            { manager: 'apply-one', path: _P('atomicMap') },
          ],
        }),
        forceApply({
          manager: 'apply-two',
          apiVersion: 'v1',
          object: `
						atomicMap:
						  field2: b
					`,
        }),
      ],
      object: `
				atomicMap:
				  field2: b
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['apply-two', newVersionedSet(_NS(_P('atomicMap')), 'v1', false)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, atomicMapParser);
    });
  }
});
