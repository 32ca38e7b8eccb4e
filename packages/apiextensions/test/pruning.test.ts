// kube's TestPrune (schema/pruning/algorithm_test.go), as data.
import { describe, expect, it } from 'vitest';
import { prune } from '../src/index.ts';
import { fromGo, loadTable } from './fixtures.ts';

interface Case {
  name: string;
  json: string;
  isResourceRoot: boolean;
  schema: unknown;
  expectedObject: string;
  expectedPruned: string[] | null;
}

describe('prune (kube TestPrune)', () => {
  for (const tc of loadTable<Case>('pruning-algorithm.json')) {
    it(tc.name, () => {
      const value = JSON.parse(tc.json) as unknown;
      const schema = tc.schema === null ? undefined : fromGo(tc.schema);
      const pruned = prune(value, schema, { isResourceRoot: tc.isResourceRoot, trackUnknownFieldPaths: true });
      expect(value).toEqual(JSON.parse(tc.expectedObject));
      expect(pruned).toEqual(tc.expectedPruned ?? []);
    });
  }

  it('reports nothing without trackUnknownFieldPaths, but prunes', () => {
    const value = { a: 1, b: { c: 2 } };
    expect(prune(value, { properties: { b: { properties: {} } } })).toEqual([]);
    expect(value).toEqual({ b: {} });
  });
});
