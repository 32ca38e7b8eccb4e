// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/serialize-pe_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { deserializePathElement, ErrUnknownPathElementType, serializePathElement } from './serialize-pe.ts';

describe('TestPathElementRoundTrip', () => {
  it.each([
    'i:0',
    'i:1234',
    'f:',
    'f:spec',
    'f:more-complicated-string',
    'k:{"name":"my-container"}',
    'k:{"port":"8080","protocol":"TCP"}',
    'k:{"optionalField":null}',
    'k:{"jsonField":{"A":1,"B":null,"C":"D","E":{"F":"G"}}}',
    'k:{"listField":["1","2","3"]}',
    'v:null',
    'v:"some-string"',
    'v:1234',
    'v:{"some":"json"}',
  ])('%s', (test) => {
    const pe = deserializePathElement(test);
    expect(serializePathElement(pe)).toBe(test);
  });
});

describe('TestPathElementIgnoreUnknown', () => {
  it('r:Hello', () => {
    expect(() => deserializePathElement('r:Hello')).toThrow(ErrUnknownPathElementType);
    let thrown: unknown;
    try {
      deserializePathElement('r:Hello');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBe(ErrUnknownPathElementType);
  });
});

describe('TestDeserializePathElementError', () => {
  it.each(['', 'no-colon', 'i:index is not a number', 'i:1.23', 'i:', 'v:invalid json', 'v:', 'k:invalid json', 'k:{"name":invalid}'])(
    '%j',
    (test) => {
      expect(() => deserializePathElement(test)).toThrow();
      let thrown: unknown;
      try {
        deserializePathElement(test);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).not.toBe(ErrUnknownPathElementType);
    },
  );
});

describe('serializePathElement', () => {
  it('rejects an element with nothing set', () => {
    expect(() => serializePathElement({} as never)).toThrow('invalid PathElement');
  });

  it('shares frozen elements between reads of the same key', () => {
    const a = deserializePathElement('k:{"b":1,"a":2}');
    expect(deserializePathElement('k:{"b":1,"a":2}')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(serializePathElement(a)).toBe('k:{"a":2,"b":1}');
  });
});
