// goMarshalJson against what Go's encoding/json Marshal writes for values decoded into interface{}.
import { describe, expect, it } from 'vitest';
import { goMarshalJson } from './go-json.ts';

describe('goMarshalJson', () => {
  it('sorts object keys bytewise, at every level', () => {
    expect(goMarshalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null }, '10': 1, '9': 2 })).toBe('{"10":1,"9":2,"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}');
    // UTF-8 byte order, not UTF-16: U+FF61 sorts before U+1F600.
    expect(goMarshalJson({ '\u{1F600}': 1, '\uFF61': 2 })).toBe('{"\uFF61":2,"\u{1F600}":1}');
  });

  it('escapes HTML characters and line separators as Go does', () => {
    expect(goMarshalJson('<a href="x">&</a>\u2028\u2029')).toBe('"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e\\u2028\\u2029"');
    expect(goMarshalJson('\n\t\b\f\r\u0001')).toBe('"\\n\\t\\b\\f\\r\\u0001"');
  });

  it('writes numbers as Go writes float64 and int64 values', () => {
    expect([1, -0.5, 1e21, 1e-7, 123456789, 0.1].map(goMarshalJson)).toEqual(['1', '-0.5', '1e+21', '1e-7', '123456789', '0.1']);
  });

  it('writes scalars and empty containers', () => {
    expect([true, false, null, '', [], {}].map(goMarshalJson)).toEqual(['true', 'false', 'null', '""', '[]', '{}']);
  });
});
