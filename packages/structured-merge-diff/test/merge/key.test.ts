// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/key_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, runTestCase, type TestCase } from '../../src/testing/index.ts';
import { _KBF, _NS, _P, newVersionedSet } from './helpers.ts';
import { associativeListParser } from './parsers.ts';

describe('TestUpdateAssociativeLists', () => {
  const tests: Record<string, TestCase> = {
    'removing_obsolete_applied_structs': {
      ops: [
        apply({
          manager: 'default',
          object: `
						list:
						- name: a
						  value: 1
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'default',
          object: `
						list:
						- name: b
						  value: 2
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				list:
				- name: b
				  value: 2
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('list', _KBF('name', 'b')),
            _P('list', _KBF('name', 'b'), 'name'),
            _P('list', _KBF('name', 'b'), 'value'),
          ),
          'v1',
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
