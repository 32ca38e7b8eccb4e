// Go (RE2) patterns as kube compiles them for `pattern`: what matches and Go's parse errors.
import { describe, expect, it } from 'vitest';
import { compileGoRegexp } from '../src/internal/go-regexp.ts';

describe('compileGoRegexp', () => {
  const matches: [string, string, boolean][] = [
    ['^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', 'my-name', true],
    ['^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', 'My-name', false],
    ['(?i)^abc$', 'ABC', true],
    ['\\d+', 'x12', true],
    ['^[[:alpha:]]+$', 'abc', true],
    ['^[[:alpha:]]+$', 'ab1', false],
    ['^\\pL+$', 'ôlà', true],
    ['^a{2,3}$', 'aaaa', false],
    ['\\Aab\\z', 'ab', true],
    ['^(?P<x>a)b$', 'ab', true],
    ['^a.c$', 'a\nc', false],
    ['^\\x41$', 'A', true],
    ['^\\101$', 'A', true],
    ['a\\-b', 'a-b', true],
    ['^[\\-a]+$', '-a-', true],
    ['^\\#$', '#', true],
    ['a{,2}', 'a{,2}', true],
  ];
  for (const [re, s, want] of matches) it(`${re} ${want ? 'matches' : 'does not match'} ${JSON.stringify(s)}`, () => expect(compileGoRegexp(re).test(s)).toBe(want));

  const errors: [string, string][] = [
    ['+', 'error parsing regexp: missing argument to repetition operator: `+`'],
    ['a|*', 'error parsing regexp: missing argument to repetition operator: `*`'],
    ['(', 'error parsing regexp: missing closing ): `(`'],
    ['a)', 'error parsing regexp: unexpected ): `a)`'],
    ['a**', 'error parsing regexp: invalid nested repetition operator: `**`'],
    ['\\q', 'error parsing regexp: invalid escape sequence: `\\q`'],
    ['\\1', 'error parsing regexp: invalid escape sequence: `\\1`'],
    ['[a', 'error parsing regexp: missing closing ]: `[a`'],
    ['a{1001}', 'error parsing regexp: invalid repeat count: `{1001}`'],
    ['(?=a)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ['(?<!a)b', 'error parsing regexp: invalid or unsupported Perl syntax: `(?<`'],
  ];
  for (const [re, msg] of errors) it(`rejects ${re}`, () => expect(() => compileGoRegexp(re)).toThrow(msg));
});
