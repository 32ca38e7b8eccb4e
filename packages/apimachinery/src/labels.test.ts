// Cases ported from k8s.io/apimachinery/pkg/labels/selector_test.go (v1.33): TestSelectorParse,
// TestDeterministicParse, TestEverything, TestSelectorMatches, TestLexer, TestLexerSequence,
// TestParserLookahead, TestParseOperator, TestRequirementConstructor, TestToString,
// TestRequirementSelectorMatching, TestSetSelectorParser. The exact error messages were recorded
// from upstream's labels.Parse at kubernetes-1.33.0.
import { describe, expect, it } from 'vitest';
import { isBadRequest, isStatusError } from './errors.ts';
import { FieldPath, type FieldErrorType } from './field-errors.ts';
import {
  everythingLabels,
  lexLabelSelector,
  parseLabelSelector,
  validateLabelRequirement,
  type LabelOperator,
  type LabelRequirement,
  type LabelToken,
} from './labels.ts';

function parseError(selector: string): Error & { status: { code?: number; reason?: string } } {
  try {
    parseLabelSelector(selector);
  } catch (err) {
    return err as Error & { status: { code?: number; reason?: string } };
  }
  throw new Error(`parseLabelSelector(${JSON.stringify(selector)}) did not throw`);
}

const req = (key: string, operator: LabelOperator, values: string[] = []): LabelRequirement => ({ key, operator, values });

describe('TestSelectorParse', () => {
  // Upstream checks that String() is the input with the spaces removed.
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5'])('good: %j', (s) => {
    expect(parseLabelSelector(s).toString()).toBe(s.replaceAll(' ', ''));
  });

  it.each(['x=a||y=b', 'x==a==b', '!x=a', 'x<a'])('bad: %j', (s) => {
    expect(isBadRequest(parseError(s))).toBe(true);
  });
});

describe('TestDeterministicParse', () => {
  it('sorts requirements by key', () => {
    expect(parseLabelSelector('x=a,a=x').toString()).toBe(parseLabelSelector('a=x,x=a').toString());
    expect(parseLabelSelector('x=a,a=x').toString()).toBe('a=x,x=a');
  });

  it('keeps the order of equal keys that up to twelve requirements get from upstream (insertion sort)', () => {
    expect(parseLabelSelector('b,a=2,a=1,!a').toString()).toBe('a=2,a=1,!a,b');
  });

  // Above twelve, Go's sort.Sort is pdqsort, which is not stable; these orders are upstream's.
  const selector = (n: number, key: (j: number) => number) =>
    Array.from({ length: n }, (_, j) => `k${String(key(j)).padStart(3, '0')}=${j}`).join(',');
  const order = (s: string) => parseLabelSelector(s).requirements.map((r) => Number(r.values[0]));
  it.each<[string, number, (j: number) => number, number[]]>([
    ['three keys', 20, (j) => j % 3, [9, 18, 15, 3, 12, 0, 6, 10, 7, 4, 13, 16, 1, 19, 8, 5, 11, 14, 2, 17]],
    ['sawtooth (breaks patterns, partitions equal keys)', 60, (j) => j % 7,
      [49, 7, 14, 28, 0, 35, 42, 56, 21, 50, 43, 57, 36, 15, 8, 29, 1, 22, 30, 16, 58, 2, 9, 23, 51, 44, 37, 10, 38, 17, 59, 31, 52, 24, 3, 45, 25, 32, 53, 39, 46, 18, 11, 4, 19, 54, 40, 47, 33, 26, 12, 5, 13, 48, 34, 55, 41, 6, 20, 27]],
    ['scattered', 130, (j) => (j * 37) % 11,
      [110, 22, 66, 33, 77, 99, 0, 44, 55, 88, 121, 11, 91, 47, 14, 124, 58, 80, 36, 113, 3, 102, 69, 25, 50, 17, 127, 61, 28, 105, 6, 83, 72, 94, 116, 39, 119, 108, 75, 64, 97, 31, 42, 20, 86, 53, 9, 23, 1, 12, 111, 89, 67, 45, 100, 122, 56, 34, 78, 59, 81, 37, 125, 103, 15, 4, 26, 92, 114, 48, 70, 95, 84, 73, 128, 7, 40, 29, 51, 106, 62, 117, 18, 65, 21, 109, 54, 87, 120, 10, 43, 32, 98, 76, 101, 13, 2, 68, 46, 123, 35, 79, 112, 57, 24, 90, 93, 49, 27, 126, 104, 5, 60, 38, 82, 115, 71, 16, 8, 41, 107, 63, 118, 19, 52, 30, 85, 96, 74, 129]],
    ['descending (reversed whole, equal tail included)', 60, (j) => (j < 52 ? 60 - j : 8), Array.from({ length: 60 }, (_, j) => 59 - j)],
  ])('%s', (_name, n, key, want) => {
    expect(order(selector(n, key))).toEqual(want);
  });
});

describe('TestEverything', () => {
  it('matches anything and is empty', () => {
    expect(everythingLabels.matches({ x: 'y' })).toBe(true);
    expect(everythingLabels.isEmpty()).toBe(true);
    expect(everythingLabels.toString()).toBe('');
    expect(parseLabelSelector('  ').isEmpty()).toBe(true);
    expect(parseLabelSelector('x').isEmpty()).toBe(false);
  });
});

describe('TestSelectorMatches, TestRequirementSelectorMatching', () => {
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
    // `!=` and `notin` hold for objects without the label.
    ['x!=', {}, true],
    ['x!=a', {}, true],
    ['x notin (a)', {}, true],
    ['x notin (a)', { x: 'a' }, false],
    // gt and lt read both sides as int64.
    ['z>1', { z: '2' }, true],
    ['z>1', { z: 'v2' }, false],
    ['z>1', {}, false],
    ['z<10', { z: '-3' }, true],
    ['z>1', { z: '+2' }, true],
    ['z>1', { z: '007' }, true],
    ['z>1', { z: '1.5' }, false],
    ['z>9223372036854775806', { z: '9223372036854775807' }, true],
    ['z<9223372036854775807', { z: '9223372036854775806' }, true],
    ['z<9223372036854775807', { z: '9223372036854775808' }, false],
    ['z>0', { z: '-9223372036854775809' }, false],
    ['z<0', { z: '-9223372036854775808' }, true],
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

describe('TestLexer', () => {
  it.each<[string, LabelToken]>([
    ['', 'endOfString'],
    [',', 'comma'],
    ['notin', 'notIn'],
    ['in', 'in'],
    ['=', 'equals'],
    ['==', 'doubleEquals'],
    ['>', 'greaterThan'],
    ['<', 'lessThan'],
    // The longest valid token wins.
    ['!', 'doesNotExist'],
    ['!=', 'notEquals'],
    ['(', 'openPar'],
    [')', 'closedPar'],
    // Characters that are not special belong to an identifier.
    ['~', 'identifier'],
    ['||', 'identifier'],
  ])('%j is %s', (s, token) => {
    expect(lexLabelSelector(s)[0]).toEqual({ token, literal: s });
  });
});

describe('TestLexerSequence, TestParserLookahead', () => {
  it.each<[string, LabelToken[]]>([
    ['key in ( value )', ['identifier', 'in', 'openPar', 'identifier', 'closedPar']],
    ['key notin ( value )', ['identifier', 'notIn', 'openPar', 'identifier', 'closedPar']],
    ['key in ( value1, value2 )', ['identifier', 'in', 'openPar', 'identifier', 'comma', 'identifier', 'closedPar']],
    ['key', ['identifier']],
    ['!key', ['doesNotExist', 'identifier']],
    ['()', ['openPar', 'closedPar']],
    ['', []],
    ['x in (),y', ['identifier', 'in', 'openPar', 'closedPar', 'comma', 'identifier']],
    ['== != (), = notin', ['doubleEquals', 'notEquals', 'openPar', 'closedPar', 'comma', 'equals', 'notIn']],
    ['key>2', ['identifier', 'greaterThan', 'identifier']],
    ['key<1', ['identifier', 'lessThan', 'identifier']],
    // Runs of symbols split where the run stops being a token.
    ['x>=1', ['identifier', 'greaterThan', 'equals', 'identifier']],
    ['x!==a', ['identifier', 'notEquals', 'equals', 'identifier']],
    ['x=!a', ['identifier', 'equals', 'doesNotExist', 'identifier']],
    // Only space, tab, CR and LF separate; a vertical tab is part of the identifier.
    ['a\tb\r\nc\vd', ['identifier', 'identifier', 'identifier']],
  ])('%j', (s, tokens) => {
    const items = lexLabelSelector(s);
    expect(items.map((i) => i.token)).toEqual([...tokens, 'endOfString']);
    expect(items.at(-1)).toEqual({ token: 'endOfString', literal: '' });
  });

  it('reads a NUL as the end of the token it is in, and as the end of the string where a token starts', () => {
    expect(lexLabelSelector('x\0y').map((i) => i.literal)).toEqual(['x', 'y', '']);
    expect(lexLabelSelector('\0x').map((i) => i.token)).toEqual(['endOfString']);
    expect(parseLabelSelector('x,\0y').toString()).toBe('x,y');
  });

  it('reads in and notin as identifiers where a key or value stands', () => {
    expect(parseLabelSelector('in in (in,notin)').requirements).toEqual([req('in', 'in', ['in', 'notin'])]);
    expect(parseLabelSelector('notin').requirements).toEqual([req('notin', 'exists')]);
    expect(parseLabelSelector('!in').requirements).toEqual([req('in', '!')]);
    expect(parseLabelSelector('notin=in').requirements).toEqual([req('notin', '=', ['in'])]);
  });
});

describe('TestParseOperator', () => {
  it.each<[string, LabelOperator]>([
    ['x in (a)', 'in'],
    ['x = a', '='],
    ['x == a', '=='],
    ['x > 1', 'gt'],
    ['x < 1', 'lt'],
    ['x notin (a)', 'notin'],
    ['x != a', '!='],
  ])('%j', (s, operator) => {
    expect(parseLabelSelector(s).requirements[0]?.operator).toBe(operator);
  });

  it.each(['!', 'exists', '('])('rejects %j', (op) => {
    expect(parseError(`x ${op}`).message).toBe(`unable to parse requirement: found '${op}', expected: in, notin, =, ==, !=, gt, lt`);
  });
});

describe('TestRequirementConstructor', () => {
  // Upstream compares type, field and bad value, not the detail.
  const cases: [string, string, string[], [FieldErrorType, string, unknown][]][] = [
    ['x1', 'in', [], [['FieldValueInvalid', 'values', []]]],
    ['x2', 'notin', [], [['FieldValueInvalid', 'values', []]]],
    ['x3', 'in', ['foo'], []],
    ['x4', 'notin', ['foo'], []],
    ['x5', '=', ['bar', 'foo'], [['FieldValueInvalid', 'values', ['bar', 'foo']]]],
    ['x6', 'exists', [], []],
    ['x7', '!', [], []],
    ['x8', 'exists', ['foo'], [['FieldValueInvalid', 'values', ['foo']]]],
    ['x9', 'in', ['bar'], []],
    ['x10', 'in', ['bar'], []],
    ['x11', 'gt', ['1'], []],
    ['x12', 'lt', ['6'], []],
    ['x13', 'gt', [], [['FieldValueInvalid', 'values', []]]],
    ['x14', 'gt', ['bar'], [['FieldValueInvalid', 'values[0]', 'bar']]],
    ['x15', 'lt', ['bar'], [['FieldValueInvalid', 'values[0]', 'bar']]],
    ['a'.repeat(254), 'exists', [], [['FieldValueInvalid', 'key', 'a'.repeat(254)]]],
    ['x16', '=', ['a'.repeat(254)], [['FieldValueInvalid', 'values[0][x16]', 'a'.repeat(254)]]],
    ['x17', '=', ['a b'], [['FieldValueInvalid', 'values[0][x17]', 'a b']]],
    ['x18', 'unsupportedOp', [], [['FieldValueNotSupported', 'operator', 'unsupportedOp']]],
  ];

  it.each(cases)('%s %s %j', (key, op, values, want) => {
    const got = validateLabelRequirement(key, op, values).map((e) => [e.type, e.field, e.badValue]);
    expect(got).toEqual(want);
  });

  it('words the errors as upstream does', () => {
    const errs = validateLabelRequirement('x', 'gt', ['a-']);
    expect(errs.map((e) => e.detail)).toEqual([
      "for 'Gt', 'Lt' operators, the value must be an integer",
      expect.stringMatching(/^a valid label must be an empty string/),
    ]);
    expect(validateLabelRequirement('x', 'bad', [])[0]?.detail).toBe(
      'supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"',
    );
  });

  it('places the errors under a given path', () => {
    const errs = validateLabelRequirement('-x', '=', ['-'], FieldPath.of('spec', 'selector'));
    expect(errs.map((e) => e.field)).toEqual(['spec.selector.key', 'spec.selector.values[0][-x]']);
  });
});

describe('TestToString', () => {
  it.each([
    ['x in (abc,def),y notin (jkl),z', 'x in (abc,def),y notin (jkl),z'],
    ['x notin (abc,def),y!=jkl,!z', 'x notin (abc,def),y!=jkl,!z'],
    ['x notin (abc),y in (jkl,mno),z notin ()', 'x notin (abc),y in (jkl,mno),z notin ()'],
    ['x=abc,y==jkl,z!=a,z', 'x=abc,y==jkl,z!=a,z'],
    ['x>2,y<8,z', 'x>2,y<8,z'],
    // in/notin values print sorted and de-duplicated; spaces go.
    ['x in (def,abc),y notin (jkl),z', 'x in (abc,def),y notin (jkl),z'],
    ['x in (abc,abc)', 'x in (abc)'],
    ['x  in ( b , a , ,b )', 'x in (,a,b)'],
    [' ! x ', '!x'],
    ['x > 5', 'x>5'],
  ])('%j → %j', (s, want) => {
    expect(parseLabelSelector(s).toString()).toBe(want);
  });
});

describe('TestSetSelectorParser', () => {
  const valid: [string, LabelRequirement[]][] = [
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
    ['x notin (abc,,def),bar,z in (),w', [req('bar', 'exists'), req('w', 'exists'), req('x', 'notin', ['', 'abc', 'def']), req('z', 'in', [''])]],
    // Upstream lists this one unsorted and skips the comparison; parsing sorts it.
    ['x,y in (a)', [req('x', 'exists'), req('y', 'in', ['a'])]],
    ['x=a', [req('x', '=', ['a'])]],
    ['x>1', [req('x', 'gt', ['1'])]],
    ['x<7', [req('x', 'lt', ['7'])]],
    ['x=a,y!=b', [req('x', '=', ['a']), req('y', '!=', ['b'])]],
    ['x=a,y!=b,z in (h,i,j)', [req('x', '=', ['a']), req('y', '!=', ['b']), req('z', 'in', ['h', 'i', 'j'])]],
    ['x notin ( )', [req('x', 'notin', [''])]],
    ['x notin (, a)', [req('x', 'notin', ['', 'a'])]],
    ['a ', [req('a', 'exists')]],
    ['a in (x,y,notin, z,in)', [req('a', 'in', ['in', 'notin', 'x', 'y', 'z'])]],
    // Not in upstream's table, but upstream parses them so.
    ['x in (,)', [req('x', 'in', [''])]],
    ['x in (,,a)', [req('x', 'in', ['', 'a'])]],
    ['notin=in', [req('notin', '=', ['in'])]],
    ['x = a', [req('x', '=', ['a'])]],
    ['! x', [req('x', '!')]],
  ];

  it.each(valid)('%j', (s, want) => {
    expect(parseLabelSelector(s).requirements).toEqual(want);
  });

  it.each([
    'x=a||y=b',
    'x,,y',
    ',x,y',
    'x nott in (y)',
    'a in (xyz),',
    'a in (xyz)b notin ()',
    'a in (xyz abc)',
    'a notin(',
    'a (',
    '(',
    // A `,,` right before `)` is consumed whole, so the `)` is unexpected (upstream rejects these).
    'x in (a,,)',
    'x in (a,,a,,a,,a,,)',
  ])('rejects %j', (s) => {
    expect(isBadRequest(parseError(s))).toBe(true);
  });
});

describe('errors are 400 BadRequest with upstream messages', () => {
  const labelValueDetail =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
  const nameRegex = "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  const namePart = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character ${nameRegex}`;
  const prefixPart =
    "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  const operators = 'in, notin, =, ==, !=, gt, lt';
  const inReq = 'unable to parse requirement: ';

  it.each([
    // Top level: between requirements.
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['x=a b', "found 'b', expected: ',' or 'end of string'"],
    ['a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['x,,y', "found ',', expected: identifier after ','"],
    ['a in (xyz),', "found '', expected: identifier after ','"],
    [',x,y', "found ',', expected: !, identifier, or 'end of string'"],
    ['(', "found '(', expected: !, identifier, or 'end of string'"],
    [')', "found ')', expected: !, identifier, or 'end of string'"],
    ['x=a\0y', "found 'y', expected: ',' or 'end of string'"],
    // Inside a requirement: key, operator, values.
    ['!', `${inReq}found '', expected: identifier`],
    ['!!x', `${inReq}found '!', expected: identifier`],
    ['x=a,!', `${inReq}found '', expected: identifier`],
    ['x nott in (y)', `${inReq}found 'nott', expected: ${operators}`],
    ['a (', `${inReq}found '(', expected: ${operators}`],
    ['x in y', `${inReq}found 'y' expected: '('`],
    ['x notin', `${inReq}found '' expected: '('`],
    ['a notin(', `${inReq}found '', expected: ',', ')' or identifier`],
    ['a in (xyz abc)', `${inReq}found 'abc', expected: ',' or ')'`],
    ['x in (a', `${inReq}found '', expected: ',' or ')'`],
    ['x in (a,=)', `${inReq}found '=', expected: ',', or identifier`],
    ['x in (a,,)', `${inReq}found ')', expected: ',', or identifier`],
    ['x>=1', `${inReq}found '=', expected: identifier`],
    ['x===a', `${inReq}found '=', expected: identifier`],
    ['x=(a)', `${inReq}found '(', expected: identifier`],
    // Validation, with upstream's field paths (a nil path prints `<nil>`).
    ['x<a', `${inReq}values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x>1.5', `${inReq}values[0]: Invalid value: "1.5": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x>9223372036854775808', `${inReq}values[0]: Invalid value: "9223372036854775808": for 'Gt', 'Lt' operators, the value must be an integer`],
    // A bound is also a label value, so a sign is refused even though it reads as an int64.
    ['x>-1', `${inReq}values[0][x]: Invalid value: "-1": ${labelValueDetail}`],
    ['x>+1', `${inReq}values[0][x]: Invalid value: "+1": ${labelValueDetail}`],
    ['x>a-', `${inReq}[values[0]: Invalid value: "a-": for 'Gt', 'Lt' operators, the value must be an integer, values[0][x]: Invalid value: "a-": ${labelValueDetail}]`],
    ['x=a||y=b', `${inReq}values[0][x]: Invalid value: "a||y": ${labelValueDetail}`],
    ['x=-a', `${inReq}values[0][x]: Invalid value: "-a": ${labelValueDetail}`],
    [`x=${'v'.repeat(64)}`, `${inReq}values[0][x]: Invalid value: "${'v'.repeat(64)}": must be no more than 63 characters`],
    ['x in (-a,b-)', `${inReq}[values[0][x]: Invalid value: "-a": ${labelValueDetail}, values[1][x]: Invalid value: "b-": ${labelValueDetail}]`],
    ['x in (\u00e9,\u{1f600})', `${inReq}[values[0][x]: Invalid value: "\u00e9": ${labelValueDetail}, values[1][x]: Invalid value: "\u{1f600}": ${labelValueDetail}]`],
    [
      'a/b/c',
      `${inReq}<nil>: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character ${nameRegex} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
    ['-x', `${inReq}<nil>: Invalid value: "-x": ${namePart}`],
    ['_a', `${inReq}<nil>: Invalid value: "_a": ${namePart}`],
    ['/x', `${inReq}<nil>: Invalid value: "/x": prefix part must be non-empty`],
    ['a.b/', `${inReq}<nil>: Invalid value: "a.b/": name part must be non-empty; ${namePart}`],
    ['Example.com/x', `${inReq}<nil>: Invalid value: "Example.com/x": ${prefixPart}`],
    ['a'.repeat(64), `${inReq}<nil>: Invalid value: "${'a'.repeat(64)}": name part must be no more than 63 characters`],
    [`${'a'.repeat(254)}=b`, `${inReq}<nil>: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 characters`],
  ])('%j', (s, message) => {
    const err = parseError(s);
    expect(isStatusError(err)).toBe(true);
    expect(err.status).toMatchObject({ code: 400, reason: 'BadRequest', message });
    expect(err.message).toBe(message);
  });
});
