// Behaviour of sigs.k8s.io/structured-merge-diff/v4/value/less_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { compareStrings, compareValues, equalValues, formatGoFloat, lessValues, quoteGo, valueToString } from './compare.ts';
import { compareFieldLists, equalFieldLists, sortFieldList } from './fields.ts';

// Go's InvalidValue (struct{}{}) is any non-JSON value here.
const invalidValue = undefined;

describe('TestValueLess', () => {
  // We expect a < b and !(b < a) unless eq is true, in which case less is false both ways.
  // Go's float/int distinctions (1. vs 1) collapse to one JS number; the cases still hold.
  const table: { name: string; a: unknown; b: unknown; eq?: boolean }[] = [
    { name: 'Invalid-1', a: invalidValue, b: invalidValue, eq: true },
    { name: 'Invalid-2', a: 1.0, b: invalidValue },
    { name: 'Invalid-3', a: 1, b: invalidValue },
    { name: 'Invalid-4', a: 'aoeu', b: invalidValue },
    { name: 'Invalid-5', a: true, b: invalidValue },
    { name: 'Invalid-6', a: [], b: invalidValue },
    { name: 'Invalid-7', a: {}, b: invalidValue },
    { name: 'Invalid-8', a: null, b: invalidValue },
    { name: 'Float-1', a: 1.14, b: 3.14 },
    { name: 'Float-2', a: 1.0, b: 1.0, eq: true },
    { name: 'Float-3', a: 1.0, b: 1, eq: true },
    { name: 'Float-4', a: 1.0, b: 2 },
    { name: 'Float-5', a: 1.0, b: 'aoeu' },
    { name: 'Float-6', a: 1.0, b: true },
    { name: 'Float-7', a: 1.0, b: [] },
    { name: 'Float-8', a: 1.0, b: {} },
    { name: 'Float-9', a: 1.0, b: null },
    { name: 'Int-1', a: 1, b: 2 },
    { name: 'Int-2', a: 1, b: 1, eq: true },
    { name: 'Int-3', a: 1, b: 1.0, eq: true },
    { name: 'Int-4', a: 1, b: 2.0 },
    { name: 'Int-5', a: 1, b: 'aoeu' },
    { name: 'Int-6', a: 1, b: true },
    { name: 'Int-7', a: 1, b: [] },
    { name: 'Int-8', a: 1, b: {} },
    { name: 'Int-9', a: 1, b: null },
    { name: 'String-1', a: 'b-12', b: 'b-9' },
    { name: 'String-2', a: 'folate', b: 'folate', eq: true },
    { name: 'String-3', a: 'folate', b: true },
    { name: 'String-4', a: 'folate', b: [] },
    { name: 'String-5', a: 'folate', b: {} },
    { name: 'String-6', a: 'folate', b: null },
    { name: 'Bool-1', a: false, b: true },
    { name: 'Bool-2', a: false, b: false, eq: true },
    { name: 'Bool-3', a: true, b: true, eq: true },
    { name: 'Bool-4', a: false, b: [] },
    { name: 'Bool-5', a: false, b: {} },
    { name: 'Bool-6', a: false, b: null },
    { name: 'List-1', a: [], b: [], eq: true },
    { name: 'List-2', a: [1], b: [1], eq: true },
    { name: 'List-3', a: [1], b: [2] },
    { name: 'List-4', a: [1], b: [1, 1] },
    { name: 'List-5', a: [1, 1], b: [2] },
    { name: 'List-6', a: [], b: {} },
    { name: 'List-7', a: [], b: null },
    { name: 'Map-1', a: { carotine: 1 }, b: { carotine: 1 }, eq: true },
    { name: 'Map-2', a: { carotine: 1 }, b: { carotine: 2 } },
    { name: 'Map-3', a: { carotine: 1 }, b: { ethanol: 1 } },
    { name: 'Map-4', a: { carotine: 1 }, b: { ethanol: 1, carotine: 2 } },
    { name: 'Map-5', a: { carotine: 1 }, b: { carotine: 1, ethanol: 1 } },
    { name: 'Map-6', a: { carotine: 1, ethanol: 1 }, b: { carotine: 2 } },
    { name: 'Map-7', a: {}, b: null },
  ];

  it.each(table)('$name', ({ a, b, eq }) => {
    if (eq) {
      expect(equalValues(a, b)).toBe(true);
      expect(equalValues(b, a)).toBe(true);
      expect(lessValues(a, b)).toBe(false);
      expect(compareValues(a, b)).toBe(0);
      expect(compareValues(b, a)).toBe(0);
    } else {
      expect(equalValues(a, b)).toBe(false);
      expect(equalValues(b, a)).toBe(false);
      expect(lessValues(a, b)).toBe(true);
      expect(compareValues(a, b)).toBeLessThan(0);
      expect(compareValues(b, a)).toBeGreaterThan(0);
    }
    expect(lessValues(b, a)).toBe(false);
  });
});

describe('compareStrings (Go strings.Compare, UTF-8 byte order)', () => {
  it('orders by code point where UTF-16 code units disagree', () => {
    // U+FB01 (one code unit 0xFB01) is below U+1F600 (surrogates 0xD83D 0xDE00) in UTF-8.
    expect('\u{1F600}' < '\uFB01').toBe(true);
    expect(compareStrings('\u{1F600}', '\uFB01')).toBe(1);
    expect(compareStrings('\uFB01', '\u{1F600}')).toBe(-1);
    expect(compareStrings('a', 'ab')).toBe(-1);
    expect(compareStrings('b', 'ab')).toBe(1);
    expect(compareStrings('é', 'é')).toBe(0);
  });
});

describe('valueToString (Go value.ToString)', () => {
  it.each([
    [null, 'null'],
    [1, '1'],
    [-3, '-3'],
    [1000000, '1000000'],
    [1.5, '1.5'],
    [1234567.5, '1.2345675e+06'],
    [1e-7, '1e-07'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [true, 'true'],
    ['a"b\\c\n\u0001\u007f\u00a0\u2028é😀\t\u0007\u200b\ufeff', '"a\\"b\\\\c\\n\\x01\\x7f\\u00a0\\u2028é😀\\t\\a\\u200b\\ufeff"'],
    [[1, 'b', null], '[1,"b",null]'],
    [{ b: 1, a: [true] }, 'a=[true]b=1'],
  ])('%j', (v, s) => {
    expect(valueToString(v)).toBe(s);
  });

  it('prints lone surrogates as U+FFFD, as Go decodes them', () => {
    expect(quoteGo('\ud800x')).toBe('"\ufffdx"');
  });

  it('formats float64 like fmt %v', () => {
    expect(formatGoFloat(100000)).toBe('100000');
    expect(formatGoFloat(123456789)).toBe('1.23456789e+08');
    expect(formatGoFloat(1e100)).toBe('1e+100');
    expect(formatGoFloat(-2.5e-9)).toBe('-2.5e-09');
    expect(formatGoFloat(-0)).toBe('-0');
  });
});

describe('FieldList (Go value/fields.go)', () => {
  it('sorts stably by name and compares lexically', () => {
    const l = sortFieldList([
      { name: 'b', value: 1 },
      { name: 'a', value: 2 },
      { name: 'b', value: 0 },
    ]);
    expect(l.map((f) => `${f.name}${String(f.value)}`)).toEqual(['a2', 'b1', 'b0']);
    expect(compareFieldLists([{ name: 'a', value: 1 }], [{ name: 'a', value: 1 }, { name: 'b', value: 1 }])).toBe(-1);
    expect(compareFieldLists([{ name: 'a', value: 2 }], [{ name: 'a', value: 1 }, { name: 'b', value: 1 }])).toBe(1);
    expect(compareFieldLists([{ name: 'b', value: 1 }], [{ name: 'a', value: 1 }])).toBe(1);
    expect(equalFieldLists([{ name: 'a', value: 1.0 }], [{ name: 'a', value: 1 }])).toBe(true);
    expect(equalFieldLists([{ name: 'a', value: 1 }], [{ name: 'b', value: 1 }])).toBe(false);
  });
});
