// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/default_keys_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { apply, runTestCase, type TestCase } from '../../src/testing/index.ts';
import { _KBF, _NS, _P, newParser, newVersionedSet } from './helpers.ts';

// portListParser sets the default value of key "protocol" to "TCP"
const portListParser = newParser(`types:
- name: v1
  map:
    fields:
      - name: containerPorts
        type:
          list:
            elementType:
              map:
                fields:
                - name: port
                  type:
                    scalar: numeric
                - name: protocol
                  default: "TCP"
                  type:
                    scalar: string
                - name: name
                  type:
                    scalar: string
            elementRelationship: associative
            keys:
            - port
            - protocol
`);

describe('TestDefaultKeysFlat', () => {
  const tests: Record<string, TestCase> = {
    'apply_missing_defaulted_key_A': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
					`,
        }),
      ],
      apiVersion: 'v1',
      object: `
				containerPorts:
				- port: 80
			`,
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP')),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'port'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_missing_defaulted_key_B': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
						- port: 80
						  protocol: UDP
					`,
        }),
      ],
      apiVersion: 'v1',
      object: `
				containerPorts:
				- port: 80
				- port: 80
				  protocol: UDP
			`,
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP')),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'port'),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'UDP')),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'UDP'), 'port'),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'UDP'), 'protocol'),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_missing_defaulted_key_with_conflict': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
						  protocol: TCP
						  name: foo
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
						  name: bar
					`,
          conflicts: [
            { manager: 'apply-one', path: _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'name') },
          ],
        }),
      ],
      apiVersion: 'v1',
      object: `
				containerPorts:
				- port: 80
				  protocol: TCP
				  name: foo
			`,
      managed: new Map([
        ['apply-one', newVersionedSet(
          _NS(
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP')),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'port'),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'protocol'),
            _P('containerPorts', _KBF('port', 80, 'protocol', 'TCP'), 'name'),
          ),
          'v1',
          false,
        )],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, portListParser);
    });
  }
});

describe('TestDefaultKeysFlatErrors', () => {
  const tests: Record<string, TestCase> = {
    'apply_missing_undefaulted_defaulted_key': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- protocol: TCP
					`,
        }),
      ],
    },
    'apply_missing_defaulted_key_ambiguous_A': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
						- port: 80
					`,
        }),
      ],
    },
    'apply_missing_defaulted_key_ambiguous_B': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						containerPorts:
						- port: 80
						- port: 80
						  protocol: TCP
					`,
        }),
      ],
    },
  };
  // Upstream only checks that these fail; the port also pins Go's messages.
  const wantErrors: Record<string, string> = {
    apply_missing_undefaulted_defaulted_key:
      'failed operation 0: .containerPorts: element 0: associative list with keys has an element that omits key field "port" (and doesn\'t have default value)',
    apply_missing_defaulted_key_ambiguous_A:
      'failed operation 0: .containerPorts: duplicate entries for key [port=80,protocol="TCP"]',
    apply_missing_defaulted_key_ambiguous_B:
      'failed operation 0: .containerPorts: duplicate entries for key [port=80,protocol="TCP"]',
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      expect(() => runTestCase(test, portListParser)).toThrow(wantErrors[name]);
    });
  }
});

// bookParser sets the default value of key:
// * "chapter" to 1
// * "section" to "A"
// * "page" to 2,
// * "line" to 3,
const bookParser = newParser(`types:
- name: v1
  map:
    fields:
      - name: book
        type:
          list:
            elementType:
              map:
                fields:
                - name: chapter
                  default: 1
                  type:
                    scalar: numeric
                - name: section
                  default: "A"
                  type:
                    scalar: string
                - name: sentences
                  type:
                    list:
                      elementType:
                        map:
                          fields:
                          - name: page
                            default: 2.0
                            type:
                              scalar: numeric
                          - name: line
                            default: 3
                            type:
                              scalar: numeric
                          - name: text
                            type:
                              scalar: string
                      elementRelationship: associative
                      keys:
                      - page
                      - line
            elementRelationship: associative
            keys:
            - chapter
            - section
`);

describe('TestDefaultKeysNested', () => {
  const tests: Record<string, TestCase> = {
    'apply_missing_every_key_nested': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						book:
						- sentences:
						  - text: blah
					`,
        }),
      ],
      apiVersion: 'v1',
      object: `
				book:
				- sentences:
				  - text: blah
			`,
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('book', _KBF('chapter', 1, 'section', 'A')),
            _P('book', _KBF('chapter', 1, 'section', 'A'), 'sentences', _KBF('page', 2, 'line', 3)),
            _P(
              'book',
              _KBF('chapter', 1, 'section', 'A'),
              'sentences',
              _KBF('page', 2, 'line', 3),
              'text',
            ),
          ),
          'v1',
          false,
        )],
      ]),
    },
    'apply_integer_key_with_float_default': {
      ops: [
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						book:
						- sentences:
						  - text: blah
					`,
        }),
        apply({
          manager: 'default',
          apiVersion: 'v1',
          object: `
						book:
						- sentences:
						  - text: blah
						    page: 2
					`,
        }),
      ],
      apiVersion: 'v1',
      object: `
				book:
				- sentences:
				  - text: blah
				    page: 2
			`,
      managed: new Map([
        ['default', newVersionedSet(
          _NS(
            _P('book', _KBF('chapter', 1, 'section', 'A')),
            _P('book', _KBF('chapter', 1, 'section', 'A'), 'sentences', _KBF('page', 2, 'line', 3)),
            _P(
              'book',
              _KBF('chapter', 1, 'section', 'A'),
              'sentences',
              _KBF('page', 2, 'line', 3),
              'text',
            ),
            _P(
              'book',
              _KBF('chapter', 1, 'section', 'A'),
              'sentences',
              _KBF('page', 2, 'line', 3),
              'page',
            ),
          ),
          'v1',
          false,
        )],
      ]),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    it(name, () => {
      runTestCase(test, bookParser);
    });
  }
});
