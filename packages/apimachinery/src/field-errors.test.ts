// Field error text of k8s.io/apimachinery/pkg/util/validation/field/errors.go and path.go (v1.33).
import { describe, expect, it } from 'vitest';
import { aggregateFieldErrors, FieldPath, fieldErrorBody, fieldErrors, fieldErrorString, omitValue, type FieldError } from './field-errors.ts';

describe('FieldPath', () => {
  it.each([
    [FieldPath.of('metadata', 'name'), 'metadata.name'],
    [FieldPath.of('metadata').child('labels'), 'metadata.labels'],
    [FieldPath.of('data').key('my.key'), 'data[my.key]'],
    [FieldPath.of('data').key('a b'), 'data[a b]'],
    [FieldPath.of('spec', 'finalizers').index(0), 'spec.finalizers[0]'],
    [FieldPath.of('spec').child('containers').index(2).child('env', 'name'), 'spec.containers[2].env.name'],
    [FieldPath.of('values').index(0).key('x'), 'values[0][x]'],
    [FieldPath.of(''), '[]'],
  ])('%s', (path, want) => {
    expect(String(path)).toBe(want);
  });

  it('is immutable: children do not change their parent', () => {
    const meta = FieldPath.of('metadata');
    meta.child('name');
    meta.index(1);
    expect(meta.toString()).toBe('metadata');
  });
});

describe('field error text', () => {
  const cases: { err: FieldError; type: string; text: string }[] = [
    {
      err: fieldErrors.required(FieldPath.of('metadata', 'name'), 'name or generateName is required'),
      type: 'FieldValueRequired',
      text: 'metadata.name: Required value: name or generateName is required',
    },
    { err: fieldErrors.required(FieldPath.of('metadata', 'namespace')), type: 'FieldValueRequired', text: 'metadata.namespace: Required value' },
    {
      err: fieldErrors.invalid(FieldPath.of('metadata', 'name'), 'Foo', 'a lowercase RFC 1123 subdomain must consist of …'),
      type: 'FieldValueInvalid',
      text: 'metadata.name: Invalid value: "Foo": a lowercase RFC 1123 subdomain must consist of …',
    },
    {
      err: fieldErrors.invalid(FieldPath.of('metadata', 'generation'), -1, 'must be greater than or equal to 0'),
      type: 'FieldValueInvalid',
      text: 'metadata.generation: Invalid value: -1: must be greater than or equal to 0',
    },
    { err: fieldErrors.invalid('spec.paused', true, 'no'), type: 'FieldValueInvalid', text: 'spec.paused: Invalid value: true: no' },
    { err: fieldErrors.invalid('spec.x', 'v'), type: 'FieldValueInvalid', text: 'spec.x: Invalid value: "v"' },
    { err: fieldErrors.invalid('spec.x', 'a\x01"b"'), type: 'FieldValueInvalid', text: 'spec.x: Invalid value: "a\\x01\\"b\\""' },
    { err: fieldErrors.invalid('spec.x', omitValue, 'hidden'), type: 'FieldValueInvalid', text: 'spec.x: Invalid value: hidden' },
    { err: fieldErrors.notFound('spec.volumes', 'data'), type: 'FieldValueNotFound', text: 'spec.volumes: Not found: "data"' },
    { err: fieldErrors.duplicate(FieldPath.of('spec', 'ports').index(1), 'http'), type: 'FieldValueDuplicate', text: 'spec.ports[1]: Duplicate value: "http"' },
    {
      err: fieldErrors.notSupported('spec.type', 'Foo', ['ClusterIP', 'NodePort']),
      type: 'FieldValueNotSupported',
      text: 'spec.type: Unsupported value: "Foo": supported values: "ClusterIP", "NodePort"',
    },
    { err: fieldErrors.notSupported('spec.type', 'Foo', []), type: 'FieldValueNotSupported', text: 'spec.type: Unsupported value: "Foo"' },
    {
      err: fieldErrors.forbidden(FieldPath.of('metadata', 'namespace'), 'not allowed on this type'),
      type: 'FieldValueForbidden',
      text: 'metadata.namespace: Forbidden: not allowed on this type',
    },
    {
      err: fieldErrors.tooLong(FieldPath.of(''), 'x'.repeat(10), 1048576),
      type: 'FieldValueTooLong',
      text: '[]: Too long: may not be more than 1048576 bytes',
    },
    { err: fieldErrors.tooLong('metadata.annotations', '', -1), type: 'FieldValueTooLong', text: 'metadata.annotations: Too long: value is too long' },
    { err: fieldErrors.tooMany('spec.items', 5, 3), type: 'FieldValueTooMany', text: 'spec.items: Too many: 5: must have at most 3 items' },
    { err: fieldErrors.tooMany('spec.items', -1, 3), type: 'FieldValueTooMany', text: 'spec.items: Too many: must have at most 3 items' },
    { err: fieldErrors.tooMany('spec.items', 5, -1), type: 'FieldValueTooMany', text: 'spec.items: Too many: 5: has too many items' },
    { err: fieldErrors.internal('spec', new Error('boom')), type: 'InternalError', text: 'spec: Internal error: boom' },
  ];

  it.each(cases)('$text', ({ err, type, text }) => {
    expect(err.type).toBe(type);
    expect(fieldErrorString(err)).toBe(text);
    expect(fieldErrorBody(err)).toBe(text.slice(err.field.length + 2));
  });
});

describe('aggregateFieldErrors', () => {
  const a = fieldErrors.required('metadata.name', 'name or generateName is required');
  const b = fieldErrors.forbidden('metadata.namespace', 'not allowed on this type');

  it('prints one error bare', () => {
    expect(aggregateFieldErrors([a])).toBe('metadata.name: Required value: name or generateName is required');
  });

  it('brackets several, in order, dropping repeats', () => {
    expect(aggregateFieldErrors([a, b, a])).toBe(
      '[metadata.name: Required value: name or generateName is required, metadata.namespace: Forbidden: not allowed on this type]',
    );
  });

  it('prints a repeated single error bare', () => {
    expect(aggregateFieldErrors([b, b])).toBe('metadata.namespace: Forbidden: not allowed on this type');
  });
});
