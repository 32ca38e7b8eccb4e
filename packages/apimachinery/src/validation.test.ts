// Cases from k8s.io/apimachinery pkg/util/validation/validation_test.go and pkg/api/validation (v1.33).
import { describe, expect, it } from 'vitest';
import { FieldPath, fieldErrorString, type FieldError } from './field-errors.ts';
import type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './meta.ts';
import {
  isConfigMapKey,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  maxLenError,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  totalAnnotationSizeLimitB,
  validateAnnotations,
  validateFieldManager,
  validateFinalizers,
  validateLabels,
  validateManagedFields,
  validateObjectMeta,
  validateObjectMetaUpdate,
  validateOwnerReferences,
} from './validation.ts';

const labelMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const subdomainMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const configKeyMsg =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
const dns1035Msg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const labelValueMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const qualifiedNameMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe('isDNS1123Label', () => {
  it.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a'.repeat(63)])('accepts %j', (v) => {
    expect(isDNS1123Label(v)).toEqual([]);
  });

  it.each([
    '', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2',
    '.', 'a.', '.a', '1.', '.1', ' ', 'a ', ' a', 'a b', '1 ', ' 1', '1 2',
  ])('rejects %j with the regex message (upstream double space included)', (v) => {
    expect(isDNS1123Label(v)).toEqual([labelMsg]);
  });

  it.each(['a.b', '1.2', 'my.app'])('says a valid subdomain %j must not contain dots', (v) => {
    expect(isDNS1123Label(v)).toEqual(['must not contain dots']);
  });

  it('reports the length limit, then the pattern', () => {
    expect(isDNS1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
    expect(isDNS1123Label('A'.repeat(64))).toEqual(['must be no more than 63 characters', labelMsg]);
  });
});

describe('isDNS1123Subdomain', () => {
  it.each([
    'a', 'a--1--2--b', 'a.a', 'a--1--2--b.a', '0.a', '1--a--b--2', '0.1', '1-a.1', 'a.b.c.d.e', 'aa.bb.cc.dd.ee', '1.2.3.4.5', 'a'.repeat(253),
  ])('accepts %j', (v) => {
    expect(isDNS1123Subdomain(v)).toEqual([]);
  });

  it.each([
    '', 'A', 'aBc', '-', 'a-', '-a', '_', 'a_b', '.', 'a.', '.a', 'a..b', '1..2', ' ', 'a b', 'A.a', 'ab.A', 'a.B.c.d.e', 'a@b', 'a,b', 'a;b', 'a:b', 'a%b', 'a?b', 'a$b',
  ])('rejects %j', (v) => {
    expect(isDNS1123Subdomain(v)).toEqual([subdomainMsg]);
  });

  it('reports the length limit', () => {
    expect(isDNS1123Subdomain('a'.repeat(254))).toEqual([maxLenError(253)]);
    expect(maxLenError(253)).toBe('must be no more than 253 characters');
  });
});

describe('name validators', () => {
  it('check a name as it is', () => {
    expect(nameIsDNSSubdomain('my-app', false)).toEqual([]);
    expect(nameIsDNSSubdomain('my-app-', false)).toEqual([subdomainMsg]);
    expect(nameIsDNSLabel('my.app', false)).toEqual(['must not contain dots']);
  });

  it('allow a trailing dash in a generateName (maskTrailingDash)', () => {
    expect(nameIsDNSSubdomain('my-app-', true)).toEqual([]);
    expect(nameIsDNSLabel('ns-', true)).toEqual([]);
    expect(nameIsDNSLabel('a-', true)).toEqual([]);
  });

  it('mask two characters, as upstream does (`.-` becomes `a`)', () => {
    expect(nameIsDNSSubdomain('.-', true)).toEqual([]);
    expect(nameIsDNSSubdomain('x.-', true)).toEqual([]);
  });

  it('do not mask a lone dash or a prefix without one', () => {
    expect(nameIsDNSSubdomain('-', true)).toEqual([subdomainMsg]);
    expect(nameIsDNSSubdomain('Foo', true)).toEqual([subdomainMsg]);
  });
});

describe('isConfigMapKey', () => {
  it.each(['a', 'good', 'good-good', 'still.good', 'this.is.also.good', '.so.is.this', 'THIS_IS_GOOD', 'so_is_this_17', '__proto__'])(
    'accepts %j',
    (k) => {
      expect(isConfigMapKey(k)).toEqual([]);
    },
  );

  it.each([
    ['.', ["must not be '.'"]],
    ['..', ["must not be '..'"]],
    ['..bad', ["must not start with '..'"]],
    ['b*d', [configKeyMsg]],
    ['bad!&bad', [configKeyMsg]],
    ['', [configKeyMsg]],
    ['a b', [configKeyMsg]],
    ['k'.repeat(254), [maxLenError(253)]],
  ])('rejects %j', (k, want) => {
    expect(isConfigMapKey(k)).toEqual(want);
  });
});

describe('isQualifiedName', () => {
  it.each(['simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple', 'example.com/MyName', 'a'.repeat(63), `${'a'.repeat(253)}/a`])(
    'accepts %j',
    (v) => {
      expect(isQualifiedName(v)).toEqual([]);
    },
  );

  it.each([
    ['', ['name part must be non-empty', `name part ${qualifiedNameMsg}`]],
    ['-a', [`name part ${qualifiedNameMsg}`]],
    ['a'.repeat(64), ['name part must be no more than 63 characters']],
    ['/a', ['prefix part must be non-empty']],
    ['Example.com/a', [`prefix part ${subdomainMsg}`]],
    ['a/b/c', [`a qualified name ${qualifiedNameMsg} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`]],
  ])('rejects %j', (v, want) => {
    expect(isQualifiedName(v)).toEqual(want);
  });
});

describe('isValidPathSegmentName', () => {
  it.each([
    ['ok', []],
    ['.', ["may not be '.'"]],
    ['..', ["may not be '..'"]],
    ['a/b', ["may not contain '/'"]],
    ['a%b/c', ["may not contain '/'", "may not contain '%'"]],
  ])('%j', (v, want) => {
    expect(isValidPathSegmentName(v)).toEqual(want);
  });
});

describe('validateObjectMeta', () => {
  const namespaced = { namespaced: true, nameValidator: nameIsDNSSubdomain };
  const clusterScoped = { namespaced: false, nameValidator: nameIsDNSLabel };
  const text = (errs: ReturnType<typeof validateObjectMeta>) => errs.map(fieldErrorString);

  it('accepts valid metadata', () => {
    expect(validateObjectMeta({ name: 'cm', namespace: 'default' }, namespaced)).toEqual([]);
    expect(validateObjectMeta({ name: 'team-a' }, clusterScoped)).toEqual([]);
  });

  it('requires a name and, for namespaced kinds, a namespace', () => {
    expect(text(validateObjectMeta({}, namespaced))).toEqual([
      'metadata.name: Required value: name or generateName is required',
      'metadata.namespace: Required value',
    ]);
  });

  it('still requires the name when only generateName is set (the registry fills it in first)', () => {
    expect(text(validateObjectMeta({ generateName: 'cm-', namespace: 'default' }, namespaced))).toEqual([
      'metadata.name: Required value: name or generateName is required',
    ]);
  });

  it('validates generateName with the trailing dash masked', () => {
    expect(text(validateObjectMeta({ generateName: 'Bad-', name: 'ok', namespace: 'default' }, namespaced))).toEqual([
      `metadata.generateName: Invalid value: "Bad-": ${subdomainMsg}`,
    ]);
  });

  it('prints the invalid name with the upstream message', () => {
    expect(text(validateObjectMeta({ name: 'Foo', namespace: 'default' }, namespaced))).toEqual([`metadata.name: Invalid value: "Foo": ${subdomainMsg}`]);
    expect(text(validateObjectMeta({ name: 'Foo' }, clusterScoped))).toEqual([`metadata.name: Invalid value: "Foo": ${labelMsg}`]);
  });

  it('checks the namespace as a DNS label', () => {
    expect(text(validateObjectMeta({ name: 'cm', namespace: 'kube.system' }, namespaced))).toEqual([
      'metadata.namespace: Invalid value: "kube.system": must not contain dots',
    ]);
  });

  it('forbids a namespace on cluster-scoped kinds', () => {
    expect(text(validateObjectMeta({ name: 'team-a', namespace: 'default' }, clusterScoped))).toEqual([
      'metadata.namespace: Forbidden: not allowed on this type',
    ]);
  });

  it('rejects a negative generation', () => {
    expect(text(validateObjectMeta({ name: 'cm', namespace: 'default', generation: -1 }, namespaced))).toEqual([
      'metadata.generation: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('uses the given root path', () => {
    const errs = validateObjectMeta({}, clusterScoped, FieldPath.of('spec', 'template', 'metadata'));
    expect(errs.map((e) => e.field)).toEqual(['spec.template.metadata.name']);
  });
});

describe('validateObjectMetaUpdate', () => {
  const old = { name: 'a', namespace: 'default', uid: 'u1', resourceVersion: '7', creationTimestamp: '2024-05-01T10:00:00Z' };

  it('accepts an unchanged identity', () => {
    expect(validateObjectMetaUpdate({ ...old, labels: { x: 'y' } }, old)).toEqual([]);
  });

  it('reports each changed immutable field; v1.33 prints a metav1.Time with its String method', () => {
    const errs = validateObjectMetaUpdate(
      { name: 'b', namespace: 'other', uid: 'u2', resourceVersion: '7', creationTimestamp: '2024-05-02T10:00:00Z' },
      old,
    );
    expect(errs.map(fieldErrorString)).toEqual([
      'metadata.name: Invalid value: "b": field is immutable',
      'metadata.namespace: Invalid value: "other": field is immutable',
      'metadata.uid: Invalid value: "u2": field is immutable',
      'metadata.creationTimestamp: Invalid value: 2024-05-02 10:00:00 +0000 UTC: field is immutable',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Ported from pkg/util/validation/validation_test.go, pkg/apis/meta/v1/validation/validation_test.go
// and pkg/api/validation/objectmeta_test.go at kubernetes-1.33.0. Upstream mostly checks
// "contains"; these cases pin the whole text, derived from the v1.33 sources.

const text = (errs: readonly FieldError[]) => errs.map(fieldErrorString);
const anyName = () => [];

describe('isDNS1035Label', () => {
  it.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', 'a'.repeat(63)])('accepts %j', (v) => {
    expect(isDNS1035Label(v)).toEqual([]);
  });

  it.each([
    '0', '01', '012', '1a', '1-a', '1--a--b--2', '', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1',
    '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2', '.', 'a.', '.a', 'a.b', '1.', '.1', '1.2', ' ', 'a ', ' a', 'a b', '1 ', ' 1', '1 2',
  ])('rejects %j with the regex message (no "must not contain dots" here)', (v) => {
    expect(isDNS1035Label(v)).toEqual([dns1035Msg]);
  });

  it('reports the length limit alone when the pattern holds', () => {
    expect(isDNS1035Label('a'.repeat(64))).toEqual([maxLenError(63)]);
  });

  it('backs nameIsDNS1035Label, which masks a generateName dash', () => {
    expect(nameIsDNS1035Label('svc-', true)).toEqual([]);
    expect(nameIsDNS1035Label('1svc', false)).toEqual([dns1035Msg]);
  });
});

describe('isValidLabelValue', () => {
  it.each(['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), ''])('accepts %j', (v) => {
    expect(isValidLabelValue(v)).toEqual([]);
  });

  it.each([
    ['nospecialchars%^=@', [labelValueMsg]],
    ['Tama-nui-te-rā.is.Māori.sun', [labelValueMsg]],
    ['\\backslashes\\are\\bad', [labelValueMsg]],
    ['-starts-with-dash', [labelValueMsg]],
    ['ends-with-dash-', [labelValueMsg]],
    ['.starts.with.dot', [labelValueMsg]],
    ['ends.with.dot.', [labelValueMsg]],
    ['a'.repeat(64), [maxLenError(63)]],
  ])('rejects %j', (v, want) => {
    expect(isValidLabelValue(v)).toEqual(want);
  });

  it('measures the length in UTF-8 bytes, as Go does', () => {
    expect(isValidLabelValue('ā'.repeat(32))).toEqual([maxLenError(63), labelValueMsg]); // 64 bytes
    expect(isValidLabelValue('ā'.repeat(31))).toEqual([labelValueMsg]); // 62 bytes
  });
});

describe('isQualifiedName (upstream table)', () => {
  it.each([
    'simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple', 'now-with-dashes/now-with-dashes',
    'now.with.dots/simple', 'now-with.dashes-and.dots/simple', '1-num.2-num/3-num', '1234/5678', '1.2.3.4/5678', 'Uppercase_Is_OK_123',
    'example.com/Uppercase_Is_OK_123', 'requests.storage-foo', 'a'.repeat(63), `${'a'.repeat(253)}/${'b'.repeat(63)}`,
  ])('accepts %j', (v) => {
    expect(isQualifiedName(v)).toEqual([]);
  });

  it.each([
    ['nospecialchars%^=@', [`name part ${qualifiedNameMsg}`]],
    ['cantendwithadash-', [`name part ${qualifiedNameMsg}`]],
    ['-cantstartwithadash-', [`name part ${qualifiedNameMsg}`]],
    ['example_com/abc', [`prefix part ${subdomainMsg}`]],
    ['example.com/', ['name part must be non-empty', `name part ${qualifiedNameMsg}`]],
    [`${'a'.repeat(254)}/abc`, [`prefix part ${maxLenError(253)}`]],
  ])('rejects %j', (v, want) => {
    expect(isQualifiedName(v)).toEqual(want);
  });

  it('measures the name part in UTF-8 bytes', () => {
    expect(isQualifiedName('é'.repeat(32))).toEqual([`name part ${maxLenError(63)}`, `name part ${qualifiedNameMsg}`]);
    expect(isQualifiedName('é'.repeat(31))).toEqual([`name part ${qualifiedNameMsg}`]);
  });
});

describe('maskTrailingDash in bytes', () => {
  it('cuts the dash and one byte, so a name ending in a multi-byte character stays invalid and keeps its length', () => {
    // Go: 251 'a' + "é-" is 254 bytes; masked it is 251 'a' + 0xC3 + 'a', 253 bytes.
    expect(nameIsDNSSubdomain(`${'a'.repeat(251)}é-`, true)).toEqual([subdomainMsg]);
    expect(nameIsDNSSubdomain(`${'a'.repeat(252)}é-`, true)).toEqual([maxLenError(253), subdomainMsg]);
  });
});

describe('validateLabels', () => {
  const path = FieldPath.of('field');

  it.each([
    { simple: 'bar' }, { 'now-with-dashes': 'bar' }, { '1-starts-with-num': 'bar' }, { '1234': 'bar' }, { 'simple/simple': 'bar' },
    { 'now-with-dashes/simple': 'bar' }, { 'now-with-dashes/now-with-dashes': 'bar' }, { 'now.with.dots/simple': 'bar' },
    { 'now-with.dashes-and.dots/simple': 'bar' }, { '1-num.2-num/3-num': 'bar' }, { '1234/5678': 'bar' }, { '1.2.3.4/5678': 'bar' },
    { UpperCaseAreOK123: 'bar' }, { goodvalue: '123_-.BaR' }, { empty: '' },
  ])('accepts %j', (labels) => {
    expect(validateLabels(labels, path)).toEqual([]);
  });

  it.each([
    [{ 'nospecialchars^=@': 'bar' }, `field: Invalid value: "nospecialchars^=@": name part ${qualifiedNameMsg}`],
    [{ 'cantendwithadash-': 'bar' }, `field: Invalid value: "cantendwithadash-": name part ${qualifiedNameMsg}`],
    [
      { 'only/one/slash': 'bar' },
      `field: Invalid value: "only/one/slash": a qualified name ${qualifiedNameMsg} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
    [{ ['a'.repeat(254)]: 'bar' }, `field: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 characters`],
    [{ toolongvalue: 'a'.repeat(64) }, `field: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`],
    [{ backslashesinvalue: 'some\\bad\\value' }, `field: Invalid value: "some\\\\bad\\\\value": ${labelValueMsg}`],
    [{ nocommasallowed: 'bad,value' }, `field: Invalid value: "bad,value": ${labelValueMsg}`],
    [{ strangecharsinvalue: '?#$notsogood' }, `field: Invalid value: "?#$notsogood": ${labelValueMsg}`],
  ])('rejects %j at the map path, with the key or the value as the bad value', (labels, want) => {
    expect(text(validateLabels(labels, path))).toEqual([want]);
  });

  it("reports a key's problems before its value's, label by label", () => {
    expect(text(validateLabels({ 'a b': 'c d', ok: 'e f' }, path))).toEqual([
      `field: Invalid value: "a b": name part ${qualifiedNameMsg}`,
      `field: Invalid value: "c d": ${labelValueMsg}`,
      `field: Invalid value: "e f": ${labelValueMsg}`,
    ]);
  });

  it('does not fold case: a capitalised prefix is not a DNS subdomain', () => {
    expect(text(validateLabels({ 'Example.com/a': 'b' }, path))).toEqual([`field: Invalid value: "Example.com/a": prefix part ${subdomainMsg}`]);
  });
});

describe('validateAnnotations', () => {
  const path = FieldPath.of('field');
  const limit = totalAnnotationSizeLimitB;

  it('has the 256 KiB limit', () => {
    expect(limit).toBe(262144);
  });

  it.each([
    { simple: 'bar' }, { 'now-with-dashes': 'bar' }, { '1-starts-with-num': 'bar' }, { '1234': 'bar' }, { 'simple/simple': 'bar' },
    { 'now-with-dashes/simple': 'bar' }, { 'now-with-dashes/now-with-dashes': 'bar' }, { 'now.with.dots/simple': 'bar' },
    { 'now-with.dashes-and.dots/simple': 'bar' }, { '1-num.2-num/3-num': 'bar' }, { '1234/5678': 'bar' }, { '1.2.3.4/5678': 'bar' },
    { UpperCase123: 'bar' }, { a: 'b'.repeat(limit - 1) }, { a: 'b'.repeat(limit / 2 - 1), c: 'd'.repeat(limit / 2 - 1) },
  ])('accepts case %#', (annotations) => {
    expect(validateAnnotations(annotations, path)).toEqual([]);
  });

  it.each([
    [{ 'nospecialchars^=@': 'bar' }, `field: Invalid value: "nospecialchars^=@": name part ${qualifiedNameMsg}`],
    [{ 'cantendwithadash-': 'bar' }, `field: Invalid value: "cantendwithadash-": name part ${qualifiedNameMsg}`],
    [
      { 'only/one/slash': 'bar' },
      `field: Invalid value: "only/one/slash": a qualified name ${qualifiedNameMsg} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
    [{ ['a'.repeat(254)]: 'bar' }, `field: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 characters`],
  ])('rejects the key of %#', (annotations, want) => {
    expect(text(validateAnnotations(annotations, path))).toEqual([want]);
  });

  it('checks keys lower-cased but reports them as written', () => {
    expect(validateAnnotations({ 'Example.COM/Key': 'v' }, path)).toEqual([]);
    expect(text(validateAnnotations({ 'Foo_/Bar': 'v' }, path))).toEqual([`field: Invalid value: "Foo_/Bar": prefix part ${subdomainMsg}`]);
  });

  it("lower-cases as Go's strings.ToLower does ('İ' to 'i', Kelvin sign to 'k')", () => {
    expect(validateAnnotations({ 'İ': 'v', 'example.com/\u212a': 'v' }, path)).toEqual([]);
  });

  it.each([
    ['one value at the limit', { a: 'b'.repeat(limit) }],
    ['two halves', { a: 'b'.repeat(limit / 2), c: 'd'.repeat(limit / 2) }],
    ['values counted in UTF-8 bytes', { a: 'é'.repeat(limit / 2) }],
  ])('rejects a total over 256 KiB (%s) with one TooLong at the map', (_name, annotations) => {
    expect(text(validateAnnotations(annotations, path))).toEqual(['field: Too long: may not be more than 262144 bytes']);
  });
});

describe('validateOwnerReferences', () => {
  const t = true;
  const f = false;
  const meta = (ownerReferences: OwnerReference[]): ObjectMeta => ({ name: 'test', namespace: 'test', ownerReferences });
  const check = (ownerReferences: OwnerReference[]) =>
    text(validateObjectMeta(meta(ownerReferences), { namespaced: true, nameValidator: anyName }, FieldPath.of('field')));
  const ref = (kind: string, uid: string, controller?: boolean): OwnerReference => ({
    apiVersion: 'customresourceVersion',
    kind,
    name: 'name',
    uid,
    ...(controller === undefined ? {} : { controller }),
  });

  it('accepts a third-party owner', () => {
    expect(check([{ apiVersion: 'customresourceVersion', kind: 'customresourceKind', name: 'name', uid: '1' }])).toEqual([]);
  });

  it('forbids an Event as owner, printing the reference as Go %#v does', () => {
    expect(check([{ apiVersion: 'v1', kind: 'Event', name: 'name', uid: '1' }])).toEqual([
      'field.ownerReferences: Invalid value: v1.OwnerReference{APIVersion:"v1", Kind:"Event", Name:"name", UID:"1", Controller:(*bool)(nil), BlockOwnerDeletion:(*bool)(nil)}: /v1, Kind=Event is disallowed from being an owner',
    ]);
    // "/v1" parses to the core group too.
    expect(check([{ apiVersion: '/v1', kind: 'Event', name: 'name', uid: '1' }])).toHaveLength(1);
    expect(check([{ apiVersion: 'events.k8s.io/v1', kind: 'Event', name: 'name', uid: '1' }])).toEqual([]);
  });

  it('accepts one controller among several references', () => {
    expect(check([ref('customresourceKind', '1', f), ref('customresourceKind', '2', t), ref('customresourceKind', '3', f), ref('customresourceKind', '4')])).toEqual(
      [],
    );
  });

  it('names the first controller and each further one', () => {
    const refs = [ref('customresourceKind1', '1', f), ref('customresourceKind2', '2', t), ref('customresourceKind3', '3', t), ref('customresourceKind4', '4', t)];
    const errs = validateOwnerReferences(refs, FieldPath.of('field', 'ownerReferences'));
    expect(errs.map((e) => [e.type, e.field, e.detail])).toEqual([
      [
        'FieldValueInvalid',
        'field.ownerReferences',
        'Only one reference can have Controller set to true. Found "true" in references for customresourceKind2/name and customresourceKind3/name',
      ],
      [
        'FieldValueInvalid',
        'field.ownerReferences',
        'Only one reference can have Controller set to true. Found "true" in references for customresourceKind2/name and customresourceKind4/name',
      ],
    ]);
  });

  it('requires each field, at paths without an index', () => {
    expect(check([{ apiVersion: '', kind: '', name: '', uid: '' }])).toEqual([
      'field.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
      'field.ownerReferences.kind: Invalid value: "": kind must not be empty',
      'field.ownerReferences.name: Invalid value: "": name must not be empty',
      'field.ownerReferences.uid: Invalid value: "": uid must not be empty',
    ]);
  });

  it.each([
    ['apps/v1', []],
    ['v1', []],
    ['apps/', ['field.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty']],
    ['/', ['field.ownerReferences.apiVersion: Invalid value: "/": version must not be empty']],
    ['a/b/c', ['field.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty']],
  ])('parses apiVersion %j as schema.ParseGroupVersion does', (apiVersion, want) => {
    expect(check([{ apiVersion, kind: 'K', name: 'n', uid: 'u' }])).toEqual(want);
  });
});

describe('validateFinalizers', () => {
  const path = FieldPath.of('field');

  it('accepts qualified names, standard or not', () => {
    expect(validateFinalizers(['kubernetes', 'orphan', 'example.com/foo', 'custom'], path)).toEqual([]);
  });

  it('reports a bad name at the list path, without an index', () => {
    expect(text(validateFinalizers(['ok', 'bad name'], path))).toEqual([`field: Invalid value: "bad name": name part ${qualifiedNameMsg}`]);
  });

  it('refuses orphan with foregroundDeletion, printing the list as Go %#v does', () => {
    const errs = validateObjectMeta({ name: 'test', resourceVersion: '1', finalizers: ['orphan', 'foregroundDeletion'] }, { namespaced: false, nameValidator: nameIsDNSSubdomain }, path);
    expect(text(errs)).toEqual([
      'field.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
    ]);
  });
});

describe('validateFieldManager', () => {
  const path = FieldPath.of('fieldManager');

  it.each(['filedManager', '你好', '🍔'])('accepts %j', (m) => {
    expect(validateFieldManager(m, path)).toEqual([]);
  });

  it.each([
    ['field\nmanager', ['fieldManager: Invalid value: "field\\nmanager": invalid character U+000A (at position 5)']],
    ['é\tx', ['fieldManager: Invalid value: "é\\tx": invalid character U+0009 (at position 2)']],
    ['\u00a0', ['fieldManager: Invalid value: "\\u00a0": invalid character U+00A0 (at position 0)']],
    ['f'.repeat(129), ['fieldManager: Too long: may not be more than 128 bytes']],
    ['你好'.repeat(22), ['fieldManager: Too long: may not be more than 128 bytes']],
  ])('rejects %j', (m, want) => {
    expect(text(validateFieldManager(m, path))).toEqual(want);
  });
});

describe('validateManagedFields', () => {
  const path = FieldPath.of('managedFields');
  const check = (entry: Record<string, unknown>) => text(validateManagedFields([entry as ManagedFieldsEntry], path));

  it('accepts Apply and Update entries', () => {
    expect(check({ operation: 'Apply', fieldsType: 'FieldsV1', manager: 'kubectl', apiVersion: 'v1' })).toEqual([]);
    expect(check({ operation: 'Update', apiVersion: 'v1' })).toEqual([]);
  });

  it.each([
    [{ operation: 'Update', fieldsType: 'RandomVersion', apiVersion: 'v1' }, ['managedFields[0].fieldsType: Invalid value: "RandomVersion": must be `FieldsV1`']],
    [{ operation: 'RandomOperation', fieldsType: 'FieldsV1', apiVersion: 'v1' }, ['managedFields[0].operation: Invalid value: "RandomOperation": must be `Apply` or `Update`']],
    [{ fieldsType: 'FieldsV1', apiVersion: 'v1' }, ['managedFields[0].operation: Invalid value: "": must be `Apply` or `Update`']],
    [
      { operation: 'Update', fieldsType: 'FieldsV1', manager: 'field\nmanager', apiVersion: 'v1' },
      ['managedFields[0].manager: Invalid value: "field\\nmanager": invalid character U+000A (at position 5)'],
    ],
    [
      { operation: 'Apply', fieldsType: 'FieldsV1', apiVersion: 'v1', subresource: 'TooLong'.repeat(37) },
      ['managedFields[0].subresource: Too long: may not be more than 256 bytes'],
    ],
  ])('rejects case %#', (entry, want) => {
    expect(check(entry)).toEqual(want);
  });
});

describe('validateObjectMeta (everything at once)', () => {
  it('reports in upstream order: generateName, name, namespace, generation, labels, annotations, ownerReferences, finalizers, managedFields', () => {
    const meta = {
      generateName: 'Bad-',
      name: 'Foo',
      namespace: 'a.b',
      generation: -1,
      labels: { 'bad key': 'ok' },
      annotations: { 'bad key': 'ok' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: 'n', uid: '' }],
      finalizers: ['bad name'],
      managedFields: [{ operation: 'Apply', manager: 'm\x00' }],
    } as ObjectMeta;
    const errs = validateObjectMeta(meta, { namespaced: true, nameValidator: nameIsDNSSubdomain });
    expect(errs.map((e) => e.field)).toEqual([
      'metadata.generateName',
      'metadata.name',
      'metadata.namespace',
      'metadata.generation',
      'metadata.labels',
      'metadata.annotations',
      'metadata.ownerReferences.uid',
      'metadata.finalizers',
      'metadata.managedFields[0].manager',
    ]);
  });
});

describe('validateObjectMetaUpdate (upstream tables)', () => {
  const path = FieldPath.of('field');
  const update = (next: ObjectMeta, old: ObjectMeta) => text(validateObjectMetaUpdate(next, old, path));
  const base = { name: 'test', resourceVersion: '1' };
  const now = '1970-01-01T00:16:40Z'; // time.Unix(1000, 0)
  const later = '1970-01-01T00:33:20Z'; // time.Unix(2000, 0)

  it('requires a resourceVersion', () => {
    expect(update({ name: 'test' }, base)).toEqual(['field.resourceVersion: Invalid value: "": must be specified for an update']);
  });

  it.each([
    ['valid without deletion fields', {}, {}, []],
    ['valid with deletion fields', { deletionTimestamp: now, deletionGracePeriodSeconds: 30 }, { deletionTimestamp: now, deletionGracePeriodSeconds: 30 }, []],
    ['invalid set deletionTimestamp', {}, { deletionTimestamp: now }, ['field.deletionTimestamp: Invalid value: 1970-01-01 00:16:40 +0000 UTC: field is immutable']],
    ['invalid clear deletionTimestamp', { deletionTimestamp: now }, {}, ['field.deletionTimestamp: Invalid value: "null": field is immutable']],
    ['invalid change deletionTimestamp', { deletionTimestamp: now }, { deletionTimestamp: later }, ['field.deletionTimestamp: Invalid value: 1970-01-01 00:33:20 +0000 UTC: field is immutable']],
    ['invalid set deletionGracePeriodSeconds', {}, { deletionGracePeriodSeconds: 30 }, ['field.deletionGracePeriodSeconds: Invalid value: 30: field is immutable']],
    ['invalid clear deletionGracePeriodSeconds', { deletionGracePeriodSeconds: 30 }, {}, ['field.deletionGracePeriodSeconds: Invalid value: "null": field is immutable']],
    ['invalid change deletionGracePeriodSeconds', { deletionGracePeriodSeconds: 30 }, { deletionGracePeriodSeconds: 40 }, ['field.deletionGracePeriodSeconds: Invalid value: 40: field is immutable']],
  ] as [string, ObjectMeta, ObjectMeta, string[]][])('%s', (_name, old, next, want) => {
    expect(update({ ...base, ...next }, { ...base, ...old })).toEqual(want);
  });

  it.each([
    ['decremented', 5, 4, ['field.generation: Invalid value: 4: must not be decremented']],
    ['incremented by one', 1, 2, []],
    ['not updated', 5, 5, []],
  ] as [string, number, number, string[]][])('generation %s', (_name, old, next, want) => {
    expect(update({ ...base, generation: next }, { ...base, generation: old })).toEqual(want);
  });

  it.each([
    ['removed', {}, { creationTimestamp: '1970-01-01T00:00:10Z' }, 'field.creationTimestamp: Invalid value: 0001-01-01 00:00:00 +0000 UTC: field is immutable'],
    ['added', { creationTimestamp: '1970-01-01T00:00:10Z' }, {}, 'field.creationTimestamp: Invalid value: 1970-01-01 00:00:10 +0000 UTC: field is immutable'],
    [
      'changed',
      { creationTimestamp: '1970-01-01T00:00:10Z' },
      { creationTimestamp: '1970-01-01T00:00:11Z' },
      'field.creationTimestamp: Invalid value: 1970-01-01 00:00:10 +0000 UTC: field is immutable',
    ],
    [
      'given fractional seconds',
      { creationTimestamp: '2024-05-01T10:00:00.50Z' },
      { creationTimestamp: '2024-05-01T10:00:00Z' },
      'field.creationTimestamp: Invalid value: 2024-05-01 10:00:00.5 +0000 UTC: field is immutable',
    ],
  ] as [string, ObjectMeta, ObjectMeta, string][])('does not ignore a creationTimestamp %s', (_name, next, old, want) => {
    expect(update({ ...base, ...next }, { ...base, ...old })).toEqual([want]);
  });

  it('compares timestamps as instants (Semantic.DeepEqual of metav1.Time)', () => {
    expect(update({ ...base, creationTimestamp: '2024-05-01T12:00:00+02:00' }, { ...base, creationTimestamp: '2024-05-01T10:00:00Z' })).toEqual([]);
    expect(update({ ...base, deletionTimestamp: '2024-05-01T10:00:00.000Z' }, { ...base, deletionTimestamp: '2024-05-01T10:00:00Z' })).toEqual([]);
    expect(update({ ...base, creationTimestamp: null }, base)).toEqual([]);
  });

  it.each([
    ['adding finalizers', ['x/a'], ['x/a', 'y/b'], ['field.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"y/b"}']],
    ['changing finalizers', ['x/a'], ['x/b'], ['field.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"x/b"}']],
    ['adding several, listed sorted and once', ['x/a'], ['z', 'b', 'x/a', 'b'], ['field.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b", "z"}']],
    ['removing finalizers', ['x/a', 'y/b'], ['x/a'], []],
  ] as [string, string[], string[], string[]][])('while deleting: %s', (_name, old, next, want) => {
    const deleting = { ...base, deletionTimestamp: now };
    expect(update({ ...deleting, finalizers: next }, { ...deleting, finalizers: old })).toEqual(want);
  });

  it('allows new finalizers when the object is not being deleted, and does not check their names', () => {
    expect(update({ ...base, finalizers: ['x/a', 'y/b', 'bad name'] }, { ...base, finalizers: ['x/a'] })).toEqual([]);
  });

  it('reports in upstream order: finalizers, resourceVersion, generation, identity, deletion fields, then labels, annotations, ownerReferences, managedFields', () => {
    const old: ObjectMeta = { name: 'a', namespace: 'n', uid: 'u', generation: 2, creationTimestamp: now, deletionTimestamp: now, deletionGracePeriodSeconds: 30 };
    const next = {
      name: 'b',
      namespace: 'm',
      uid: 'v',
      generation: 1,
      creationTimestamp: later,
      deletionTimestamp: later,
      deletionGracePeriodSeconds: 0,
      finalizers: ['new'],
      labels: { a: 'b c' },
      annotations: { 'a b': '' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: '', uid: 'u' }],
      managedFields: [{ operation: 'Nope' }],
    } as ObjectMeta;
    expect(validateObjectMetaUpdate(next, old).map((e) => e.field)).toEqual([
      'metadata.finalizers',
      'metadata.resourceVersion',
      'metadata.generation',
      'metadata.name',
      'metadata.namespace',
      'metadata.uid',
      'metadata.creationTimestamp',
      'metadata.deletionTimestamp',
      'metadata.deletionGracePeriodSeconds',
      'metadata.labels',
      'metadata.annotations',
      'metadata.ownerReferences.name',
      'metadata.managedFields[0].operation',
    ]);
  });
});
