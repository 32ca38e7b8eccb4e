// Behaviour of k8s.io/apimachinery/pkg/util/validation/field/errors.go and path.go (v1.33).
import { goQuote } from './internal/go-quote.ts';

/** The kinds of field error; the values are the StatusCause `reason` strings. */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const typeText: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Marks a field error whose value must not be printed. */
export const omitValue: unique symbol = Symbol('omitValue');

/** One problem with one field of an object, addressed by its path (`metadata.name`, `data[k]`). */
export interface FieldError {
  readonly type: FieldErrorType;
  readonly field: string;
  readonly badValue: unknown;
  readonly detail: string;
}

/** A field path under construction: `root.child[3][key]`. */
export class FieldPath {
  private constructor(private readonly text: string) {}

  /** A path from its first element(s). */
  static of(name: string, ...more: string[]): FieldPath {
    // The root `of('')` prints as `[]`, as upstream's NewPath("") does.
    return more.reduce((p, m) => p.child(m), new FieldPath(name === '' ? '[]' : name));
  }

  child(name: string, ...more: string[]): FieldPath {
    const first = new FieldPath(this.text === '' ? name : `${this.text}.${name}`);
    return more.reduce((p, m) => p.child(m), first);
  }

  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
  }

  toString(): string {
    return this.text;
  }
}

function make(type: FieldErrorType, path: FieldPath | string, badValue: unknown, detail: string): FieldError {
  return { type, field: String(path), badValue, detail };
}

export const fieldErrors = {
  required: (path: FieldPath | string, detail = '') => make('FieldValueRequired', path, '', detail),
  invalid: (path: FieldPath | string, value: unknown, detail = '') => make('FieldValueInvalid', path, value, detail),
  notFound: (path: FieldPath | string, value: unknown) => make('FieldValueNotFound', path, value, ''),
  duplicate: (path: FieldPath | string, value: unknown) => make('FieldValueDuplicate', path, value, ''),
  notSupported: (path: FieldPath | string, value: unknown, valid: readonly string[]) =>
    make('FieldValueNotSupported', path, value, valid.length ? `supported values: ${valid.map(goQuote).join(', ')}` : ''),
  forbidden: (path: FieldPath | string, detail: string) => make('FieldValueForbidden', path, '', detail),
  tooLong: (path: FieldPath | string, value: unknown, maxLength: number) =>
    make('FieldValueTooLong', path, value, maxLength >= 0 ? `may not be more than ${maxLength} bytes` : 'value is too long'),
  tooMany: (path: FieldPath | string, actual: number, max: number) =>
    make('FieldValueTooMany', path, actual >= 0 ? actual : omitValue, max >= 0 ? `must have at most ${max} items` : 'has too many items'),
  internal: (path: FieldPath | string, err: Error) => make('InternalError', path, undefined, err.message),
};

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // Go's json.Marshal of the value: fields in the order the value has them, strings HTML-escaped.
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The error text without the field: `Invalid value: "x": detail`. Becomes the StatusCause message. */
export function fieldErrorBody(e: FieldError): string {
  let s: string;
  switch (e.type) {
    case 'FieldValueRequired':
    case 'FieldValueForbidden':
    case 'FieldValueTooLong':
    case 'InternalError':
      s = typeText[e.type];
      break;
    default:
      s = e.badValue === omitValue ? typeText[e.type] : `${typeText[e.type]}: ${formatValue(e.badValue)}`;
  }
  if (e.detail !== '') s += `: ${e.detail}`;
  return s;
}

/** `field: body`, as kube prints one field error. */
export function fieldErrorString(e: FieldError): string {
  return `${e.field}: ${fieldErrorBody(e)}`;
}

/** The aggregate of a list: one message alone, several as `[a, b]` (duplicates dropped). */
export function aggregateFieldErrors(errs: readonly FieldError[]): string {
  const msgs = [...new Set(errs.map(fieldErrorString))];
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}
