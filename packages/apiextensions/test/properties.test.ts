// Properties over generated schemas and values (a seeded generator; no dependency): pruning and
// defaulting are idempotent, validation never throws, and newStructural + validateStructural
// agree with @kapi/api's isStructural (the CRD validation's own structural check).
import { describe, expect, it } from 'vitest';
import { isStructural, type JSONSchemaProps } from '@kapi/api';
import { applyDefaults, newSchemaValidator, newStructural, prune, pruneNonNullableNullsWithoutDefaults, validateStructural } from '../src/index.ts';

/** mulberry32: a small seeded PRNG. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}
type R = ReturnType<typeof rng>;

const names = ['a', 'b', 'c', 'metadata', 'kind', 'apiVersion', 'spec'];
function genSchema(r: R, depth: number, nested = false): JSONSchemaProps {
  const s: JSONSchemaProps = {};
  const type = r.pick(['object', 'object', 'array', 'string', 'integer', 'number', 'boolean', '', '']);
  if (type !== '' && !(nested && r.next() < 0.8)) s.type = type;
  if (r.next() < 0.1) s['x-kubernetes-preserve-unknown-fields'] = true;
  if (r.next() < 0.05) s['x-kubernetes-int-or-string'] = true;
  if (r.next() < 0.08) s['x-kubernetes-embedded-resource'] = true;
  if (r.next() < 0.1) s.nullable = true;
  if (r.next() < 0.1) s.description = 'd';
  if (r.next() < 0.1) s.default = r.pick([1, 'x', { a: 1 }, [1]]);
  if (r.next() < 0.1) s.minimum = r.int(5);
  if (r.next() < 0.1) s.maxLength = r.int(5);
  if (r.next() < 0.1) s.enum = ['x', 1];
  if (depth > 0) {
    if (s.type === 'array' || r.next() < 0.1) {
      if (r.next() < 0.9) s.items = genSchema(r, depth - 1, nested);
    }
    if (s.type === 'object' || r.next() < 0.2) {
      const n = r.int(3);
      if (n > 0) s.properties = Object.fromEntries(Array.from({ length: n }, () => [r.pick(names), genSchema(r, depth - 1, nested)]));
      else if (r.next() < 0.3) s.additionalProperties = r.next() < 0.7 ? genSchema(r, depth - 1, nested) : r.next() < 0.5;
    }
    if (r.next() < 0.15) s.allOf = [genSchema(r, depth - 1, true)];
    if (r.next() < 0.1) s.anyOf = [genSchema(r, depth - 1, true), genSchema(r, depth - 1, true)];
    if (r.next() < 0.05) s.not = genSchema(r, depth - 1, true);
  }
  return s;
}

function genValue(r: R, depth: number): unknown {
  const k = r.int(depth > 0 ? 7 : 5);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r.pick(['x', '', 'abc']);
    case 2:
      return r.pick([0, 1, -3, 2.5]);
    case 3:
      return r.next() < 0.5;
    case 4:
      return r.pick(['v1', 'K']);
    case 5:
      return Array.from({ length: r.int(3) }, () => genValue(r, depth - 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick([...names, 'x', 'y']), genValue(r, depth - 1)]));
  }
}

const runs = 400;

describe('generated schemas and values', () => {
  it('newStructural + validateStructural agree with @kapi/api isStructural', () => {
    const r = rng(1);
    let structural = 0;
    for (let i = 0; i < runs; i++) {
      const s: JSONSchemaProps = { type: 'object', properties: { spec: genSchema(r, 3) } };
      const ours = validateStructural(undefined, newStructural(s)).length === 0;
      expect({ schema: s, structural: ours }).toEqual({ schema: s, structural: isStructural(s) });
      if (ours) structural++;
    }
    expect(structural).toBeGreaterThan(20);
    expect(structural).toBeLessThan(runs - 20);
  });

  it('pruning is idempotent and reports nothing the second time', () => {
    const r = rng(2);
    for (let i = 0; i < runs; i++) {
      const s = newStructural({ type: 'object', properties: { spec: genSchema(r, 3) } });
      const v = genValue(r, 4);
      prune(v, s, { isResourceRoot: true, trackUnknownFieldPaths: true });
      const once = JSON.stringify(v);
      expect(prune(v, s, { isResourceRoot: true, trackUnknownFieldPaths: true })).toEqual([]);
      expect(JSON.stringify(v)).toBe(once);
    }
  });

  it('defaulting is idempotent', () => {
    const r = rng(3);
    for (let i = 0; i < runs; i++) {
      const s = newStructural({ type: 'object', properties: { spec: genSchema(r, 3) } });
      const v = genValue(r, 4);
      pruneNonNullableNullsWithoutDefaults(v, s);
      applyDefaults(v, s);
      const once = JSON.stringify(v);
      pruneNonNullableNullsWithoutDefaults(v, s);
      applyDefaults(v, s);
      expect(JSON.stringify(v)).toBe(once);
    }
  });

  it('validation never throws and reports field errors', () => {
    const r = rng(4);
    let failing = 0;
    for (let i = 0; i < runs; i++) {
      const validator = newSchemaValidator({ type: 'object', properties: { spec: genSchema(r, 3) } });
      const errs = validator.validate(genValue(r, 4));
      for (const e of errs) expect(e.field).not.toBe('');
      if (errs.length > 0) failing++;
    }
    expect(failing).toBeGreaterThan(20);
  });
});
