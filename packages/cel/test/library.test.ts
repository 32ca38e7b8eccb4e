// Ports the test tables of k8s.io/apiserver/pkg/cel/library (v0.33): ip_test.go, cidr_test.go, quantity_test.go,
// format_test.go and semver_test.go (extracted to fixtures/kube-library-cases.json), and the documented examples of
// lists.go, regex.go and urls.go, plus the strings and sets extensions kube enables.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compile } from '../src/index.ts';

interface Case {
  readonly name: string | null;
  readonly expr: string;
  readonly expect?: string;
  readonly runtimeError?: string;
  readonly compileErrors?: readonly string[];
}

const tables = JSON.parse(readFileSync(new URL('./fixtures/kube-library-cases.json', import.meta.url), 'utf8')) as Record<string, Case[]>;

/** Runs one case: compile errors match as regexes; runtime errors match exactly or as a regex. */
function runCase(c: Case): void {
  const r = compile(c.expr);
  if (c.compileErrors && c.compileErrors.length > 0) {
    expect(r.issues, 'expected a compile error').toBeDefined();
    for (const e of c.compileErrors) expect(r.issues).toMatch(new RegExp(e));
    return;
  }
  expect(r.issues).toBeUndefined();
  const got = r.program!.eval({});
  if (c.runtimeError !== undefined) {
    expect(got.error, 'expected a runtime error').toBeDefined();
    if (got.error !== c.runtimeError) expect(got.error).toMatch(new RegExp(c.runtimeError));
    return;
  }
  expect(got.error).toBeUndefined();
  // compare through CEL equality, which knows kube's opaque types
  const eq = compile(`dyn(a) == dyn(b)`, new Map([['a', { kind: 'dyn' }], ['b', { kind: 'dyn' }]]));
  const b = compile(c.expect!).program!.eval({});
  expect(b.error).toBeUndefined();
  expect(eq.program!.eval({ a: got.value!, b: b.value! }).value, `${c.expr} should equal ${c.expect}`).toBe(true);
}

/** Cases the engine cannot pass: `type(x)` is built into @bufbuild/cel and knows no opaque types. */
const knownDifferences = new Set(['type of IP is net.IP', 'type of CIDR is net.CIDR']);

for (const [lib, cases] of Object.entries(tables)) {
  describe(`kube library ${lib}`, () => {
    cases.forEach((c, i) => {
      const name = `${c.name ?? i}: ${c.expr}`;
      if (knownDifferences.has(c.name ?? '')) it.fails(`${name} (known difference)`, () => runCase(c));
      else it(name, () => runCase(c));
    });
  });
}

const doc = (expr: string, expectExpr: string): Case => ({ name: expr, expr, expect: expectExpr });
const docErr = (expr: string, runtimeError: string): Case => ({ name: expr, expr, runtimeError });
const docCompileErr = (expr: string, ...compileErrors: string[]): Case => ({ name: expr, expr, compileErrors });

const documented: Record<string, Case[]> = {
  lists: [
    doc('[1, 2, 3].isSorted()', 'true'),
    doc('[3, 1].isSorted()', 'false'),
    doc("['a', 'b', 'c'].isSorted()", 'true'),
    doc('[1, 3].sum()', '4'),
    doc('[1.0, 3.0].sum()', '4.0'),
    doc("[duration('1m'), duration('1s')].sum()", "duration('1m1s')"),
    doc('[].sum()', '0'),
    doc('[1, 3].min()', '1'),
    doc('[1, 3].max()', '3'),
    docErr('[].min()', 'min called on empty list'),
    docErr('[].max()', 'max called on empty list'),
    doc('[1].min()', '1'),
    doc('([0] + [1, 2]).min()', '0'),
    doc("['b', 'a'].min()", "'a'"),
    doc('[1, 2, 2, 3].indexOf(2)', '1'),
    doc("['a', 'b', 'b', 'c'].lastIndexOf('b')", '2'),
    doc('[1.0].indexOf(1.1)', '-1'),
    doc("[].indexOf('string')", '-1'),
    docCompileErr("[1, 2].indexOf('a')", "found no matching overload for 'indexOf'"),
    docCompileErr("'abc'.isSorted()", "found no matching overload for 'isSorted'"),
  ],
  regex: [
    doc("'abc 123'.find('[0-9]+')", "'123'"),
    doc("'abc 123'.find('xyz')", "''"),
    doc("'123 abc 456'.findAll('[0-9]+')", "['123', '456']"),
    doc("'123 abc 456'.findAll('[0-9]+', 1)", "['123']"),
    doc("'123 abc 456'.findAll('xyz')", '[]'),
    docErr("'abc'.find('[')", '^Illegal regex'),
    docCompileErr("'abc'.find(1)", "found no matching overload for 'find'"),
  ],
  urls: [
    doc("isURL('https://user:pass@example.com:80/path?query=val#fragment')", 'true'),
    doc("isURL('/absolute-path')", 'true'),
    doc("isURL('https://a:b:c/')", 'false'),
    doc("isURL('../relative-path')", 'false'),
    docErr("url('https://a:b:c/')", '^URL parse error during conversion from string'),
    docErr("url('../relative-path')", '^URL parse error during conversion from string'),
    doc("url('/path').getScheme()", "''"),
    doc("url('https://example.com/').getScheme()", "'https'"),
    doc("url('https://example.com:80/').getHost()", "'example.com:80'"),
    doc("url('https://example.com/').getHost()", "'example.com'"),
    doc("url('https://[::1]:80/').getHost()", "'[::1]:80'"),
    doc("url('https://[::1]/').getHost()", "'[::1]'"),
    doc("url('/path').getHost()", "''"),
    doc("url('https://example.com:80/').getHostname()", "'example.com'"),
    doc("url('https://127.0.0.1:80/').getHostname()", "'127.0.0.1'"),
    doc("url('https://[::1]:80/').getHostname()", "'::1'"),
    doc("url('/path').getHostname()", "''"),
    doc("url('https://example.com:80/').getPort()", "'80'"),
    doc("url('https://example.com/').getPort()", "''"),
    doc("url('/path').getPort()", "''"),
    doc("url('https://example.com/path').getEscapedPath()", "'/path'"),
    doc("url('https://example.com/path with spaces/').getEscapedPath()", "'/path%20with%20spaces/'"),
    doc("url('https://example.com').getEscapedPath()", "''"),
    doc("url('https://example.com/path?k1=a&k2=b&k2=c').getQuery()", "{'k1': ['a'], 'k2': ['b', 'c']}"),
    doc("url('https://example.com/path?key with spaces=value with spaces').getQuery()", "{'key with spaces': ['value with spaces']}"),
    doc("url('https://example.com/path?').getQuery()", '{}'),
    doc("url('https://example.com/path').getQuery()", '{}'),
  ],
  strings: [
    doc("'hello'.charAt(1)", "'e'"),
    doc("'hello mellow'.indexOf('ello')", '1'),
    doc("'hello mellow'.lastIndexOf('ello')", '7'),
    doc("'TacoCat'.lowerAscii()", "'tacocat'"),
    doc("'TacoCat'.upperAscii()", "'TACOCAT'"),
    doc("'hello hello'.replace('he', 'we')", "'wello wello'"),
    doc("'hello hello'.replace('he', 'we', 1)", "'wello hello'"),
    doc("'hello hello hello'.split(' ')", "['hello', 'hello', 'hello']"),
    doc("'tacocat'.substring(4)", "'cat'"),
    doc("'tacocat'.substring(0, 4)", "'taco'"),
    doc("'  \\ttrim\\n    '.trim()", "'trim'"),
    doc("['hello', 'mellow'].join(' ')", "'hello mellow'"),
    doc('strings.quote(\'single-quote with "double quote"\')', '\'"single-quote with \\\\"double quote\\\\""\''),
  ],
  sets: [
    doc('sets.contains([1, 2, 3, 4], [2, 3])', 'true'),
    doc('sets.contains([1, 2, 3], [4])', 'false'),
    doc('sets.equivalent([1, 2, 3], [3, 2, 1, 1])', 'true'),
    doc('sets.intersects([1, 2], [2, 3])', 'true'),
    doc('sets.intersects([1], [2])', 'false'),
  ],
  optional: [
    doc('optional.of(1).hasValue()', 'true'),
    doc('optional.none().hasValue()', 'false'),
    doc('optional.of(1).value()', '1'),
    doc('optional.none().orValue(5)', '5'),
    doc('optional.none().or(optional.of(2)).value()', '2'),
    doc("optional.ofNonZeroValue('').hasValue()", 'false'),
    docErr('optional.none().value()', 'optional.none() dereference'),
  ],
};

for (const [lib, cases] of Object.entries(documented)) {
  describe(`documented ${lib}`, () => {
    for (const c of cases) it(c.expr, () => runCase(c));
  });
}
