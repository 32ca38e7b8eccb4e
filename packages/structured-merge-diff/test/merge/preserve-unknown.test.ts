// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/preserve_unknown_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, runTestCase, sameVersionParser, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, newParser, newVersionedSet } from './helpers.ts';

const preserveUnknownParser = sameVersionParser(newParser(`types:
- name: type
  map:
    fields:
      - name: num
        type:
          scalar: numeric
    elementType:
      scalar: string
`).type('type'));

describe('TestPreserveUnknownFields', () => {
  const tests: Record<string, TestCase> = {
    'preserve_unknown_fields': {
      ops: [
        apply({
          manager: 'default',
          object: `
						num: 5
						unknown: value
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'default',
          object: `
						num: 6
						unknown: new
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				num: 6
				unknown: new
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('num'),
            _P('unknown'),
          ),
          'v1',
          false,
        )],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, preserveUnknownParser);
    });
  }
});
