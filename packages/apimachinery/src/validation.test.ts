// Cases from k8s.io/apimachinery pkg/util/validation/validation_test.go and pkg/api/validation (v1.33).
import { describe, expect, it } from 'vitest';
import { FieldPath, fieldErrorString } from './field-errors.ts';
import {
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidPathSegmentName,
  maxLenError,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from './validation.ts';

const labelMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const subdomainMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const configKeyMsg =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
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
  const old = { name: 'a', namespace: 'default', uid: 'u1', creationTimestamp: '2024-05-01T10:00:00Z' };

  it('accepts an unchanged identity', () => {
    expect(validateObjectMetaUpdate({ ...old, labels: { x: 'y' } }, old)).toEqual([]);
  });

  it('reports each changed immutable field', () => {
    const errs = validateObjectMetaUpdate({ name: 'b', namespace: 'other', uid: 'u2', creationTimestamp: '2024-05-02T10:00:00Z' }, old);
    expect(errs.map(fieldErrorString)).toEqual([
      'metadata.name: Invalid value: "b": field is immutable',
      'metadata.namespace: Invalid value: "other": field is immutable',
      'metadata.uid: Invalid value: "u2": field is immutable',
      'metadata.creationTimestamp: Invalid value: "2024-05-02T10:00:00Z": field is immutable',
    ]);
  });
});
