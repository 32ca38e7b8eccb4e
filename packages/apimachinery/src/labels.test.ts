// Cases ported from k8s.io/apimachinery/pkg/labels/selector_test.go (TestSelectorParse,
// TestSelectorMatches, TestSetSelectorParser, TestRequirementSelectorMatching).
import { describe, expect, it } from 'vitest';
import { isBadRequest, isStatusError } from './errors.ts';
import { everythingLabels, parseLabelSelector, type LabelRequirement } from './labels.ts';

function parseError(selector: string): unknown {
  try {
    parseLabelSelector(selector);
  } catch (err) {
    return err;
  }
  throw new Error(`parseLabelSelector(${JSON.stringify(selector)}) did not throw`);
}

describe('parse and print', () => {
  // Upstream checks that String() is the input with the spaces removed.
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5'])('%j', (s) => {
    expect(parseLabelSelector(s).toString()).toBe(s.replaceAll(' ', ''));
  });

  it('is deterministic: requirements are sorted by key', () => {
    expect(parseLabelSelector('x=a,a=x').toString()).toBe(parseLabelSelector('a=x,x=a').toString());
    expect(parseLabelSelector('x=a,a=x').toString()).toBe('a=x,x=a');
  });

  it('prints set-based requirements with sorted, deduplicated values', () => {
    expect(parseLabelSelector('x in (def,abc),y notin (jkl),z').toString()).toBe('x in (abc,def),y notin (jkl),z');
    expect(parseLabelSelector('x in (abc,abc)').toString()).toBe('x in (abc)');
    expect(parseLabelSelector('x notin (abc,def),y!=jkl,!z').toString()).toBe('x notin (abc,def),y!=jkl,!z');
    expect(parseLabelSelector('x=abc,y==jkl,z!=a').toString()).toBe('x=abc,y==jkl,z!=a');
  });
});

describe('TestSetSelectorParser: valid input', () => {
  const req = (key: string, operator: LabelRequirement['operator'], values: string[] = []): LabelRequirement => ({ key, operator, values });
  const cases: [string, LabelRequirement[]][] = [
    ['', []],
    ['\rx', [req('x', 'exists')]],
    ['this-is-a-dns.domain.com/key-with-dash', [req('this-is-a-dns.domain.com/key-with-dash', 'exists')]],
    ['this-is-another-dns.domain.com/key-with-dash in (so,what)', [req('this-is-another-dns.domain.com/key-with-dash', 'in', ['so', 'what'])]],
    ['0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)', [req('0.1.2.domain/99', 'notin', ['10.10.100.1', 'tick.tack.clock'])]],
    ['foo  in\t (abc)', [req('foo', 'in', ['abc'])]],
    ['x notin\n (abc)', [req('x', 'notin', ['abc'])]],
    ['x  notin\t\t(abc,def)', [req('x', 'notin', ['abc', 'def'])]],
    ['x in (abc,def)', [req('x', 'in', ['abc', 'def'])]],
    ['x in (abc,)', [req('x', 'in', ['', 'abc'])]],
    ['x in ()', [req('x', 'in', [''])]],
    ['x in (a,,)', [req('x', 'in', ['', 'a'])]],
    ['x in (a,,a,,a,,a,,)', [req('x', 'in', ['', 'a'])]],
    ['x notin (abc,,def),bar,z in (),w', [req('bar', 'exists'), req('w', 'exists'), req('x', 'notin', ['', 'abc', 'def']), req('z', 'in', [''])]],
    ['x=a', [req('x', '=', ['a'])]],
    ['x>1', [req('x', 'gt', ['1'])]],
    ['x<7', [req('x', 'lt', ['7'])]],
    ['x=a,y!=b', [req('x', '=', ['a']), req('y', '!=', ['b'])]],
    ['x=a,y!=b,z in (h,i,j)', [req('x', '=', ['a']), req('y', '!=', ['b']), req('z', 'in', ['h', 'i', 'j'])]],
    ['x notin ( )', [req('x', 'notin', [''])]],
    ['x notin (, a)', [req('x', 'notin', ['', 'a'])]],
    ['a ', [req('a', 'exists')]],
    ['a in (x,y,notin, z,in)', [req('a', 'in', ['in', 'notin', 'x', 'y', 'z'])]],
    ['notin=in', [req('notin', '=', ['in'])]],
    ['x = a', [req('x', '=', ['a'])]],
    ['! x', [req('x', '!')]],
  ];

  it.each(cases)('%j', (s, want) => {
    expect(parseLabelSelector(s).requirements).toEqual(want);
  });
});

describe('invalid selectors are a 400 BadRequest', () => {
  it.each([
    'x=a||y=b',
    'x==a==b',
    '!x=a',
    'x<a',
    'x>1.5',
    'x,,y',
    ',x,y',
    'x nott in (y)',
    'a in (xyz),',
    'a in (xyz)b notin ()',
    'a in (xyz abc)',
    'a notin(',
    'a (',
    '(',
    'x=a b',
    'x=-a',
    `x=${'v'.repeat(64)}`,
    // Keys are qualified names: at most one '/', a DNS subdomain prefix, a 63-character name part.
    'a/b/c',
    '-x',
    '/x',
    'Example.com/x',
    'a'.repeat(64),
    `${'a'.repeat(254)}=b`,
  ])('%j', (s) => {
    const err = parseError(s);
    expect(isStatusError(err)).toBe(true);
    expect(isBadRequest(err)).toBe(true);
    expect((err as { status: { code: number } }).status.code).toBe(400);
  });

  it('explains an invalid key as upstream does', () => {
    const err = parseError('a/b/c') as Error;
    expect(err.message).toBe(
      "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    );
  });
});

describe('matching (TestSelectorMatches, TestRequirementSelectorMatching)', () => {
  const labelset = { foo: 'bar', baz: 'blah' };
  const cases: [string, Record<string, string>, boolean][] = [
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x==y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true],
    ['x', { x: 'z' }, true],
    ['!x', { y: 'z' }, true],
    ['x>1', { x: '2' }, true],
    ['x<1', { x: '0' }, true],
    ['x=z', {}, false],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['x', { y: 'z' }, false],
    ['!x', { x: 'z' }, false],
    ['x>1', { x: '0' }, false],
    ['x<1', { x: '2' }, false],
    ['foo=bar', labelset, true],
    ['baz=blah', labelset, true],
    ['foo=bar,baz=blah', labelset, true],
    ['foo=blah', labelset, false],
    ['baz=bar', labelset, false],
    ['foo=bar,foobar=bar,baz=blah', labelset, false],
    ['x in (foo),y notin (alpha)', { x: 'foo', y: 'baz' }, true],
    ['x in (foo),y in (alpha)', { x: 'foo', y: 'baz' }, false],
    ['x notin (),y', { y: '' }, true],
    ['!x,y', { y: '' }, true],
    ['x notin (),!y', { y: '' }, false],
    ['x in ()', { y: 'baz' }, false],
    ['x in ()', { x: '' }, true],
    ['x=', { x: '' }, true],
    ['x=', {}, false],
    ['x!=', {}, true],
    ['z>1', { z: '2' }, true],
    ['z>1', { z: 'v2' }, false],
    ['z>1', {}, false],
    ['z<10', { z: '-3' }, true],
  ];

  it.each(cases)('%j against %j → %s', (s, labels, want) => {
    expect(parseLabelSelector(s).matches(labels)).toBe(want);
  });

  it('treats absent labels as an empty set', () => {
    expect(parseLabelSelector('!x').matches(undefined)).toBe(true);
    expect(parseLabelSelector('x').matches(undefined)).toBe(false);
  });

  it('does not see inherited properties as labels', () => {
    expect(parseLabelSelector('toString').matches({})).toBe(false);
    expect(parseLabelSelector('!constructor').matches({})).toBe(true);
  });
});

describe('everything', () => {
  it('matches anything and is empty', () => {
    expect(everythingLabels.matches({ x: 'y' })).toBe(true);
    expect(everythingLabels.isEmpty()).toBe(true);
    expect(parseLabelSelector('  ').isEmpty()).toBe(true);
    expect(parseLabelSelector('x').isEmpty()).toBe(false);
  });
});
