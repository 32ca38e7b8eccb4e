// The community JSON Patch suite (json-patch/json-patch-tests) against applyJsonPatch: every
// record passes in the 'rfc6902' dialect; in the 'kubernetes' dialect (kube-apiserver's
// evanphx/json-patch v4) the records where kube departs from the RFC give kube's answer instead.
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, isPatchError } from '../src/index.ts';
import { readVectorFile } from './vectors.ts';

interface Vector {
  doc?: unknown;
  patch?: unknown[];
  expected?: unknown;
  error?: string;
  comment?: string;
  disabled?: boolean;
}

/** What kube-apiserver answers where the RFC and its v4 JSON Patch disagree (by record comment). */
const kubeAnswers: Record<string, { expected: unknown } | { error: string }> = {
  'replace object document with array document?': { error: 'add operation does not apply: doc is missing path: "": missing value' },
  'replace array document with object document?': { error: 'add operation does not apply: doc is missing path: "": missing value' },
  'replacing the root of the document is possible with add': {
    error: 'add operation does not apply: doc is missing path: "": missing value',
  },
  'Out of bounds (lower)': { expected: { bar: [1, 2, '5'] } },
  "missing 'value' parameter to add": { expected: [1, null] },
  "missing 'value' parameter to replace": { expected: [null] },
  "missing 'value' parameter to test": { expected: [null] },
  "missing from location to copy": { expected: { foo: null } },
  'test with bad array number that has leading zeros': { expected: ['foo', 'bar'] },
};

const text = readVectorFile('json-patch/tests.json');
if (text !== undefined) {
  const records = (JSON.parse(text) as Vector[]).filter((r) => r.patch !== undefined && !r.disabled);
  const name = (r: Vector, i: number) => `${i}: ${r.comment ?? r.error ?? JSON.stringify(r.patch)}`;

  describe('json-patch-tests, rfc6902 dialect', () => {
    records.forEach((r, i) => {
      it(name(r, i), () => {
        const doc = structuredClone(r.doc);
        if (r.error !== undefined) {
          expect(() => applyJsonPatch(r.doc, r.patch, { dialect: 'rfc6902' })).toThrow();
        } else {
          expect(applyJsonPatch(r.doc, r.patch, { dialect: 'rfc6902' })).toEqual(r.expected ?? r.doc);
        }
        expect(r.doc).toEqual(doc);
      });
    });
  });

  describe('json-patch-tests, kubernetes dialect', () => {
    const used = new Set<string>();
    records.forEach((r, i) => {
      const key = r.comment ?? r.error ?? '';
      const kube = kubeAnswers[key] ?? kubeAnswers[r.error ?? ''];
      it(name(r, i), () => {
        if (kube !== undefined) used.add(kubeAnswers[key] ? key : r.error!);
        const want = kube ?? (r.error !== undefined ? { error: '' } : { expected: r.expected ?? r.doc });
        if ('error' in want) {
          let caught: unknown;
          try {
            applyJsonPatch(r.doc, r.patch);
          } catch (err) {
            caught = err;
          }
          expect(isPatchError(caught)).toBe(true);
          expect((caught as Error).message).toContain(want.error);
        } else {
          expect(applyJsonPatch(r.doc, r.patch)).toEqual(want.expected);
        }
      });
    });
    it('lists only records that exist', () => {
      expect([...used].sort()).toEqual(Object.keys(kubeAnswers).sort());
    });
  });
}
