// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/deduced_test.go (v4.6.0): TestDeduced
// (its benchmarks are in deduced-benchmarks.test.ts)
import { describe, it } from 'vitest';
import { apply, deducedParser, forceApply, runTestCase, update, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, newVersionedSet } from './helpers.ts';

describe('TestDeduced', () => {
  const tests: Record<string, TestCase> = {
    'leaf_apply_twice': {
      ops: [
        apply({
          manager: 'default',
          object: `
						numeric: 1
						string: "string"
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'default',
          object: `
						numeric: 2
						string: "string"
						bool: false
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				numeric: 2
				string: "string"
				bool: false
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('numeric'),
            _P('string'),
            _P('bool'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'leaf_apply_update_apply_no_conflict': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "string"
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "string"
						bool: true
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 2
						string: "string"
					`,
        }),
      ],
      object: `
				numeric: 2
				string: "string"
				bool: true
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('numeric'),
            _P('string'),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(_NS(_P('bool')), 'v1', false)],
      ]),
    },
    'leaf_apply_update_apply_with_conflict': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "string"
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "controller string"
						bool: true
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 2
						string: "user string"
					`,
          conflicts: [
            { manager: 'controller', path: _P('string') },
          ],
        }),
        forceApply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 2
						string: "user string"
					`,
        }),
      ],
      object: `
				numeric: 2
				string: "user string"
				bool: true
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('numeric'),
            _P('string'),
          ),
          'v1',
          false,
        )],
        ['controller', newVersionedSet(_NS(_P('bool')), 'v1', false)],
      ]),
    },
    'leaf_apply_twice_remove': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "string"
						bool: false
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						string: "new string"
					`,
        }),
      ],
      object: `
				string: "new string"
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('string')), 'v1', false)],
      ]),
    },
    'leaf_update_remove_empty_set': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						string: "string"
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						string: "new string"
					`,
        }),
      ],
      object: `
				string: "new string"
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['controller', newVersionedSet(_NS(_P('string')), 'v1', false)],
      ]),
    },
    'apply_twice_list_is_atomic': {
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
        ['default', newVersionedSet(_NS(_P('list')), 'v1', false)],
      ]),
    },
    'apply_update_apply_list': {
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
        forceApply({
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
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('list')), 'v1', false)],
      ]),
    },
    'leaf_apply_remove_empty_set': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						string: "string"
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: ``,
        }),
      ],
      object: ``,
      apiVersion: 'v1',
      managed: new Map([]),
    },
    'apply_update_apply_nested': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						a: 1
						b:
						  c:
						    d: 2
						    e:
						    - 1
						    - 2
						    - 3
						    f:
						    - name: n
						      value: 1
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						a: 1
						b:
						  c:
						    d: 3
						    e:
						    - 1
						    - 2
						    - 3
						    - 4
						    f:
						    - name: n
						      value: 2
						g: 5
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						a: 2
						b:
						  c:
						    d: 2
						    e:
						    - 3
						    - 2
						    - 1
						    f:
						    - name: n
						      value: 1
					`,
          conflicts: [
            { manager: 'controller', path: _P('b', 'c', 'd') },
            { manager: 'controller', path: _P('b', 'c', 'e') },
            { manager: 'controller', path: _P('b', 'c', 'f') },
          ],
        }),
        forceApply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						a: 2
						b:
						  c:
						    d: 2
						    e:
						    - 3
						    - 2
						    - 1
						    f:
						    - name: n
						      value: 1
					`,
        }),
      ],
      object: `
				a: 2
				b:
				  c:
				    d: 2
				    e:
				    - 3
				    - 2
				    - 1
				    f:
				    - name: n
				      value: 1
				g: 5
			`,
      apiVersion: 'v1',
    },
    'apply_update_apply_nested_different_version': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						a: 1
						b:
						  c:
						    d: 2
						    e:
						    - 1
						    - 2
						    - 3
						    f:
						    - name: n
						      value: 1
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v2',
          object: `
						a: 1
						b:
						  c:
						    d: 3
						    e:
						    - 1
						    - 2
						    - 3
						    - 4
						    f:
						    - name: n
						      value: 2
						g: 5
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v3',
          object: `
						a: 2
						b:
						  c:
						    d: 2
						    e:
						    - 3
						    - 2
						    - 1
						    f:
						    - name: n
						      value: 1
					`,
          conflicts: [
            { manager: 'controller', path: _P('b', 'c', 'd') },
            { manager: 'controller', path: _P('b', 'c', 'e') },
            { manager: 'controller', path: _P('b', 'c', 'f') },
          ],
        }),
        forceApply({
          manager: 'default',
          apiVersion: 'v3',
          object: `
						a: 2
						b:
						  c:
						    d: 2
						    e:
						    - 3
						    - 2
						    - 1
						    f:
						    - name: n
						      value: 1
					`,
        }),
      ],
      object: `
				a: 2
				b:
				  c:
				    d: 2
				    e:
				    - 3
				    - 2
				    - 1
				    f:
				    - name: n
				      value: 1
				g: 5
			`,
      apiVersion: 'v1',
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, deducedParser);
    });
  }
});
