// Cases ported from k8s.io/apimachinery/pkg/fields/selector_test.go (TestSelectorParse,
// TestSelectorMatches, TestEscapeValue, TestRequiresExactMatch).
import { describe, expect, it } from 'vitest';
import { isBadRequest } from './errors.ts';
import { everythingFields, parseFieldSelector } from './fields.ts';

function parseError(selector: string): unknown {
  try {
    parseFieldSelector(selector);
  } catch (err) {
    return err;
  }
  throw new Error(`parseFieldSelector(${JSON.stringify(selector)}) did not throw`);
}

describe('parse and print', () => {
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=a||y\\=b', 'x=a\\=\\=b'])('%j prints back unchanged', (s) => {
    expect(parseFieldSelector(s).toString()).toBe(s);
  });

  it('is deterministic: terms are sorted', () => {
    expect(parseFieldSelector('x=a,a=x').toString()).toBe('a=x,x=a');
    expect(parseFieldSelector('a=x,x=a').toString()).toBe('a=x,x=a');
  });

  it('reads == as =', () => {
    expect(parseFieldSelector('metadata.name==x').requirements).toEqual([{ field: 'metadata.name', operator: '=', value: 'x' }]);
  });

  it('skips empty terms', () => {
    expect(parseFieldSelector('a=a,').requirements).toEqual([{ field: 'a', operator: '=', value: 'a' }]);
    expect(parseFieldSelector(',a=a').requirements).toEqual([{ field: 'a', operator: '=', value: 'a' }]);
  });

  it('splits a term at the first operator; the field has no escapes', () => {
    expect(parseFieldSelector('a!b=c').requirements).toEqual([{ field: 'a!b', operator: '=', value: 'c' }]);
    expect(parseFieldSelector('함=수,목=록').requirements).toEqual([
      { field: '목', operator: '=', value: '록' },
      { field: '함', operator: '=', value: '수' },
    ]);
  });
});

describe('value escaping', () => {
  // Escaped form → literal value (TestEscapeValue).
  it.each([
    ['', ''],
    ['a', 'a'],
    ['\\=', '='],
    ['\\,', ','],
    ['\\\\', '\\'],
    ['\\\\\\=\\\\\\,\\\\', '\\=\\,\\'],
  ])('k=%s holds %j and prints back escaped', (escaped, literal) => {
    const sel = parseFieldSelector(`k=${escaped}`);
    expect(sel.requirements).toEqual([{ field: 'k', operator: '=', value: literal }]);
    expect(sel.toString()).toBe(`k=${escaped}`);
  });

  it('keeps an escaped comma inside its term (terms sort as raw text: `k2=` before `k=`)', () => {
    expect(parseFieldSelector('k=\\,,k2=v2').requirements).toEqual([
      { field: 'k2', operator: '=', value: 'v2' },
      { field: 'k', operator: '=', value: ',' },
    ]);
    expect(parseFieldSelector('k=\\\\,k2=v2').requirements).toEqual([
      { field: 'k2', operator: '=', value: 'v2' },
      { field: 'k', operator: '=', value: '\\' },
    ]);
  });
});

describe('invalid selectors are a 400 BadRequest', () => {
  it.each([
    ['x=a||y=b', 'invalid field selector: unescaped character in value: 61'],
    ['x==a==b', 'invalid field selector: unescaped character in value: 61'],
    ['x=a,b', "invalid selector: 'x=a,b'; can't understand 'b'"],
    ['x in (a)', "invalid selector: 'x in (a)'; can't understand 'x in (a)'"],
    ['x in (a,b,c)', "invalid selector: 'x in (a,b,c)'; can't understand 'b'"],
    ['x', "invalid selector: 'x'; can't understand 'x'"],
    ['k=\\', 'invalid field selector: invalid escape sequence: \\'],
    ['k=\\a', 'invalid field selector: invalid escape sequence: \\a'],
    ['k=\\\\\\', 'invalid field selector: invalid escape sequence: \\'],
  ])('%j', (s, message) => {
    const err = parseError(s);
    expect(isBadRequest(err)).toBe(true);
    expect((err as Error).message).toBe(message);
  });
});

describe('matching', () => {
  const fieldset = { foo: 'bar', baz: 'blah', complex: '=value\\,\\' };
  const cases: [string, Record<string, string>, boolean][] = [
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['foo=bar', fieldset, true],
    ['baz=blah', fieldset, true],
    ['foo=bar,baz=blah', fieldset, true],
    ['foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\', fieldset, true],
    ['foo=blah', fieldset, false],
    ['baz=bar', fieldset, false],
    ['foo=bar,foobar=bar,baz=blah', fieldset, false],
    // An absent field reads as '' (fields.Set.Get): `spec.nodeName=` finds unscheduled pods.
    ['spec.nodeName=', {}, true],
    ['spec.nodeName!=', {}, false],
    ['spec.nodeName!=node-1', {}, true],
  ];

  it.each(cases)('%j against %j → %s', (s, fields, want) => {
    expect(parseFieldSelector(s).matches(fields)).toBe(want);
  });
});

describe('requiresExactMatch', () => {
  it.each([
    ['', 'test', undefined],
    ['a=b', 'test', undefined],
    ['test=b', 'test', 'b'],
    ['test==b', 'test', 'b'],
    ['test=', 'test', ''],
    ['test!=b', 'test', undefined],
    ['test!=', 'test', undefined],
    ['a=x,test=b', 'test', 'b'],
    ['metadata.namespace=default,metadata.name=web', 'metadata.name', 'web'],
  ])('%j for %j → %j', (s, field, want) => {
    expect(parseFieldSelector(s).requiresExactMatch(field)).toBe(want);
  });
});

describe('everything', () => {
  it('matches anything and is empty', () => {
    expect(everythingFields.matches({ x: 'y' })).toBe(true);
    expect(everythingFields.isEmpty()).toBe(true);
    expect(parseFieldSelector('').isEmpty()).toBe(true);
    expect(parseFieldSelector('a=b').isEmpty()).toBe(false);
  });
});
