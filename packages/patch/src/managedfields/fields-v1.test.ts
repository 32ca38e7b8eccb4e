import { describe, expect, it } from 'vitest';
import { FieldSet, serializeFieldSet } from '@kapi/structured-merge-diff';
import { decodeFieldsV1, encodeFieldsV1 } from './fields-v1.ts';

const f = (fieldName: string) => ({ fieldName });

describe('FieldsV1 caches', () => {
  it('writes an unchanged entry back as the very object it was read from', () => {
    const fieldsV1 = { 'f:data': { '.': {}, 'f:a': {} } };
    const set = decodeFieldsV1(fieldsV1);
    expect(serializeFieldSet(set)).toBe(JSON.stringify(fieldsV1));
    expect(encodeFieldsV1(set)).toBe(fieldsV1);
    // The same text read from another object gives the same set, written as that object.
    const again = structuredClone(fieldsV1);
    expect(decodeFieldsV1(again)).toBe(set);
    expect(encodeFieldsV1(set)).toBe(again);
  });

  it('rewrites entries that are not exactly the encoding of their set', () => {
    // Keys out of Go's order, and a kind of key this version drops.
    const fieldsV1 = { 'f:z': {}, 'f:a': {}, 'r:later': {} };
    const set = decodeFieldsV1(fieldsV1);
    const out = encodeFieldsV1(set);
    expect(out).not.toBe(fieldsV1);
    expect(JSON.stringify(out)).toBe('{"f:a":{},"f:z":{}}');
  });

  it('reads an object changed in place as what it now holds', () => {
    const fieldsV1: Record<string, unknown> = { 'f:spec': { 'f:replicas': {} } };
    const before = decodeFieldsV1(fieldsV1);
    fieldsV1['f:status'] = {};
    const after = decodeFieldsV1(fieldsV1);
    expect(after).not.toBe(before);
    expect(after.equals(FieldSet.of([f('spec'), f('replicas')], [f('status')]))).toBe(true);
  });

  it('writes a set equal to the manager\'s previous one as the previous encoding', () => {
    const fieldsV1 = { 'f:metadata': { 'f:labels': { 'f:app': {} } } };
    const previous = decodeFieldsV1(fieldsV1);
    const same = FieldSet.of([f('metadata'), f('labels'), f('app')]);
    expect(encodeFieldsV1(same, previous)).toBe(fieldsV1);
    const changed = FieldSet.of([f('metadata'), f('labels'), f('tier')]);
    expect(JSON.stringify(encodeFieldsV1(changed, previous))).toBe('{"f:metadata":{"f:labels":{"f:tier":{}}}}');
  });

  it('writes a changed set exactly, also where it shares levels with one written before', () => {
    const base = decodeFieldsV1({ 'f:spec': { 'f:a': { 'f:x': {} }, 'f:b': { 'f:y': {} } } });
    const grown = base.union(FieldSet.of([f('spec'), f('c')]));
    expect(JSON.stringify(encodeFieldsV1(grown))).toBe('{"f:spec":{"f:a":{"f:x":{}},"f:b":{"f:y":{}},"f:c":{}}}');
    const shrunk = grown.difference(FieldSet.of([f('spec'), f('a'), f('x')]));
    expect(JSON.stringify(encodeFieldsV1(shrunk))).toBe('{"f:spec":{"f:b":{"f:y":{}},"f:c":{}}}');
  });
});
