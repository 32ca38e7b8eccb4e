// kube's TestDefault (schema/defaulting/algorithm_test.go) and TestPruneNonNullableNullsWithoutDefaults
// (prunenulls_test.go), as data.
import { describe, expect, it } from 'vitest';
import { applyDefaults, pruneNonNullableNullsWithoutDefaults, type Structural } from '../src/index.ts';
import { fromGo, loadTable } from './fixtures.ts';

interface Case {
  name: string;
  json: string;
  schema: unknown;
  expected: string;
}

describe('applyDefaults (kube TestDefault)', () => {
  for (const tc of loadTable<Case>('defaulting-algorithm.json')) {
    it(tc.name, () => {
      const value = JSON.parse(tc.json) as unknown;
      applyDefaults(value, tc.schema === null ? undefined : fromGo(tc.schema));
      expect(value).toEqual(JSON.parse(tc.expected));
    });
  }

  it('copies defaults: changing a defaulted value leaves the schema alone', () => {
    const schema: Structural = { properties: { a: { default: { x: [1] } } } };
    const v1: Record<string, { x: number[] }> = {};
    applyDefaults(v1, schema);
    v1.a!.x.push(2);
    const v2: Record<string, unknown> = {};
    applyDefaults(v2, schema);
    expect(v2).toEqual({ a: { x: [1] } });
  });

  it('defaults inside embedded resources', () => {
    const schema: Structural = {
      properties: { e: { xEmbeddedResource: true, properties: { spec: { properties: { r: { default: 1 } } } } } },
    };
    const v = { e: { apiVersion: 'v1', kind: 'K', spec: {} } };
    applyDefaults(v, schema);
    expect(v).toEqual({ e: { apiVersion: 'v1', kind: 'K', spec: { r: 1 } } });
  });
});

describe('pruneNonNullableNullsWithoutDefaults (kube TestPruneNonNullableNullsWithoutDefaults)', () => {
  for (const tc of loadTable<Case>('defaulting-prunenulls.json')) {
    it(tc.name, () => {
      const value = JSON.parse(tc.json) as unknown;
      pruneNonNullableNullsWithoutDefaults(value, tc.schema === null ? undefined : fromGo(tc.schema));
      expect(value).toEqual(JSON.parse(tc.expected));
    });
  }
});
