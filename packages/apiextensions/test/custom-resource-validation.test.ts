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

  // Cases after kube's ratcheting tests (pkg/apiserver/validation/ratcheting_test.go): an error is
  // dropped when the value that raised it, or its nearest correlatable ancestor, is unchanged.
  it('ratchets schema errors of unchanged values (CRDValidationRatcheting)', () => {
    const tight: JSONSchemaProps = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          required: ['must'],
          properties: {
            must: { type: 'string' },
            name: { type: 'string', maxLength: 3 },
            other: { type: 'string' },
            atomic: { type: 'array', items: { type: 'string', maxLength: 1 } },
            byKey: {
              type: 'array',
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['k'],
              items: { type: 'object', required: ['k'], properties: { k: { type: 'string' }, v: { type: 'string', maxLength: 1 } } },
            },
          },
        },
      },
    };
    const c = { validator: newSchemaValidator(tight), structural: newStructural(tight) };
    const errs = (next: object, prev: object) => validateCustomResourceContentUpdate(next as never, prev as never, c).map(fieldErrorString);
    const old = { spec: { name: 'long', atomic: ['xx'], byKey: [{ k: 'a', v: 'xx' }, { k: 'b', v: 'y' }] } };
    // Nothing changed: every error (the missing required field too) is ratcheted.
    expect(errs(old, old)).toEqual([]);
    // A sibling changed: spec changed, so its missing required field counts; name did not.
    expect(errs({ spec: { ...old.spec, other: 'x' } }, old)).toEqual(['spec.must: Required value']);
    // A changed value that is still invalid counts.
    expect(errs({ spec: { ...old.spec, must: 'm', name: 'longer' } }, old)).toEqual(['spec.name: Too long: may not be more than 3 bytes']);
    // Map-list items correlate by key, wherever they moved: a (unchanged) is ratcheted.
    expect(errs({ spec: { ...old.spec, must: 'm', byKey: [{ k: 'b', v: 'z' }, { k: 'a', v: 'xx' }] } }, old)).toEqual([]);
    // Atomic-list items do not correlate: a changed list reports all its items' errors.
    expect(errs({ spec: { ...old.spec, must: 'm', atomic: ['xx', 'y'] } }, old)).toEqual(['spec.atomic[0]: Too long: may not be more than 1 bytes']);
    // A create is never ratcheted.
    expect(validateCustomResourceContent(old as never, c).map(fieldErrorString)).toEqual([
      'spec.name: Too long: may not be more than 3 bytes',
      'spec.atomic[0]: Too long: may not be more than 1 bytes',
      'spec.byKey[0].v: Too long: may not be more than 1 bytes',
      'spec.must: Required value',
    ]);
  });
});
