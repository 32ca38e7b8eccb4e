// Arbitrary input never crashes an engine: it gives a result or a PatchError (with a kind the
// server maps to a Status), never a TypeError or a RangeError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  createThreeWayMergePatch,
  createTwoWayMergePatch,
  isPatchError,
  patchMetaFromOpenApiV3,
} from '../src/index.ts';
import { podDocument, podSchema } from './pod-openapi.ts';

const pod = patchMetaFromOpenApiV3(podDocument, podSchema);

const keys = fc.constantFrom(
  'spec', 'metadata', 'containers', 'name', 'image', 'env', 'value', 'ports', 'containerPort', 'finalizers', 'labels',
  'volumes', 'emptyDir', 'nodeSelector', 'tolerations', 'args', '$patch', '$retainKeys', '$setElementOrder/containers',
  '$setElementOrder/env', '$deleteFromPrimitiveList/finalizers', '$setElementOrderx', 'delete', 'replace', 'merge',
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, 0, 1, 1.5, 'a', 'delete', 'replace', 'merge', 'name'),
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
}));

/** Runs fn; a thrown value must be a PatchError. */
function settles(fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    if (!isPatchError(err)) throw err;
    expect(['BadRequest', 'Invalid', 'RequestEntityTooLarge', 'Unknown', 'Conflict', 'PreconditionFailed']).toContain(err.kind);
  }
}

const live = {
  metadata: { name: 'p', labels: { a: '1' }, finalizers: ['f1', 'f2'] },
  spec: {
    containers: [
      { name: 'a', image: 'x', env: [{ name: 'E', value: '1' }], ports: [{ containerPort: 80 }] },
      { name: 'b', image: 'y' },
    ],
    volumes: [{ name: 'v', emptyDir: {} }],
    nodeSelector: { k: 'v' },
  },
};

describe('robustness', () => {
  it('strategic merge patch: any patch, any documents', () => {
    fc.assert(
      fc.property(json.value, json.object, json.object, (patch, a, b) => {
        settles(() => applyStrategicMergePatch(live, patch, pod));
        settles(() => applyStrategicMergePatch(a, b, pod));
        settles(() => createTwoWayMergePatch(a, b, pod));
        settles(() => createThreeWayMergePatch(live, a, b, pod));
      }),
      { numRuns: 300 },
    );
  });

  it('JSON Patch: any operations', () => {
    const op = fc.record(
      {
        op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus', 1),
        path: fc.constantFrom('', '/', '/spec', '/spec/containers/0', '/spec/containers/-', '/spec/containers/-1', '/metadata/x', 'a/b', '/a~1b', 7),
        from: fc.constantFrom('/spec', '/metadata', '/spec/containers/1', '/nope', ''),
        value: json.value,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(op, { maxLength: 5 }), json.value), fc.constantFrom('kubernetes', 'rfc6902') as fc.Arbitrary<'kubernetes' | 'rfc6902'>, (ops, dialect) => {
        settles(() => applyJsonPatch(live, ops, { dialect }));
      }),
      { numRuns: 300 },
    );
  });

  it('JSON merge patch: any patch', () => {
    fc.assert(fc.property(json.value, json.value, (doc, patch) => settles(() => applyMergePatch(doc, patch))), { numRuns: 200 });
  });
});

describe('deep nesting', () => {
  it('answers a clear 400 where the stack runs out (kube decodes up to 10,000 levels)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { x: deep };
    for (const fn of [
      () => applyMergePatch({}, { a: deep }),
      () => applyJsonPatch({}, [{ op: 'add', path: '/a', value: deep }]),
      () => applyStrategicMergePatch({}, { spec: { tolerations: [deep] } }, pod),
    ]) {
      let caught: unknown;
      try {
        fn();
      } catch (err) {
        caught = err;
      }
      expect(isPatchError(caught) && caught.kind).toBe('BadRequest');
    }
  });
});
