// kube's TestValidateCustomResource and TestItemsProperty (pkg/apiserver/validation/validation_test.go),
// as data, plus the go-openapi messages of the checks those tables do not reach.
import { describe, expect, it } from 'vitest';
import type { JSONSchemaProps } from '@kapi/api';
import { fieldErrorString } from '@kapi/apimachinery';
import { newSchemaValidator, validateCustomResource } from '../src/index.ts';
import { loadTable } from './fixtures.ts';

interface Case {
  name: string;
  schema: JSONSchemaProps;
  objects: unknown[] | null;
  failingObjects: { object: unknown; expectErrs: string[] }[] | null;
}

const errorsOf = (schema: JSONSchemaProps, value: unknown): string[] =>
  validateCustomResource(undefined, value, newSchemaValidator(schema)).map(fieldErrorString).sort();

const hasCel = (s: JSONSchemaProps): boolean => JSON.stringify(s).includes('x-kubernetes-validations');

describe('validateCustomResource (kube TestValidateCustomResource)', () => {
  for (const tc of loadTable<Case>('validation-custom-resource.json')) {
    describe(tc.name, () => {
      (tc.objects ?? []).forEach((o, i) => {
        it(`valid object ${i}`, () => expect(errorsOf(tc.schema, o)).toEqual([]));
      });
      (tc.failingObjects ?? []).forEach((f, i) => {
        if (hasCel(tc.schema)) {
          // The expected errors come from CEL rules (x-kubernetes-validations), the CEL slice's
          // job: the schema validator itself finds nothing.
          it(`failing object ${i}: no schema errors (CEL rule errors come from the CEL seam)`, () => expect(errorsOf(tc.schema, f.object)).toEqual([]));
          return;
        }
        it(`failing object ${i}`, () => expect(errorsOf(tc.schema, f.object)).toEqual([...new Set(f.expectErrs)].sort()));
      });
    });
  }
});

describe('validateCustomResource (kube TestItemsProperty)', () => {
  for (const tc of loadTable<{ name: string; args: { schema: JSONSchemaProps; object: unknown }; wantErr: boolean }>('validation-items-property.json')) {
    it(tc.name, () => expect(errorsOf(tc.args.schema, tc.args.object).length > 0).toBe(tc.wantErr));
  }
});

// Messages of go-openapi's validators as kube reports them (kube-openapi pkg/validation/errors).
const obj = (field: JSONSchemaProps): JSONSchemaProps => ({ type: 'object', properties: { spec: { type: 'object', properties: { f: field } } } });
const cases: [string, JSONSchemaProps, unknown, string[]][] = [
  ['integer type', { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } } } }, { spec: { replicas: 'string' } }, [
    'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
  ]],
  ['integer accepts an integral float', obj({ type: 'integer' }), { spec: { f: 2 } }, []],
  ['number accepts an integer', obj({ type: 'number' }), { spec: { f: 2 } }, []],
  ['root of the wrong type', { type: 'object' }, [], ['<nil>: Invalid value: "array":  in body must be of type object: "array"']],
  ['minimum', obj({ type: 'integer', minimum: 5 }), { spec: { f: 3 } }, ['spec.f: Invalid value: 3: spec.f in body should be greater than or equal to 5']],
  ['exclusive minimum', obj({ type: 'number', minimum: 5, exclusiveMinimum: true }), { spec: { f: 5 } }, ['spec.f: Invalid value: 5: spec.f in body should be greater than 5']],
  ['maximum (float)', obj({ type: 'number', maximum: 1.5 }), { spec: { f: 2.5 } }, ['spec.f: Invalid value: 2.5: spec.f in body should be less than or equal to 1.5']],
  ['maximum (integer value): the bound prints as an integer', obj({ type: 'integer', maximum: 1000000 }), { spec: { f: 1000001 } }, ['spec.f: Invalid value: 1000001: spec.f in body should be less than or equal to 1000000']],
  ['minimum (integer value, fractional bound): truncated as go-openapi does', obj({ type: 'integer', minimum: 2.5 }), { spec: { f: 1 } }, ['spec.f: Invalid value: 1: spec.f in body should be greater than or equal to 2']],
  ['multipleOf below 1 for an integer value: the factor truncates to 0', obj({ type: 'integer', multipleOf: 0.5 }), { spec: { f: 3 } }, ['spec.f: Invalid value: 0: factor MultipleOf declared for spec.f must be positive: 0']],
  ['exclusive maximum', obj({ type: 'integer', maximum: 10, exclusiveMaximum: true }), { spec: { f: 10 } }, ['spec.f: Invalid value: 10: spec.f in body should be less than 10']],
  ['multipleOf', obj({ type: 'integer', multipleOf: 3 }), { spec: { f: 10 } }, ['spec.f: Invalid value: 10: spec.f in body should be a multiple of 3']],
  ['multipleOf (float)', obj({ type: 'number', multipleOf: 0.5 }), { spec: { f: 0.75 } }, ['spec.f: Invalid value: 0.75: spec.f in body should be a multiple of 0.5']],
  ['multipleOf (float) ok', obj({ type: 'number', multipleOf: 0.1 }), { spec: { f: 0.3 } }, []],
  ['minLength', obj({ type: 'string', minLength: 3 }), { spec: { f: 'ab' } }, ['spec.f: Invalid value: "ab": spec.f in body should be at least 3 chars long']],
  ['maxLength counts runes', obj({ type: 'string', maxLength: 2 }), { spec: { f: 'éé' } }, []],
  ['pattern', obj({ type: 'string', pattern: '^a+$' }), { spec: { f: 'b' } }, [`spec.f: Invalid value: "b": spec.f in body should match '^a+$'`]],
  ['minItems', obj({ type: 'array', minItems: 2, items: { type: 'string' } }), { spec: { f: ['a'] } }, ['spec.f: Invalid value: 1: spec.f in body should have at least 2 items']],
  ['uniqueItems', obj({ type: 'array', uniqueItems: true, items: { type: 'object' } }), { spec: { f: [{ a: 1 }, { a: 1 }] } }, [
    `spec.f: Invalid value: "": spec.f in body shouldn't contain duplicates`,
  ]],
  ['items', obj({ type: 'array', items: { type: 'integer' } }), { spec: { f: [1, 'x'] } }, ['spec.f[1]: Invalid value: "string": spec.f[1] in body must be of type integer: "string"']],
  ['minProperties', obj({ type: 'object', minProperties: 2 }), { spec: { f: { a: 1 } } }, ['spec.f: Invalid value: 1: spec.f in body should have at least 2 properties']],
  ['additionalProperties', obj({ type: 'object', additionalProperties: { type: 'string' } }), { spec: { f: { a: 1 } } }, [
    'spec.f.a: Invalid value: "integer": spec.f.a in body must be of type string: "integer"',
  ]],
  ['format uuid', obj({ type: 'string', format: 'uuid' }), { spec: { f: 'nope' } }, ['spec.f: Invalid value: "nope": spec.f in body must be of type uuid: "nope"']],
  ['format date-time', obj({ type: 'string', format: 'date-time' }), { spec: { f: '2024-13-01T00:00:00Z' } }, [
    'spec.f: Invalid value: "2024-13-01T00:00:00Z": spec.f in body must be of type date-time: "2024-13-01T00:00:00Z"',
  ]],
  ['format date-time ok', obj({ type: 'string', format: 'date-time' }), { spec: { f: '2024-01-01T10:00:00.5+01:00' } }, []],
  ['unknown format ignored', obj({ type: 'string', format: 'k8s-short-name' }), { spec: { f: '!!' } }, []],
  ['int32 format ignored', obj({ type: 'integer', format: 'int32' }), { spec: { f: 2 ** 40 } }, []],
  ['oneOf none', obj({ type: 'integer', oneOf: [{ minimum: 5 }, { maximum: 1 }] }), { spec: { f: 3 } }, [
    '<nil>: Invalid value: "": "spec.f" must validate one and only one schema (oneOf). Found none valid',
    'spec.f: Invalid value: 3: spec.f in body should be greater than or equal to 5',
  ]],
  ['oneOf two', obj({ type: 'integer', oneOf: [{ minimum: 1 }, { maximum: 5 }] }), { spec: { f: 3 } }, [
    '<nil>: Invalid value: "": "spec.f" must validate one and only one schema (oneOf). Found 2 valid alternatives',
  ]],
  ['not', obj({ type: 'string', not: { enum: ['x'] } }), { spec: { f: 'x' } }, ['<nil>: Invalid value: "": "spec.f" must not validate the schema (not)']],
  ['allOf partly', obj({ type: 'integer', allOf: [{ minimum: 1 }, { maximum: 2 }] }), { spec: { f: 3 } }, [
    '<nil>: Invalid value: "": "spec.f" must validate all the schemas (allOf)',
    'spec.f: Invalid value: 3: spec.f in body should be less than or equal to 2',
  ]],
  ['enum with null value', obj({ type: 'string', nullable: true, enum: ['a'] }), { spec: { f: null } }, ['spec.f: Unsupported value: null: supported values: "a"']],
];

describe('validateCustomResource: go-openapi messages', () => {
  for (const [name, schema, value, want] of cases) it(name, () => expect(errorsOf(schema, value)).toEqual([...want].sort()));
});

// Float bounds print as Go's %v does. (The bad value itself is printed by @kapi/apimachinery's
// field errors with JavaScript's number formatting, which differs from Go's %v for floats from
// 1e6 on and below 1e-4: only the detail is checked here.)
describe('go-openapi float formatting', () => {
  const detail = (schema: JSONSchemaProps, value: unknown) => newSchemaValidator(schema).validate(value).map((e) => e.detail);
  it('large bound', () => expect(detail(obj({ type: 'number', maximum: 1000000 }), { spec: { f: 1000000.5 } })).toEqual(['spec.f in body should be less than or equal to 1e+06']));
  it('small bound', () => expect(detail(obj({ type: 'number', minimum: 0.00001 }), { spec: { f: 0.000001 } })).toEqual(['spec.f in body should be greater than or equal to 1e-05']));
  it('plain bound', () => expect(detail(obj({ type: 'number', exclusiveMinimum: true, minimum: 123456.5 }), { spec: { f: 0.5 } })).toEqual(['spec.f in body should be greater than 123456.5']));
});
