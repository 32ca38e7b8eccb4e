// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/leaf_test.go (v4.6.0)
import { describe, it } from 'vitest';
import {
  apply,
  benchTestCase,
  forceApply,
  preprocessOperations,
  runTestCase,
  sameVersionParser,
  update,
  type TestCase,
} from '../../src/testing/index.ts';
import { _NS, _P, newParser, newVersionedSet } from './helpers.ts';

const leafFieldsParser = sameVersionParser(newParser(`types:
- name: leafFields
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
        scalar: boolean`).type('leafFields'));

describe('TestUpdateLeaf', () => {
  const tests: Record<string, TestCase> = {
    'apply_twice': {
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
    'apply_twice_different_versions': {
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
          apiVersion: 'v2',
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
          'v2',
          false,
        )],
      ]),
    },
    'apply_update_apply_no_conflict': {
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
    'apply_update_apply_no_conflict_different_version': {
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
          apiVersion: 'v2',
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
        ['controller', newVersionedSet(_NS(_P('bool')), 'v2', false)],
      ]),
    },
    'apply_update_apply_with_conflict': {
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
    'apply_update_apply_with_conflict_across_version': {
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
          apiVersion: 'v2',
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
        ['controller', newVersionedSet(_NS(_P('bool')), 'v2', false)],
      ]),
    },
    'apply_twice_remove': {
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
    'update_apply_omits': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 2
					`,
        }),
        update({
          manager: 'controller',
          apiVersion: 'v1',
          object: `
						numeric: 1
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: ``,
        }),
      ],
      object: `
						numeric: 1
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['controller', newVersionedSet(_NS(_P('numeric')), 'v1', false)],
      ]),
    },
    'apply_twice_remove_different_version': {
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
          apiVersion: 'v2',
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
        ['default', newVersionedSet(_NS(_P('string')), 'v2', false)],
      ]),
    },
    'update_remove_empty_set': {
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
    'apply_remove_empty_set': {
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
          object: '',
        }),
      ],
      object: `
			`,
      apiVersion: 'v1',
      managed: new Map([]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, leafFieldsParser);
    });
  }
});

describe('BenchmarkLeafConflictAcrossVersion', () => {
  const test: TestCase = {
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
        apiVersion: 'v2',
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
      ['controller', newVersionedSet(_NS(_P('bool')), 'v2', false)],
    ]),
  };
  it('passes', () => {
    runTestCase(test, leafFieldsParser);
  });
  it('runs preprocessed (the benchmark body)', () => {
    preprocessOperations(test, leafFieldsParser);
    benchTestCase(test, leafFieldsParser);
  });
});
