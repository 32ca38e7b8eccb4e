// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/obsolete_versions_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { managedFieldsDifference, managedFieldsToString } from '../../src/fieldpath/managers.ts';
import { newUpdater, type Converter } from '../../src/merge/update.ts';
import { deducedParser, newState, sameVersionParser } from '../../src/testing/index.ts';
import { _NS, _P, newParser, newVersionedSet } from './helpers.ts';

/** Converts nothing, but knows only the versions listed in `acceptedVersions`. */
function specificVersionConverter(acceptedVersions: string[]): Converter & { acceptedVersions: string[] } {
  return {
    acceptedVersions,
    convert(object, version) {
      if (this.acceptedVersions.includes(version)) return object;
      throw new Error(`Unknown version: ${version}`);
    },
    isMissingVersionError: (err) => err !== undefined && err !== null,
  };
}

describe('TestObsoleteVersions', () => {
  // Managers of fields in a version that no longer exists are removed automatically.
  it('drops the managers of removed versions', () => {
    const converter = specificVersionConverter(['v1', 'v2']);
    const state = newState({ updater: newUpdater({ converter }), parser: deducedParser });

    state.update(`{"v1": 0}`, 'v1', 'v1');
    state.update(`{"v1": 0, "v2": 0}`, 'v2', 'v2');
    // Remove v1, add v3 instead.
    converter.acceptedVersions = ['v2', 'v3'];
    state.update(`{"v1": 0, "v2": 0, "v3": 0}`, 'v3', 'v3');

    const managers = new Map([
      ['v2', newVersionedSet(_NS(_P('v2')), 'v2', false)],
      ['v3', newVersionedSet(_NS(_P('v3')), 'v3', false)],
    ]);
    const diff = managedFieldsDifference(state.managers, managers);
    expect(
      diff.size,
      `expected Managers to be ${managedFieldsToString(managers)}, got ${managedFieldsToString(state.managers)}`,
    ).toBe(0);
  });
});

describe('TestApplyObsoleteVersion', () => {
  it('does not prune with a last-applied set of a removed version', () => {
    const converter = specificVersionConverter(['v1']);
    const tparser = newParser(`types:
- name: sets
  map:
    fields:
    - name: list
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative`);
    const parser = sameVersionParser(tparser.type('sets'));
    const state = newState({ updater: newUpdater({ converter }), parser: sameVersionParser(parser.type('sets')) });

    state.apply(`{"list": ["a", "b", "c", "d"]}`, 'v1', 'apply', false);
    // Remove v1, add v2 instead.
    converter.acceptedVersions = ['v2'];
    state.apply(`{"list": ["a"]}`, 'v2', 'apply', false);

    const comparison = state.compareLive(`{"list": ["a", "b", "c", "d"]}`, 'v2');
    expect(comparison, `Unexpected object:\n${comparison}`).toBe('');
  });
});
