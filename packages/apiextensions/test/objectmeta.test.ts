// kube's TestCoerce (schema/objectmeta/algorithm_test.go), TestValidateEmbeddedResource and
// TestValidate (validation_test.go), as data.
import { describe, expect, it } from 'vitest';
import { fieldErrorString } from '@kapi/apimachinery';
import { coerceEmbeddedResources, validateEmbeddedResource, validateEmbeddedResources, type Structural } from '../src/index.ts';
import { fromGo, loadTable } from './fixtures.ts';

interface CoerceCase {
  name: string;
  json: string;
  includeRoot: boolean;
  dropInvalidFields: boolean;
  schema: unknown;
  expected: string;
  expectedError: boolean;
  expectedUnknownFields: string[] | null;
}

describe('coerceEmbeddedResources (kube TestCoerce)', () => {
  for (const tc of loadTable<CoerceCase>('objectmeta-coerce.json')) {
    it(tc.name, () => {
      const value = JSON.parse(tc.json) as unknown;
      const schema = tc.schema === null ? undefined : fromGo<Structural>(tc.schema);
      const { error, unknownFieldPaths } = coerceEmbeddedResources(undefined, value, schema, tc.includeRoot, { dropInvalidFields: tc.dropInvalidFields, returnUnknownFieldPaths: true });
      expect(error !== undefined).toBe(tc.expectedError);
      if (!tc.expectedError) expect(value).toEqual(JSON.parse(tc.expected));
      expect(unknownFieldPaths).toEqual(tc.expectedUnknownFields ?? []);
    });
  }

  it('reports a malformed field with encoding/json\'s message', () => {
    const value = { apiVersion: 'v1', kind: 'K', metadata: { name: 1 } };
    const { error } = coerceEmbeddedResources(undefined, value, undefined, true);
    expect(error && fieldErrorString(error)).toBe('metadata: Invalid value: {"name":1}: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string');
  });

  it('reports apiVersion and kind that are not strings', () => {
    const { error } = coerceEmbeddedResources(undefined, { apiVersion: 1 }, undefined, true);
    expect(error && fieldErrorString(error)).toBe('apiVersion: Invalid value: 1: must be a string');
  });
});

interface Match {
  Path: string;
  Type: string;
}

const matches = (errs: { field: string; type: string }[], want: Match[] | null) => {
  const got = errs.map((e) => ({ Path: e.field, Type: e.type }));
  expect(got).toEqual(expect.arrayContaining(want ?? []));
  expect(got).toHaveLength((want ?? []).length);
};

describe('validateEmbeddedResource (kube TestValidateEmbeddedResource)', () => {
  for (const tc of loadTable<{ name: string; object: Record<string, unknown>; errors: Match[] | null }>('objectmeta-embedded.json')) {
    it(tc.name, () => matches(validateEmbeddedResource(undefined, tc.object), tc.errors));
  }

  it('messages', () => {
    const errs = validateEmbeddedResource(undefined, { apiVersion: 'a/b/c', kind: 'foo.bar-com', metadata: { name: '..' } }).map(fieldErrorString);
    expect(errs).toEqual([
      'apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      `kind: Invalid value: "foo.bar-com": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
      "metadata.name: Invalid value: \"..\": may not be '..'",
    ]);
  });
});

describe('validateEmbeddedResources (kube TestValidate)', () => {
  const schema: Structural = {
    properties: {
      embedded: { xEmbeddedResource: true },
      nested: { xEmbeddedResource: true, properties: { embedded: { xEmbeddedResource: true } } },
      items: { items: { xEmbeddedResource: true } },
      additionalProperties: { additionalProperties: { bool: false, structural: { xEmbeddedResource: true } } },
    },
  };
  for (const tc of loadTable<{ name: string; object: string; includeRoot: boolean; errors: Match[] | null }>('objectmeta-validate.json')) {
    it(tc.name, () => matches(validateEmbeddedResources(undefined, JSON.parse(tc.object), schema, tc.includeRoot), tc.errors));
  }
});

describe('malformed metadata', () => {
  const values: unknown[] = [{ ownerReferences: [{}] }, { ownerReferences: [null, { controller: 'yes' }] }, { managedFields: [{}] }, { finalizers: [null] }, { labels: { a: null } }, { creationTimestamp: '' }, 'str', 5, [], null, { generation: 1.5 }, { annotations: { a: 1 } }];
  for (const metadata of values) {
    it(`validates and coerces ${JSON.stringify(metadata)} without throwing`, () => {
      expect(() => validateEmbeddedResource(undefined, { apiVersion: 'v1', kind: 'K', metadata })).not.toThrow();
      const obj = { apiVersion: 'v1', kind: 'K', metadata };
      expect(coerceEmbeddedResources(undefined, obj, undefined, true, { dropInvalidFields: true }).error).toBeUndefined();
    });
  }
  it('reports Go decoding errors', () => {
    const errs = (metadata: unknown) => validateEmbeddedResource(undefined, { apiVersion: 'v1', kind: 'K', metadata }).map(fieldErrorString);
    expect(errs('str')).toEqual(['metadata: Invalid value: "str": json: cannot unmarshal string into Go value of type v1.ObjectMeta']);
    expect(errs({ generation: 1.5 })).toEqual(['metadata: Invalid value: {"generation":1.5}: json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64']);
    expect(errs({ ownerReferences: [{ controller: 'yes' }] })).toEqual([
      'metadata: Invalid value: {"ownerReferences":[{"controller":"yes"}]}: json: cannot unmarshal string into Go struct field OwnerReference.ownerReferences.controller of type bool',
    ]);
  });
  it('writes times back as metav1.Time does', () => {
    const obj = { apiVersion: 'v1', kind: 'K', metadata: { name: 'n', creationTimestamp: '2024-01-01T10:00:00.5+01:00' } };
    coerceEmbeddedResources(undefined, obj, undefined, true);
    expect(obj.metadata).toEqual({ name: 'n', creationTimestamp: '2024-01-01T09:00:00Z' });
  });
  it('drops malformed fields and null metadata becomes empty', () => {
    const obj = { apiVersion: 'v1', kind: 'K', metadata: { name: 'n', generation: 'x', labels: { a: null } } };
    coerceEmbeddedResources(undefined, obj, undefined, true, { dropInvalidFields: true });
    expect(obj.metadata).toEqual({ name: 'n', labels: { a: '' } });
    const nul: Record<string, unknown> = { apiVersion: 'v1', kind: 'K', metadata: null };
    coerceEmbeddedResources(undefined, nul, undefined, true);
    expect(nul.metadata).toEqual({});
  });
});
