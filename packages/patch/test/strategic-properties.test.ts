// Properties of strategic merge patch over the merge-item schema of upstream's tests (read from the
// shared vectors, in its OpenAPI v2 and v3 forms): a two-way patch turns the original into the
// modified document, and a three-way patch keeps what only the live document changed. Documents
// are compared with their merging lists sorted, as upstream compares them.
import { yamlToJson } from '@kapi/apimachinery';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyStrategicMergePatch,
  createThreeWayMergePatch,
  createTwoWayMergePatch,
  patchMetaFromOpenApiV2,
  patchMetaFromOpenApiV3,
  sortMergeLists,
  type PatchMeta,
} from '../src/strategic.ts';
import { readVectorFile } from './vectors.ts';

type Item = Record<string, unknown>;

const scalar = fc.constantFrom('a', 'b', 'c', 'x');
const ints = fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 4 });
const simpleMap = fc.dictionary(fc.constantFrom('k1', 'k2', 'k3'), fc.constantFrom('v1', 'v2'), { maxKeys: 3 });
const uniqueItems = (item: fc.Arbitrary<Item>, maxLength: number) => fc.uniqueArray(item, { maxLength, selector: (i) => i['name'] });

/** A mergeItem (or, with `retain`, a retainKeysMergeItem) without nulls, merge keys unique per list. */
const itemOf = (retain: boolean): fc.Memo<Item> =>
  fc.memo((depth) => {
    const fields: Record<string, fc.Arbitrary<unknown>> = { name: fc.constantFrom('n1', 'n2', 'n3', 'n4'), value: scalar, other: scalar, mergingIntList: ints, simpleMap };
    if (!retain) fields['nonMergingIntList'] = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 });
    if (depth > 1) {
      fields['mergingList'] = uniqueItems(mergeItem(depth - 1), 3);
      fields['nonMergingList'] = fc.array(mergeItem(depth - 1), { maxLength: 2 });
      if (!retain) {
        fields['retainKeysMap'] = retainKeysItem(depth - 1);
        fields['retainKeysMergingList'] = uniqueItems(mergeItem(depth - 1), 3);
        fields['replacingItem'] = fc.dictionary(fc.constantFrom('p', 'q'), scalar, { maxKeys: 2 });
      }
    }
    return fc.record(fields, { requiredKeys: ['name'] });
  });
const mergeItem = itemOf(false);
const retainKeysItem = itemOf(true);
/** A top-level document: no `other` field, which the three-way property sets in `current` only. */
const doc = mergeItem(3).map(({ other: _, ...rest }) => rest);

const v2 = readVectorFile('strategic-merge-patch/swagger-merge-item.json');
const v3 = readVectorFile('strategic-merge-patch/swagger-merge-item-v3.json');
if (v2 !== undefined && v3 !== undefined) {
  const schemas: [string, PatchMeta][] = [
    ['OpenAPI v2', patchMetaFromOpenApiV2(yamlToJson(v2), 'mergeItem')],
    ['OpenAPI v3', patchMetaFromOpenApiV3(JSON.parse(v3), 'mergeItem')],
  ];
  for (const [name, meta] of schemas) {
    const sorted = (d: unknown) => sortMergeLists(d, meta);

    describe(`strategic merge patch properties, ${name}`, () => {
      it('apply(original, createTwoWay(original, modified)) = modified', () => {
        fc.assert(
          fc.property(doc, doc, (original, modified) => {
            const patch = createTwoWayMergePatch(original, modified, meta);
            expect(sorted(applyStrategicMergePatch(original, patch, meta))).toEqual(sorted(modified));
          }),
        );
      });

      it('a three-way patch keeps the changes made only in current', () => {
        fc.assert(
          fc.property(doc, doc, (original, modified) => {
            // current: original, plus a field and a merging list item that only the server set.
            const current: Item = { ...structuredClone(original), other: 'from-current' };
            const expected: Item = { ...structuredClone(modified), other: 'from-current' };
            const serverItem = { name: 'server-only', value: 'x' };
            if (Array.isArray(original['mergingList']) && Array.isArray(modified['mergingList'])) {
              current['mergingList'] = [...(current['mergingList'] as Item[]), serverItem];
              expected['mergingList'] = [...(expected['mergingList'] as Item[]), serverItem];
            }
            // overwrite, as kubectl apply: without it upstream reports a conflict whenever a map with
            // the replace strategy (replacingItem) is in both, since its diff always sets it.
            const patch = createThreeWayMergePatch(original, modified, current, meta, { overwrite: true });
            expect(sorted(applyStrategicMergePatch(current, patch, meta))).toEqual(sorted(expected));
          }),
        );
      });
    });
  }
}
