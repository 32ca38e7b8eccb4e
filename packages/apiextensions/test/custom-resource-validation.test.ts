// The schema part of kube's customResourceStrategy.Validate/ValidateUpdate (registry/customresource/strategy.go).
import { describe, expect, it } from 'vitest';
import type { JSONSchemaProps } from '@kapi/api';
import { fieldErrorString } from '@kapi/apimachinery';
import { newSchemaValidator, newStructural, validateCustomResourceContent, validateCustomResourceContentUpdate, type CelValidator } from '../src/index.ts';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer', minimum: 0 },
        tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
  },
};
const checks = (cel?: CelValidator) => ({ validator: newSchemaValidator(schema), structural: newStructural(schema), ...(cel ? { cel } : {}) });
const celCalls: unknown[] = [];
const cel: CelValidator = (value, old) => {
  celCalls.push([value, old]);
  return [];
};

describe('validateCustomResourceContent', () => {
  it('runs the schema, embedded resources and list-type checks in kube order', () => {
    const errs = validateCustomResourceContent({ spec: { replicas: -1, tags: ['a', 'a'], template: {} } }, checks()).map(fieldErrorString);
    expect(errs).toEqual([
      'spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
      'spec.template.apiVersion: Required value: must not be empty',
      'spec.template.kind: Required value: must not be empty',
      'spec.tags[1]: Duplicate value: "a"',
    ]);
  });

  it('runs CEL rules when nothing blocks them', () => {
    celCalls.length = 0;
    expect(validateCustomResourceContent({ spec: { replicas: -1 } }, checks(cel))).toHaveLength(1);
    expect(celCalls).toHaveLength(1);
  });

  it('does not run CEL rules after a blocking error, and says so', () => {
    celCalls.length = 0;
    const errs = validateCustomResourceContent({ spec: { replicas: 'x' } }, checks(cel)).map(fieldErrorString);
    expect(celCalls).toHaveLength(0);
    expect(errs).toEqual([
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
      '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    ]);
  });

  it('on update, passes the old object to CEL and skips list-type errors the old object already had', () => {
    celCalls.length = 0;
    const old = { spec: { tags: ['a', 'a'] } };
    expect(validateCustomResourceContentUpdate({ spec: { tags: ['b', 'b'] } }, old, checks(cel))).toEqual([]);
    expect(celCalls).toEqual([[{ spec: { tags: ['b', 'b'] } }, old]]);
    expect(validateCustomResourceContentUpdate({ spec: { tags: ['b', 'b'] } }, { spec: {} }, checks()).map(fieldErrorString)).toEqual(['spec.tags[1]: Duplicate value: "b"']);
  });
});
