// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/serialize_test.go (v4.6.0)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyByFields, type PathElement } from './element.ts';
import { makePathOrDie, type Path } from './path.ts';
import { deserializeFieldSet, serializeFieldSet } from './serialize.ts';
import { FieldSet } from './set.ts';

// Go's randomPathMaker alphabet (set_test.go).
const randomPathAlphabet: readonly PathElement[] = makePathOrDie(
  'aaa',
  'aab',
  'aac',
  'aad',
  'aae',
  'aaf',
  keyByFields('name', 'first'),
  keyByFields('name', 'second'),
  keyByFields('port', 443, 'protocol', 'tcp'),
  keyByFields('port', 443, 'protocol', 'udp'),
  { value: 1 },
  { value: 2 },
  { value: 3 },
  { value: 'aa' },
  { value: 'ab' },
  { value: true },
  1,
  2,
  3,
  4,
);

/** mulberry32: a small seeded PRNG, so failures reproduce. */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function makePath(rand: (n: number) => number, minLen: number, maxLen: number): Path {
  let n = minLen;
  if (minLen < maxLen) n += rand(maxLen - minLen);
  const p: PathElement[] = [];
  for (let i = 0; i < n; i++) p.push(randomPathAlphabet[rand(randomPathAlphabet.length)]!);
  return p;
}

describe('TestSerializeV1', () => {
  const rand = rng(1);
  it.each(Array.from({ length: 500 }, (_, i) => i))('%i', () => {
    const x = new FieldSet();
    for (let j = 0; j < 50; j++) x.insert(makePath(rand, 2, 5));
    const b = serializeFieldSet(x);
    const x2 = deserializeFieldSet(b);
    expect(x2.equals(x), `failed to reproduce original:\n\n${x.toString()}\n\n${b}\n\n${serializeFieldSet(x2)}`).toBe(true);
    // The parsed object form (how managedFields hold it) reads the same.
    expect(deserializeFieldSet(JSON.parse(b) as object).equals(x)).toBe(true);
  });
});

describe('TestSerializeV1GoldenData', () => {
  const examples = [
    `{"f:aaa":{},"f:aab":{},"f:aac":{},"f:aad":{},"f:aae":{},"f:aaf":{},"k:{\\"name\\":\\"first\\"}":{},"k:{\\"name\\":\\"second\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{},"v:2":{},"v:3":{},"v:\\"aa\\"":{},"v:\\"ab\\"":{},"v:true":{},"i:1":{},"i:2":{},"i:3":{},"i:4":{}}`,
    `{"f:aaa":{"k:{\\"name\\":\\"second\\"}":{"v:3":{"f:aab":{}}},"v:3":{},"v:true":{}},"f:aab":{"f:aaa":{},"f:aaf":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"k:{\\"name\\":\\"first\\"}":{}},"f:aac":{"f:aaa":{"v:1":{}},"f:aac":{},"v:3":{"k:{\\"name\\":\\"second\\"}":{}}},"f:aad":{"f:aac":{"v:1":{}},"f:aaf":{"k:{\\"name\\":\\"first\\"}":{"k:{\\"name\\":\\"first\\"}":{}}},"i:1":{"i:1":{},"i:3":{"v:true":{}}}},"f:aae":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:4":{"f:aaf":{}}},"f:aaf":{"i:1":{"f:aac":{}},"i:2":{},"i:3":{}},"k:{\\"name\\":\\"first\\"}":{"f:aad":{"f:aaf":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"f:aaa":{"f:aad":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"f:aac":{},"k:{\\"name\\":\\"first\\"}":{"i:3":{}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"i:4":{}}},"v:1":{"f:aac":{"i:4":{}},"f:aaf":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}},"v:2":{"f:aad":{"f:aaf":{}},"i:1":{}},"v:3":{"f:aaa":{},"k:{\\"name\\":\\"first\\"}":{},"i:2":{}},"v:\\"aa\\"":{"f:aab":{"f:aaf":{}},"f:aae":{},"k:{\\"name\\":\\"first\\"}":{"f:aad":{}},"i:2":{}},"v:\\"ab\\"":{"f:aaf":{"i:4":{}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:1":{"f:aae":{"i:4":{}}}},"v:true":{"k:{\\"name\\":\\"second\\"}":{"f:aaa":{}},"i:2":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"i:1":{"i:3":{"f:aaf":{}}},"i:2":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"v:1":{}}},"i:3":{"f:aab":{"v:true":{"v:\\"aa\\"":{}}},"f:aaf":{},"i:1":{}},"i:4":{"v:\\"aa\\"":{"f:aab":{"k:{\\"name\\":\\"second\\"}":{}}}}}`,
  ];
  it.each(examples.map((s, i) => [i, s] as const))('%i', (_i, str) => {
    const x = deserializeFieldSet(str);
    expect(serializeFieldSet(x)).toBe(str);
  });
});

describe('TestDropUnknown', () => {
  it('drops keys of unknown kinds', () => {
    const x = deserializeFieldSet('{"f:aaa":{},"r:aab":{}}');
    expect(serializeFieldSet(x)).toBe('{"f:aaa":{}}');
  });
});

describe('serializeFieldSet / deserializeFieldSet (property)', () => {
  // Well-formed strings only: Go (and this port) write a lone surrogate as U+FFFD.
  const str = fc.string({ unit: 'grapheme', maxLength: 6 });
  const element: fc.Arbitrary<PathElement> = fc.oneof(
    str.map((fieldName) => ({ fieldName })),
    fc.nat(20).map((index) => ({ index })),
    fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 2 }).map((value) => ({ value })),
    fc.dictionary(str, fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }).map((d) => ({
      key: keyByFields(...Object.entries(d).flat()),
    })),
  );
  const fieldSet = fc.array(fc.array(element, { minLength: 1, maxLength: 4 }), { maxLength: 12 }).map((paths) => FieldSet.of(...paths));

  it('reads back what it writes, and writes it again byte for byte', () => {
    fc.assert(
      fc.property(fieldSet, (x) => {
        const b = serializeFieldSet(x);
        const x2 = deserializeFieldSet(b);
        expect(x2.equals(x)).toBe(true);
        expect(serializeFieldSet(x2)).toBe(b);
        for (const p of x.paths()) expect(x2.has(p)).toBe(true);
      }),
    );
  });
});

describe('deserializeFieldSet errors', () => {
  it("reports a malformed key with Go's message", () => {
    expect(() => deserializeFieldSet('{"i:x":{}}')).toThrow('parsing key as path element: strconv.Atoi: parsing "x": invalid syntax');
    expect(() => deserializeFieldSet({ 'f:a': 1 })).toThrow('ReadMapCB: expect { or n, but found 1');
    expect(() => deserializeFieldSet('[]')).toThrow('ReadMapCB: expect { or n, but found [');
  });

  it('reads null as the empty set', () => {
    expect(deserializeFieldSet('null').empty()).toBe(true);
    expect(deserializeFieldSet(null).empty()).toBe(true);
  });
});
