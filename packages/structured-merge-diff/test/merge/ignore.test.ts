// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/ignore_test.go (v4.6.0)
import { describe, it } from 'vitest';
import {
  apply,
  deducedParser,
  runTestCase,
  runTestCaseWithConverter,
  update,
  type TestCase,
} from '../../src/testing/index.ts';
import { repeatingConverter } from './converters.ts';
import { _NS, _P, newExcludeSetFilter, newVersionedSet } from './helpers.ts';
import { nestedTypeParser } from './parsers.ts';

describe('TestIgnoreFilter', () => {
  const tests: Record<string, TestCase> = {
    'update_does_not_own_ignored': {
      apiVersion: 'v1',
      ops: [
        update({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "some string"
					`,
        }),
      ],
      object: `
				numeric: 1
				string: "some string"
			`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', false)],
      ]),
      ignoreFilter: new Map([
        ['v1', newExcludeSetFilter(_NS(_P('string')))],
      ]),
    },
    'update_does_not_own_deep_ignored': {
      apiVersion: 'v1',
      ops: [
        update({
          manager: 'default',
          apiVersion: 'v1',
          object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
        }),
      ],
      object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', false)],
      ]),
      ignoreFilter: new Map([
        ['v1', newExcludeSetFilter(_NS(_P('obj')))],
      ]),
    },
    'apply_does_not_own_ignored': {
      apiVersion: 'v1',
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "some string"
					`,
        }),
      ],
      object: `
				numeric: 1
				string: "some string"
			`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', true)],
      ]),
      ignoreFilter: new Map([
        ['v1', newExcludeSetFilter(_NS(_P('string')))],
      ]),
    },
    'apply_does_not_own_deep_ignored': {
      apiVersion: 'v1',
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
        }),
      ],
      object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', true)],
      ]),
      ignoreFilter: new Map([
        ['v1', newExcludeSetFilter(_NS(_P('obj')))],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, deducedParser);
    });
  }
});

describe('TestIgnoredFields', () => {
  const tests: Record<string, TestCase> = {
    'update_does_not_own_ignored': {
      apiVersion: 'v1',
      ops: [
        update({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "some string"
					`,
        }),
      ],
      object: `
				numeric: 1
				string: "some string"
			`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', false)],
      ]),
      ignoredFields: new Map([
        ['v1', _NS(_P('string'))],
      ]),
    },
    'update_does_not_own_deep_ignored': {
      apiVersion: 'v1',
      ops: [
        update({
          manager: 'default',
          apiVersion: 'v1',
          object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
        }),
      ],
      object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', false)],
      ]),
      ignoredFields: new Map([
        ['v1', _NS(_P('obj'))],
      ]),
    },
    'apply_does_not_own_ignored': {
      apiVersion: 'v1',
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						numeric: 1
						string: "some string"
					`,
        }),
      ],
      object: `
				numeric: 1
				string: "some string"
			`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', true)],
      ]),
      ignoredFields: new Map([
        ['v1', _NS(_P('string'))],
      ]),
    },
    'apply_does_not_own_deep_ignored': {
      apiVersion: 'v1',
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
        }),
      ],
      object: `{"numeric": 1, "obj": {"string": "foo", "numeric": 2}}`,
      managed: new Map([
        ['default', newVersionedSet(_NS(_P('numeric')), 'v1', true)],
      ]),
      ignoredFields: new Map([
        ['v1', _NS(_P('obj'))],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, deducedParser);
    });
  }
});

describe('TestFilteredFieldsUsesVersions', () => {
  const tests: Record<string, TestCase> = {
    'does_use_ignored_fields_versions': {
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
						  aa:
						  cc:
						    dd:
					`,
          apiVersion: 'v2',
        }),
        apply({
          manager: 'apply-one',
          object: `
						mapOfMapsRecursive:
					`,
          apiVersion: 'v4',
        }),
      ],
      // note that this still contains cccc due to ignored fields not being removed from the update result
      object: `
				mapOfMapsRecursive:
				  aaaa:
				  cccc:
				    dddd:
			`,
      apiVersion: 'v4',
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('mapOfMapsRecursive')), 'v4', false)],
        ['apply-two', newVersionedSet(_NS(_P('mapOfMapsRecursive', 'aa')), 'v2', false)],
      ]),
      ignoreFilter: new Map([
        ['v1', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'c')))],
        ['v2', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'cc')))],
        ['v3', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'ccc')))],
        ['v4', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'cccc')))],
      ]),
    },
    'update_does_not_steal_ignored': {
      apiVersion: 'v1',
      ops: [
        update({
          manager: 'update-one',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						  c:
						    d:
					`,
          apiVersion: 'v1',
        }),
        update({
          manager: 'update-two',
          object: `
						mapOfMapsRecursive:
						  a:
						    b:
						  c:
						    e:
					`,
          apiVersion: 'v2',
        }),
      ],
      object: `
				mapOfMapsRecursive:
				  a:
				    b:
				  c:
				    e:
			`,
      managed: new Map([
        ['update-one', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive'),
            _P('mapOfMapsRecursive', 'a'),
            _P('mapOfMapsRecursive', 'a', 'b'),
            _P('mapOfMapsRecursive', 'c'),
          ),
          'v1',
          false,
        )],
        ['update-two', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive', 'a'),
            _P('mapOfMapsRecursive', 'a', 'b'),
          ),
          'v2',
          false,
        )],
      ]),
      ignoreFilter: new Map([
        ['v2', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'c')))],
      ]),
    },
    'apply_does_not_steal_ignored': {
      apiVersion: 'v1',
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
						    b:
						  c:
						    e:
					`,
          apiVersion: 'v2',
        }),
      ],
      object: `
				mapOfMapsRecursive:
				  a:
				    b:
				  c:
				    d:
			`,
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive', 'a'),
            _P('mapOfMapsRecursive', 'a', 'b'),
            _P('mapOfMapsRecursive', 'c'),
            _P('mapOfMapsRecursive', 'c', 'd'),
          ),
          'v1',
          false,
        )],
        ['apply-two', newVersionedSet(
          _NS(
            _P('mapOfMapsRecursive', 'a'),
            _P('mapOfMapsRecursive', 'a', 'b'),
          ),
          'v2',
          false,
        )],
      ]),
      ignoreFilter: new Map([
        ['v2', newExcludeSetFilter(_NS(_P('mapOfMapsRecursive', 'c')))],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCaseWithConverter(test, nestedTypeParser, repeatingConverter(nestedTypeParser));
    });
  }
});
