// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/multiple_appliers_test.go (v4.6.0):
// TestMultipleAppliersFieldUnsetting and TestMultipleAppliersFieldRenameConversions, every case in
// all 27 combinations of three versions
import { describe, it } from 'vitest';
import { apply, runTestCaseWithConverter, update, type TestCase } from '../../src/testing/index.ts';
import { _NS, _P, newVersionedSet } from './helpers.ts';
import { renamingConverter } from './converters.ts';
import { structMultiversionParser } from './parsers.ts';

const versions = ['v1', 'v2', 'v3'];
const versionTriples = versions.flatMap((v1) => versions.flatMap((v2) => versions.map((v3) => [v1, v2, v3] as const)));

function multipleAppliersFieldUnsettingCases(v1: string, v2: string, v3: string): Record<string, TestCase> {
  return {
    'unset_scalar_sole_owner': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  scalarField_${v1}: a
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: v2,
          object: `
						struct:
						  name: a
					`,
        }),
      ],
      object: `
				struct:
				  name: a
			`,
      apiVersion: v3,
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('struct', 'name')), v2, false)],
      ]),
    },
    'unset_scalar_shared_with_applier': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  scalarField_${v1}: a
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: v2,
          object: `
						struct:
						  scalarField_${v2}: a
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: v3,
          object: `
						struct:
						  name: a
					`,
        }),
      ],
      object: `
				struct:
				  name: a
				  scalarField_${v3}: a
			`,
      apiVersion: v3,
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('struct', 'name')), v3, true)],
        ['apply-two', newVersionedSet(_NS(_P('struct', `scalarField_${v2}`)), v2, false)],
      ]),
    },
    'unset_scalar_shared_with_updater': {
      ops: [
        update({
          manager: 'updater',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  scalarField_${v1}: a
					`,
        }),
        apply({
          manager: 'applier',
          apiVersion: v2,
          object: `
						struct:
						  name: a
						  scalarField_${v2}: a
					`,
        }),
        apply({
          manager: 'applier',
          apiVersion: v3,
          object: `
						struct:
						  name: a
					`,
        }),
      ],
      object: `
				struct:
				  name: a
				  scalarField_${v3}: a
			`,
      apiVersion: v3,
      managed: new Map([
        ['updater', newVersionedSet(
          _NS(
            _P('struct'),
            _P('struct', 'name'),
            _P('struct', `scalarField_${v1}`),
          ),
          v1,
          false,
        )],
        ['applier', newVersionedSet(_NS(_P('struct', 'name')), v3, true)],
      ]),
    },
    'updater_claims_field': {
      ops: [
        apply({
          manager: 'applier',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  scalarField_${v1}: a
					`,
        }),
        update({
          manager: 'updater',
          apiVersion: v2,
          object: `
						struct:
						  name: a
						  scalarField_${v2}: b
					`,
        }),
      ],
      object: `
				struct:
				  name: a
				  scalarField_${v3}: b
			`,
      apiVersion: v3,
      managed: new Map([
        ['updater', newVersionedSet(_NS(_P('struct', `scalarField_${v2}`)), v2, false)],
        ['applier', newVersionedSet(_NS(_P('struct', 'name')), v1, true)],
      ]),
    },
    'unset_complex_sole_owner': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  complexField_${v1}:
						    name: b
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: v2,
          object: `
						struct:
						  name: a
					`,
        }),
      ],
      object: `
				struct:
				  name: a
			`,
      apiVersion: v3,
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('struct', 'name')), v2, false)],
      ]),
    },
    'unset_complex_shared_with_applier': {
      ops: [
        apply({
          manager: 'apply-one',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  complexField_${v1}:
						    name: b
					`,
        }),
        apply({
          manager: 'apply-two',
          apiVersion: v2,
          object: `
						struct:
						  complexField_${v2}:
						    name: b
					`,
        }),
        apply({
          manager: 'apply-one',
          apiVersion: v3,
          object: `
						struct:
						  name: a
					`,
        }),
      ],
      object: `
				struct:
				  name: a
				  complexField_${v3}:
				    name: b
			`,
      apiVersion: v3,
      managed: new Map([
        ['apply-one', newVersionedSet(_NS(_P('struct', 'name')), v3, false)],
        ['apply-two', newVersionedSet(_NS(_P('struct', `complexField_${v2}`, 'name')), v2, false)],
      ]),
    },
  };
}

describe('TestMultipleAppliersFieldUnsetting', () => {
  const converter = renamingConverter(structMultiversionParser);
  for (const [v1, v2, v3] of versionTriples) {
    describe(`${v1}-${v2}-${v3}`, () => {
      for (const [name, test] of Object.entries(multipleAppliersFieldUnsettingCases(v1, v2, v3))) {
        it(name, () => {
          runTestCaseWithConverter(test, structMultiversionParser, converter);
        });
      }
    });
  }
});

function multipleAppliersFieldRenameConversionsCases(v1: string, v2: string, v3: string): Record<string, TestCase> {
  return {
    'updater_claims_field': {
      ops: [
        apply({
          manager: 'applier',
          apiVersion: v1,
          object: `
						struct:
						  name: a
						  scalarField_${v1}: a
					`,
        }),
        update({
          manager: 'updater',
          apiVersion: v2,
          object: `
						struct:
						  name: a
						  scalarField_${v2}: b
					`,
        }),
      ],
      object: `
				struct:
				  name: a
				  scalarField_${v3}: b
			`,
      apiVersion: v3,
      managed: new Map([
        ['updater', newVersionedSet(_NS(_P('struct', `scalarField_${v2}`)), v2, false)],
        ['applier', newVersionedSet(_NS(_P('struct', 'name')), v1, true)],
      ]),
    },
  };
}

describe('TestMultipleAppliersFieldRenameConversions', () => {
  const converter = renamingConverter(structMultiversionParser);
  for (const [v1, v2, v3] of versionTriples) {
    describe(`${v1}-${v2}-${v3}`, () => {
      for (const [name, test] of Object.entries(multipleAppliersFieldRenameConversionsCases(v1, v2, v3))) {
        it(name, () => {
          runTestCaseWithConverter(test, structMultiversionParser, converter);
        });
      }
    });
  }
});
