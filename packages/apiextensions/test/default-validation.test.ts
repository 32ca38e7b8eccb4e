// ValidateDefaults as kube's CRD validation reports it: the default-value cases of
// TestValidateCustomResourceDefinition (apis/apiextensions/validation/validation_test.go), as data;
// and PruneDefaults.
import { describe, expect, it } from 'vitest';
import type { JSONSchemaProps } from '@kapi/api';
import { FieldPath, fieldErrorString } from '@kapi/apimachinery';
import { newStructural, pruneDefaults, validateDefaults, type Structural } from '../src/index.ts';
import { loadTable } from './fixtures.ts';

const at = FieldPath.of('spec', 'validation', 'openAPIV3Schema');

describe('validateDefaults (kube TestValidateCustomResourceDefinition default cases)', () => {
  for (const tc of loadTable<{ name: string; schema: JSONSchemaProps; errors: { Path: string; Type: string }[] }>('default-validation.json')) {
    it(tc.name, () => {
      const errs = validateDefaults(at, newStructural(tc.schema), true, true);
      const got = errs.map((e) => ({ Path: e.field, Type: e.type }));
      expect(got).toEqual(expect.arrayContaining(tc.errors));
      expect(got).toHaveLength(tc.errors.length);
    });
  }
});

describe('validateDefaults messages', () => {
  const errs = (s: JSONSchemaProps, requirePruned = true) => validateDefaults(at, newStructural(s), true, requirePruned).map(fieldErrorString);
  it('unknown fields', () => {
    expect(errs({ type: 'object', properties: { a: { type: 'object', properties: { foo: { type: 'string' } }, default: { foo: 'x', bar: 1 } } } })).toEqual([
      'spec.validation.openAPIV3Schema.properties[a].default: Invalid value: {"foo":"x","bar":1}: must not have unknown fields',
    ]);
    expect(errs({ type: 'object', properties: { a: { type: 'object', properties: { foo: { type: 'string' } }, default: { foo: 'x', bar: 1 } } } }, false)).toEqual([]);
  });
  // The value's own path inside go-openapi's messages is empty for a default: kube prints "5:  in body".
  it('schema errors at the default', () => {
    expect(errs({ type: 'object', properties: { a: { type: 'integer', maximum: 3, default: 5 } } })).toEqual([
      'spec.validation.openAPIV3Schema.properties[a].default: Invalid value: 5:  in body should be less than or equal to 3',
    ]);
  });
  it('defaults inside metadata are checked in their resource', () => {
    const s: JSONSchemaProps = {
      type: 'object',
      properties: {
        e: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { metadata: { type: 'object', properties: { name: { type: 'string', default: '..' } } } } },
      },
    };
    expect(errs(s)).toEqual([
      `spec.validation.openAPIV3Schema.properties[e].properties[metadata].properties[name].default: Invalid value: "..": must result in valid metadata: metadata.name: Invalid value: "..": may not be '..'`,
    ]);
  });
  it('calls the CEL seam only for nodes with rules whose default passed the schema', () => {
    const calls: string[] = [];
    const s = newStructural({ type: 'object', properties: { a: { type: 'integer', default: 1, 'x-kubernetes-validations': [{ rule: 'self > 1' }] }, b: { type: 'integer', default: 'x' } } });
    validateDefaults(at, s, true, true, (path, _s, value) => {
      calls.push(`${String(path)}=${JSON.stringify(value)}`);
      return [];
    });
    expect(calls).toEqual(['spec.validation.openAPIV3Schema.properties[a].default=1']);
  });
});

describe('pruneDefaults', () => {
  it('prunes unknown fields of defaults in the context of the resource and reports the change', () => {
    const s = newStructural({
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: { a: { type: 'object', properties: { x: { type: 'string' } }, default: { x: 'y', z: 1 } } },
        },
        m: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, default: { apiVersion: 'v1', kind: 'K', metadata: { name: 'n', bad: 1 }, other: 2 } },
      },
    });
    const before = JSON.stringify(s);
    const { schema, changed } = pruneDefaults(s);
    expect(changed).toBe(true);
    expect(schema.properties!.spec!.properties!.a!.default).toEqual({ x: 'y' });
    expect((schema.properties!.m as Structural).default).toEqual({ apiVersion: 'v1', kind: 'K', metadata: { name: 'n' }, other: 2 });
    expect(JSON.stringify(s)).toBe(before);
  });
  it('leaves pruned defaults alone', () => {
    const s = newStructural({ type: 'object', properties: { a: { type: 'string', default: 'x' } } });
    expect(pruneDefaults(s)).toEqual({ schema: s, changed: false });
  });
});
