// Behaviour of sigs.k8s.io/structured-merge-diff/v4/value/value.go (v4.6.0)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalValues } from './compare.ts';
import { formatJSONNumber, quoteJSONString, readJSONObjectFields, valueFromJSON, valueToJSON } from './json.ts';

describe('valueToJSON (Go value.ToJSON)', () => {
  it('writes what Go writes', () => {
    expect(valueToJSON({ b: 1, a: ['<&>', null, true, 1.5, 1e-7, 1e21] })).toBe('{"a":["\\u003c\\u0026\\u003e",null,true,1.5,1e-07,1e+21],"b":1}');
    expect(valueToJSON('\b\f\n\r\t\u0001\u007f\u2028\u2029"\\/')).toBe('"\\u0008\\u000c\\n\\r\\t\\u0001\u007f\\u2028\\u2029\\"\\\\/"');
    expect(valueToJSON('😀\ud800')).toBe('"😀\ufffd"');
    expect(valueToJSON({ '\u{1F600}': 1, '\uFB01': 2 })).toBe('{"\uFB01":2,"\u{1F600}":1}');
  });

  it('writes object keys without HTML escaping', () => {
    expect(quoteJSONString('a<b>&\u2028"', false)).toBe('"a<b>&\u2028\\""');
  });

  it('formats numbers as Go writes float64 and int64', () => {
    expect(formatJSONNumber(Number('12345678901234567890'))).toBe('12345678901234567000');
    expect(formatJSONNumber(1.5e-10)).toBe('1.5e-10');
    expect(formatJSONNumber(-1e-7)).toBe('-1e-07');
    expect(() => formatJSONNumber(Number.NaN)).toThrow('unsupported value: NaN');
  });
});

describe('valueFromJSON (Go value.FromJSON on json-iterator)', () => {
  it('reads one value and ignores what follows', () => {
    expect(valueFromJSON(' [1, {"a": "\\u00e9"}] trailing')).toEqual([1, { a: 'é' }]);
    expect(valueFromJSON('-+1')).toBe(-1);
    expect(valueFromJSON('{"a":1,null:2}')).toEqual({ a: 1, '': 2 });
  });

  it('keeps __proto__ as an own member', () => {
    const v = valueFromJSON('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });

  it("reports json-iterator's errors", () => {
    expect(() => valueFromJSON('[1 2]')).toThrow(
      'ReadArrayCB: expect ] in the end, but found 2, error found in #4 byte of ...|[1 2]|..., bigger context ...|[1 2]|...',
    );
    expect(() => valueFromJSON('1e400')).toThrow('strconv.ParseFloat: parsing "1e400": value out of range');
  });

  it('limits nesting to 10000 levels', () => {
    expect(valueFromJSON('['.repeat(10000) + ']'.repeat(10000))).toBeInstanceOf(Array);
    expect(() => valueFromJSON('['.repeat(10001))).toThrow(/^incrementDepth: exceeded max depth/);
  });

  it('reads object members in order, repeated names kept', () => {
    expect(readJSONObjectFields('{"b":1,"a":2,"b":3}')).toEqual([
      { name: 'b', value: 1 },
      { name: 'a', value: 2 },
      { name: 'b', value: 3 },
    ]);
    expect(readJSONObjectFields('null')).toEqual([]);
  });

  it('reads back what it writes (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const back = valueFromJSON(valueToJSON(v));
        expect(equalValues(back, v)).toBe(true);
        expect(valueToJSON(back)).toBe(valueToJSON(v));
      }),
    );
  });

  it('accepts what JSON.parse accepts, with the same value (property)', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(equalValues(valueFromJSON(text), JSON.parse(text))).toBe(true);
      }),
    );
  });
});
