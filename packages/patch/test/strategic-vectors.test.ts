// The cases of k8s.io/apimachinery pkg/util/strategicpatch/patch_test.go (shared vectors) run the
// way upstream runs them, against the merge-item schema read from its OpenAPI v2 and v3 documents:
// TestSortMergeLists, TestStrategicMergePatch (two-way and three-way create, then apply; `create`
// with sorted documents, `raw` exact), TestCustomStrategicMergePatch (apply only).
import { yamlToJson } from '@kapi/apimachinery';
import { describe, expect, it } from 'vitest';
import {
  applyStrategicMergePatch,
  createThreeWayMergePatch,
  createTwoWayMergePatch,
  isConflictError,
  patchMetaFromOpenApiV2,
  patchMetaFromOpenApiV3,
  sortMergeLists,
  type PatchMeta,
} from '../src/strategic.ts';
import { readVectorFile } from './vectors.ts';

type Doc = Record<string, unknown>;
interface Case {
  description: string;
  original?: Doc;
  modified?: Doc;
  current?: Doc;
  twoWay?: Doc;
  threeWay?: Doc;
  result?: Doc;
  twoWayResult?: Doc;
  sorted?: Doc;
  expectedError?: string;
}
interface Cases {
  sortMergeList: Case[];
  create: Case[];
  raw: Case[];
  custom: Case[];
  customRaw: Case[];
}

const casesText = readVectorFile('strategic-merge-patch/cases.json');
const v2Text = readVectorFile('strategic-merge-patch/swagger-merge-item.json');
const v3Text = readVectorFile('strategic-merge-patch/swagger-merge-item-v3.json');

if (casesText !== undefined && v2Text !== undefined && v3Text !== undefined) {
  const cases = JSON.parse(casesText) as Cases;
  // The v2 document has a trailing comma, which upstream's YAML-based reader accepts.
  const schemas: [string, PatchMeta][] = [
    ['OpenAPI v2', patchMetaFromOpenApiV2(yamlToJson(v2Text), 'mergeItem')],
    ['OpenAPI v3', patchMetaFromOpenApiV3(JSON.parse(v3Text), 'mergeItem')],
  ];
  const nonEmpty = (d: Doc | undefined) => d !== undefined && Object.keys(d).length > 0;

  /** Applying must give `expected`, or fail with `expectedError` in its message. */
  function expectApplied(original: Doc | undefined, patch: Doc, expected: Doc | undefined, meta: PatchMeta, expectedError?: string) {
    if (expectedError !== undefined) {
      expect(() => applyStrategicMergePatch(original, patch, meta)).toThrow(expectedError);
      return;
    }
    expect(applyStrategicMergePatch(original, patch, meta)).toEqual(expected ?? {});
  }

  /** Three-way create; a conflict is expected exactly when the description says so. */
  function expectThreeWay(c: Case, meta: PatchMeta, sort: (d: Doc | undefined) => Doc | undefined) {
    const [original, modified, current, threeWay, result] = [c.original, c.modified, c.current, c.threeWay, c.result].map(sort);
    let patch: Doc;
    try {
      patch = createThreeWayMergePatch(original, modified, current, meta, { overwrite: false });
    } catch (err) {
      expect(isConflictError(err), String(err)).toBe(true);
      expect(c.description).toContain('conflict');
      if (nonEmpty(c.result)) {
        const forced = createThreeWayMergePatch(original, modified, current, meta, { overwrite: true });
        expect(forced).toEqual(threeWay);
        expectApplied(current, forced, result, meta, c.expectedError);
      }
      return;
    }
    expect(c.description).not.toContain('conflict');
    expect(nonEmpty(c.result)).toBe(true);
    expect(patch).toEqual(threeWay);
    expectApplied(current, patch, result, meta, c.expectedError);
  }

  for (const [schemaName, meta] of schemas) {
    const sort = (d: Doc | undefined) => (d === undefined ? undefined : sortMergeLists(d, meta));
    const raw = (d: Doc | undefined) => d;

    describe(`strategic merge patch, ${schemaName}`, () => {
      describe('sortMergeList', () => {
        for (const c of cases.sortMergeList) {
          it(c.description, () => expect(sortMergeLists(c.original, meta)).toEqual(c.sorted));
        }
      });

      for (const [group, prepare] of [
        ['create', sort],
        ['raw', raw],
      ] as const) {
        describe(group, () => {
          for (const c of cases[group]) {
            it(`${c.description} (two-way)`, () => {
              const [original, twoWay, modified, expected] = [c.original, c.twoWay, c.modified, c.twoWayResult ?? c.modified].map(prepare);
              const patch = createTwoWayMergePatch(original, modified, meta);
              expect(patch).toEqual(twoWay);
              expectApplied(original, patch, expected, meta, c.expectedError);
            });
            it(`${c.description} (three-way)`, () => expectThreeWay(c, meta, prepare));
          }
        });
      }

      for (const [group, prepare] of [
        ['custom', sort],
        ['customRaw', raw],
      ] as const) {
        describe(group, () => {
          for (const c of cases[group]) {
            it(c.description, () => {
              const [original, twoWay, expected] = [c.original, c.twoWay, c.twoWayResult ?? c.modified].map(prepare);
              expectApplied(original, twoWay!, expected, meta, c.expectedError);
            });
          }
        });
      }
    });
  }
}
