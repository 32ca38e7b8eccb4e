// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/schema_change_test.go (v4.6.0)
import { describe, it } from 'vitest';
import { apply, changeParser, forceApply, runTestCase, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, newParser, newVersionedSet } from './helpers.ts';

const structParser = newParser(`types:
- name: v1
  map:
    fields:
      - name: struct
        type:
          namedType: struct
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string`);

const structWithAtomicParser = newParser(`types:
- name: v1
  map:
    fields:
      - name: struct
        type:
          namedType: struct
- name: struct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    elementRelationship: atomic`);

describe('TestGranularToAtomicSchemaChanges', () => {
  const tests: Record<string, TestCase> = {
    'to-atomic': {
      ops: [
        apply({
          manager: 'one',
          object: `
						struct:
						  numeric: 1
					`,
          apiVersion: 'v1',
        }),
        changeParser({
          parser: structWithAtomicParser,
        }),
        apply({
          manager: 'two',
          object: `
						struct:
						  string: "string"
					`,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'one', path: _P('struct') },
          ],
        }),
        forceApply({
          manager: 'two',
          object: `
						struct:
						  string: "string"
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				struct:
				  string: "string"
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['two', newVersionedSet(_NS(_P('struct')), 'v1', true)],
      ]),
    },
    'to-atomic-owner-with-no-child-fields': {
      ops: [
        apply({
          manager: 'one',
          object: `
						struct:
						  numeric: 1
					`,
          apiVersion: 'v1',
        }),
        forceApply({
          // take the only child field from manager "one"
          manager: 'two',
          object: `
						struct:
						  numeric: 2
					`,
          apiVersion: 'v1',
        }),
        changeParser({
          parser: structWithAtomicParser,
        }),
        apply({
          manager: 'three',
          object: `
						struct:
						  string: "string"
					`,
          apiVersion: 'v1',
          conflicts: [
            // We expect no conflict with "one" because we do not allow a manager
            // to own a map without owning any of the children.
            { manager: 'two', path: _P('struct') },
          ],
        }),
        forceApply({
          manager: 'two',
          object: `
						struct:
						  string: "string"
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				struct:
				  string: "string"
			`,
      apiVersion: 'v1',
      managed: new Map([
        ['two', newVersionedSet(_NS(_P('struct')), 'v1', true)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, structParser);
    });
  }
});

describe('TestAtomicToGranularSchemaChanges', () => {
  const tests: Record<string, TestCase> = {
    'to-granular': {
      ops: [
        apply({
          manager: 'one',
          object: `
						struct:
						  numeric: 1
						  string: "a"
					`,
          apiVersion: 'v1',
        }),
        apply({
          manager: 'two',
          object: `
						struct:
						  string: "b"
					`,
          apiVersion: 'v1',
          conflicts: [
            { manager: 'one', path: _P('struct') },
          ],
        }),
        changeParser({
          parser: structParser,
        }),
        // No conflict after changing struct to a granular schema
        apply({
          manager: 'two',
          object: `
						struct:
						  string: "b"
					`,
          apiVersion: 'v1',
        }),
      ],
      object: `
				struct:
				  numeric: 1
				  string: "b"
			`,
      apiVersion: 'v1',
      managed: new Map([
        // Note that manager one previously owned
        // the top level _P("struct")
        // which included all of its subfields
        // when the struct field was atomic.
        //
        // Upon changing the schema of struct from
        // atomic to granular, manager one continues
        // to own the same fieldset as before,
        // but does not retain ownership of any of the subfields.
        //
        // This is a known limitation due to the inability
        // to accurately determine whether an empty field
        // was previously atomic or not.
        ['one', newVersionedSet(_NS(_P('struct')), 'v1', true)],
        ['two', newVersionedSet(_NS(_P('struct', 'string')), 'v1', true)],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, structWithAtomicParser);
    });
  }
});
