// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/deduced_test.go (v4.6.0): the benchmarks,
// run as tests (each case must pass, then its preprocessed operations run once as the benchmark body)
import { describe, it } from 'vitest';
import {
  apply,
  benchTestCase,
  deducedParser,
  forceApply,
  preprocessOperations,
  runTestCase,
  update,
  type TestCase,
} from '../../src/testing/index.ts';
import { _NS, _P, newVersionedSet } from './helpers.ts';

describe('BenchmarkDeducedSimple', () => {
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
  };
  it('passes', () => {
    runTestCase(test, deducedParser);
  });
  it('runs preprocessed (the benchmark body)', () => {
    preprocessOperations(test, deducedParser);
    benchTestCase(test, deducedParser);
  });
});

describe('BenchmarkDeducedNested', () => {
  const test: TestCase = {
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
  };
  it('passes', () => {
    runTestCase(test, deducedParser);
  });
  it('runs preprocessed (the benchmark body)', () => {
    preprocessOperations(test, deducedParser);
    benchTestCase(test, deducedParser);
  });
});

describe('BenchmarkDeducedNestedAcrossVersion', () => {
  const test: TestCase = {
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
  };
  it('passes', () => {
    runTestCase(test, deducedParser);
  });
  it('runs preprocessed (the benchmark body)', () => {
    preprocessOperations(test, deducedParser);
    benchTestCase(test, deducedParser);
  });
});
