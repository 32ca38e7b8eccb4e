// The JSON scanner: values as JSON.parse builds them, Go's syntax errors, kube's depth limit and
// duplicate fields by path. Vectors from sigs.k8s.io/json json_test.go and kubernetes_patch_test.go,
// and from Go's encoding/json scanner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBadRequest } from './errors.ts';
import { decodeJsonObject } from './json.ts';
import {
  duplicateFieldsMessage,
  goSyntaxError,
  isJsonSyntaxError,
  maxJsonDepth,
  parseJson,
  strictDecodingErrors,
  type JsonSyntaxError,
} from './json-scan.ts';

function thrown(fn: () => unknown): JsonSyntaxError {
  try {
    fn();
  } catch (err) {
    if (isJsonSyntaxError(err)) return err;
    throw err;
  }
  throw new Error('expected a throw');
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const duplicatesOf = (text: string) => parseJson(text, { reportDuplicates: true }).duplicates;
/** -0 does not survive JSON.stringify; the round trip is exact otherwise. */
const unsignedZero = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (_, v: unknown) => (Object.is(v, -0) ? 0 : v)));

describe('parseJson values', () => {
  it.each([
    ['{}', {}],
    ['[]', []],
    [' \t\r\n{ "a" : [ 1 , -2.5e+3 , true , false , null , "" ] } \n', { a: [1, -2500, true, false, null, ''] }],
    ['"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\/\b\f\n\r\t'],
    ['"\\u00e9\\u20AC"', 'é€'],
    ['"\\ud83d\\ude00 é ✓ 😀"', '😀 é ✓ 😀'],
    ['{"__proto__":{"x":1}}', JSON.parse('{"__proto__":{"x":1}}')],
    ['0', 0],
    ['-0', -0],
    ['1E2', 100],
    ['0.000001', 0.000001],
    ['"}\\"{[" ', '}"{['],
  ])('parses %s', (text, want) => {
    const got = parseJson(text, { reportDuplicates: true });
    expect(got.value).toStrictEqual(want);
    expect(got.duplicates).toEqual([]);
  });

  it.each([
    // Go keeps integers up to int64 exactly; here they are doubles, as JSON.parse makes them.
    ['9007199254740993', 9007199254740992],
    ['9223372036854775807', 2 ** 63],
    ['-9223372036854775809', -(2 ** 63)],
    ['123456789012345678901234567890', 1.2345678901234568e29],
    ['1.797693134862315708145274237317043567981e+308', Number.MAX_VALUE],
    ['1e400', Infinity],
    ['4.9e-325', 0],
  ])('reads the number %s as JSON.parse does', (text, want) => {
    expect(parseJson(text).value).toBe(want);
  });

  it('replaces invalid surrogate escapes with U+FFFD, as Go does, and keeps valid pairs', () => {
    expect(parseJson('"\\ud800"').value).toBe('\ufffd');
    expect(parseJson('"a\\udc00b"').value).toBe('a\ufffdb');
    expect(parseJson('"\\ud800\\ud83d\\ude00"').value).toBe('\ufffd😀');
    expect(parseJson('["\\ude00\\ud83d"]').value).toEqual(['\ufffd\ufffd']);
    expect(parseJson('{"k":{"\\ud800":"v"}}').value).toEqual({ k: { '\ufffd': 'v' } });
    // An escaped backslash before "ud800" is text, not an escape.
    expect(parseJson('"\\\\ud800"').value).toBe('\\ud800');
    // A string argument holding a lone surrogate reads as its UTF-8 encoding would.
    expect(parseJson('"x\ud800"').value).toBe('x\ufffd');
  });

  it('round-trips any JSON value, reporting no duplicates', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'grapheme' }), fc.boolean(), (x, pretty) => {
        const text = pretty ? JSON.stringify(x, null, 2) : JSON.stringify(x);
        const got = parseJson(text, { reportDuplicates: true });
        expect(got.value).toStrictEqual(unsignedZero(x));
        expect(got.duplicates).toEqual([]);
        expect(parseJson(utf8(text)).value).toStrictEqual(unsignedZero(x));
      }),
      { numRuns: 300 },
    );
  });

  it('reads any UTF-16 string as its well-formed form', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' })), (xs) => {
        expect(parseJson(JSON.stringify(xs)).value).toEqual(xs.map((s) => (s as unknown as { toWellFormed(): string }).toWellFormed()));
      }),
    );
  });

  it('accepts exactly what JSON.parse accepts, and Go’s scanner agrees', () => {
    const broken = fc
      .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('', '{', '}', '[', ']', ',', ':', '"', '\\', '-', '.', 'e', '0', ' ', 'x', '\n'), fc.nat(2))
      .map(([x, at, ch, drop]) => {
        const s = JSON.stringify(x);
        const i = at % (s.length + 1);
        return s.slice(0, i) + ch + s.slice(i + drop);
      });
    fc.assert(
      fc.property(broken, (text) => {
        let ok = true;
        try {
          JSON.parse(text);
        } catch {
          ok = false;
        }
        expect(goSyntaxError(text) === undefined).toBe(ok);
        if (ok) expect(parseJson(text, { reportDuplicates: true }).value).toStrictEqual(JSON.parse(text));
        else expect(isBadRequest(thrown(() => parseJson(text, { reportDuplicates: true })))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseJson syntax errors', () => {
  it.each([
    // sigs.k8s.io/json TestStrictErrors
    ['{', 'unexpected end of JSON input', 1],
    ['{}}', "invalid character '}' after top-level value", 2],
    ['{,}', "invalid character ',' looking for beginning of object key string", 1],
    // Go's scanner, state by state
    ['', 'unexpected end of JSON input', 0],
    ['   ', 'unexpected end of JSON input', 3],
    ['[1,]', "invalid character ']' looking for beginning of value", 3],
    ['{"a" 1}', "invalid character '1' after object key", 5],
    ['{"a":1 "b":2}', 'invalid character \'"\' after object key:value pair', 7],
    ['[1 2]', "invalid character '2' after array element", 3],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string", 7],
    ["{'a':1}", "invalid character '\\'' looking for beginning of object key string", 1],
    ['"\\x"', "invalid character 'x' in string escape code", 2],
    ['"\\u12G4"', "invalid character 'G' in \\u hexadecimal character escape", 5],
    ['{"a":"\t"}', "invalid character '\\t' in string literal", 6],
    ['"\u0001"', "invalid character '\\x01' in string literal", 1],
    ['-x', "invalid character 'x' in numeric literal", 1],
    ['01', "invalid character '1' after top-level value", 1],
    ['1.e5', "invalid character 'e' after decimal point in numeric literal", 2],
    ['1e+x', "invalid character 'x' in exponent of numeric literal", 3],
    ['+1', "invalid character '+' looking for beginning of value", 0],
    ['NaN', "invalid character 'N' looking for beginning of value", 0],
    ['trUe', "invalid character 'U' in literal true (expecting 'u')", 2],
    ['nulL', "invalid character 'L' in literal null (expecting 'l')", 3],
    ['fals', "invalid character ' ' in literal false (expecting 'e')", 4],
    ['[-', "invalid character ' ' in numeric literal", 2],
    ['[1.', "invalid character ' ' after decimal point in numeric literal", 3],
    ['{"a":1e', "invalid character ' ' in exponent of numeric literal", 7],
    ['{"a":"b', 'unexpected end of JSON input', 7],
    ['{"a":1} x', "invalid character 'x' after top-level value", 8],
    ['\ufeff{}', "invalid character 'ï' looking for beginning of value", 0],
    ['é', "invalid character 'Ã' looking for beginning of value", 0],
    ['[\u00a0]', "invalid character 'Â' looking for beginning of value", 1],
    ['[\u0085]', "invalid character 'Â' looking for beginning of value", 1],
  ])('rejects %j: %s', (text, message, offset) => {
    const err = thrown(() => parseJson(text));
    expect(err.status).toMatchObject({ code: 400, reason: 'BadRequest', message });
    expect(err.offset).toBe(offset);
  });

  it('fails every truncation of a document with a 400 and Go’s message', () => {
    const doc = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a\\u00e9"},"data":{"n":[1.5e-3,-0,true,null]}}';
    for (let i = 0; i < doc.length; i++) {
      const err = thrown(() => parseJson(doc.slice(0, i)));
      expect(err.status.code).toBe(400);
      expect(err.status.message).toMatch(/^(unexpected end of JSON input|invalid character ' ' (in|after) .*)$/);
    }
    expect(thrown(() => parseJson(doc.slice(0, 40))).status.message).toBe('unexpected end of JSON input');
  });

  it('counts offsets in bytes for byte input', () => {
    expect(thrown(() => parseJson(utf8('{"é":1,}'))).offset).toBe(8);
    expect(thrown(() => parseJson('{"é":1,}')).offset).toBe(7);
  });

  it.each([
    ['a lone continuation byte', [0x80], 6],
    ['a truncated sequence', [0xe2, 0x82], 6],
    ['an overlong encoding', [0xc0, 0xaf], 6],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80], 6],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 6],
    ['0xFF', [0xff], 6],
  ])('rejects invalid UTF-8 (%s) with a 400 at its offset', (_, bad, offset) => {
    const body = Uint8Array.from([...utf8('{"a":"'), ...bad, ...utf8('"}')]);
    const err = thrown(() => parseJson(body));
    expect(err.status.code).toBe(400);
    expect(err.status.message).toBe(`invalid UTF-8 in JSON input at offset ${offset}`);
    expect(err.offset).toBe(offset);
  });
});

describe('parseJson depth limit', () => {
  const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('accepts 10,000 levels, as Go does', () => {
    expect(maxJsonDepth).toBe(10000);
    expect(() => parseJson(deepArray(10000), { reportDuplicates: true })).not.toThrow();
    expect(() => parseJson(deepObject(10000))).not.toThrow();
  });

  it.each([
    ['arrays', '['.repeat(100000), "invalid character '[' exceeded max depth", 10000],
    ['objects', '{"a":'.repeat(100000), "invalid character '{' exceeded max depth", 50000],
    ['closed arrays', deepArray(10001), "invalid character '[' exceeded max depth", 10000],
    ['mixed', '[{"a":'.repeat(60000), "invalid character '[' exceeded max depth", 30000],
  ])('rejects a bomb of %s with a 400, fast and without a RangeError', (_, text, message, offset) => {
    for (const reportDuplicates of [false, true]) {
      const start = performance.now();
      const err = thrown(() => parseJson(text, { reportDuplicates }));
      expect(err.status).toMatchObject({ code: 400, message });
      expect(err.offset).toBe(offset);
      expect(performance.now() - start).toBeLessThan(1000);
    }
  });

  it('reports a syntax error that comes first instead of the depth', () => {
    expect(thrown(() => parseJson(`[x${'['.repeat(20000)}`)).status.message).toBe("invalid character 'x' looking for beginning of value");
  });

  it('does not count brackets inside strings', () => {
    expect(parseJson(JSON.stringify({ a: '['.repeat(20000) })).value).toEqual({ a: '['.repeat(20000) });
  });

  it('takes a different limit', () => {
    expect(thrown(() => parseJson('[[[1]]]', { maxDepth: 2 })).status.message).toBe("invalid character '[' exceeded max depth");
    expect(parseJson('[[1]]', { maxDepth: 2 }).value).toEqual([[1]]);
  });
});

describe('parseJson duplicate fields', () => {
  it.each([
    // sigs.k8s.io/json TestUnmarshalStrict: last duplicate wins, every duplicate is reported
    ['{"a":1,"a":2,"b":1,"b":2}', ['a', 'b'], { a: 2, b: 2 }],
    ['{"c":{"a":"1","a":"2","b":"1","b":"2"}}', ['c.a', 'c.b'], { c: { a: '2', b: '2' } }],
    // each path once, however often it repeats
    ['{"a":1,"a":2,"a":3}', ['a'], { a: 3 }],
    // in arrays of objects, by index
    ['{"items":[{"name":"x","name":"y"},{"name":"z"},{"k":1,"k":2}]}', ['items[0].name', 'items[2].k'], undefined],
    ['{"a":[[{"x":1,"x":1}],[]]}', ['a[0][0].x'], undefined],
    ['[{"a":1},{"a":1,"a":2}]', ['[1].a'], undefined],
    // nested, in document order of the second occurrence
    ['{"spec":{"template":{"spec":{"containers":[{"ports":[{"containerPort":80,"containerPort":81}]}]}}},"spec":{}}', ['spec.template.spec.containers[0].ports[0].containerPort', 'spec'], undefined],
    ['{"b":{"c":[{"x":1,"x":2}],"c":3},"b":1}', ['b.c[0].x', 'b.c', 'b'], { b: 1 }],
    // keys compare after unescaping; case matters
    ['{"a":1,"\\u0061":2}', ['a'], { a: 2 }],
    ['{"a":1,"A":2}', [], { a: 1, A: 2 }],
    // objects at the same depth keep their own keys
    ['{"x":{"a":1},"y":{"a":1},"z":[{"a":1},{"a":1}]}', [], undefined],
    // dotted keys are not split
    ['{"metadata":{"labels":{"app.kubernetes.io/name":"a","app.kubernetes.io/name":"b"}}}', ['metadata.labels.app.kubernetes.io/name'], undefined],
    // string values that look like structure
    ['{"a":"}\\"{,\\"a\\":","a":"[\\\\"}', ['a'], { a: '[\\' }],
  ])('%s → %j', (text, want, value) => {
    const got = parseJson(text, { reportDuplicates: true });
    expect(got.duplicates).toEqual(want);
    expect(got.duplicateOffsets).toHaveLength(want.length);
    if (value !== undefined) expect(got.value).toEqual(value);
    expect(parseJson(text).duplicates).toEqual([]);
  });

  it('finds duplicates among many keys', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    expect(duplicatesOf(`{${keys.join(',')},"k3":0,"k39":0,"k40":0}`)).toEqual(['k3', 'k39']);
    expect(duplicatesOf(`[{${keys.join(',')}},{${keys.slice(0, 5).join(',')}}]`)).toEqual([]);
  });

  it('points each duplicate at its second occurrence', () => {
    const text = '{"a":1, "b":{"c":1,"c":2}, "a":3}';
    expect(parseJson(text, { reportDuplicates: true })).toMatchObject({ duplicates: ['b.c', 'a'], duplicateOffsets: [19, 27] });
  });

  it('formats the message as kube does', () => {
    expect(duplicateFieldsMessage(['spec.replicas', 'data.a'])).toBe('duplicate field "spec.replicas", duplicate field "data.a"');
    expect(duplicateFieldsMessage(['a\u00a0b', 'q"'])).toBe('duplicate field "a\\u00a0b", duplicate field "q\\""');
  });
});

describe('strictDecodingErrors', () => {
  const errorsOf = (text: string, unknown: string[]) => {
    const { duplicates, duplicateOffsets } = parseJson(text, { reportDuplicates: true });
    return strictDecodingErrors(utf8(text), unknown, duplicates, duplicateOffsets);
  };

  it('interleaves unknown and duplicate fields in document order', () => {
    const text = '{"a":1,"unknown":true,"a":2,"b":{"x":1,"x":2},"zz":{"y":1}}';
    expect(errorsOf(text, ['unknown', 'zz'])).toEqual([
      'unknown field "unknown"',
      'duplicate field "a"',
      'duplicate field "b.x"',
      'unknown field "zz"',
    ]);
  });

  it('places an unknown field where it first occurs', () => {
    expect(errorsOf('{"u":1,"a":1,"a":2,"u":3}', ['u'])).toEqual(['unknown field "u"', 'duplicate field "a"']);
  });

  it('reports nothing inside unknown fields, and a repeated unknown field once (sigs.k8s.io/json TestStrictErrors)', () => {
    expect(errorsOf('{"a":1,"unknown":true,"unknown":false}', ['unknown'])).toEqual(['unknown field "unknown"']);
    expect(errorsOf('{"extra":{"x":1,"x":2},"l":[{"q":1,"q":2}]}', ['extra', 'l'])).toEqual(['unknown field "extra"', 'unknown field "l"']);
  });

  it('keeps at most 100 errors', () => {
    const keys = Array.from({ length: 80 }, (_, i) => `"k${i}":1`).join(',');
    const text = `{${keys},${keys}}`;
    const unknown = Array.from({ length: 80 }, (_, i) => `u${i}`);
    const errs = errorsOf(text, unknown);
    expect(errs).toHaveLength(100);
  });

  it('needs no second scan when only one kind is present', () => {
    expect(strictDecodingErrors('not json', ['a', 'b'], [], [])).toEqual(['unknown field "a"', 'unknown field "b"']);
    expect(strictDecodingErrors('not json', [], ['c'], [3])).toEqual(['duplicate field "c"']);
  });
});

describe('decodeJsonObject on the scanner', () => {
  it('answers malformed and too deep bodies with Go’s message', () => {
    const err = (body: string) => thrownStatus(() => decodeJsonObject(utf8(body)));
    expect(err('{"metadata":')).toBe("couldn't get version/kind; json parse error: unexpected end of JSON input");
    expect(err('{"a":1} {}')).toBe("couldn't get version/kind; json parse error: invalid character '{' after top-level value");
    expect(err('{"a":'.repeat(20000))).toBe("couldn't get version/kind; json parse error: invalid character '{' exceeded max depth");
  });

  it('computes duplicates only when asked', () => {
    const seen: [string[], number[]][] = [];
    const obj = decodeJsonObject('{"data":{"a":"1","a":"2"}}', { onDuplicates: (p, o) => seen.push([p, o]) });
    expect(obj).toEqual({ data: { a: '2' } });
    expect(seen).toEqual([[['data.a'], [17]]]);
  });
});

function thrownStatus(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as JsonSyntaxError).status.message;
  }
  throw new Error('expected a throw');
}
