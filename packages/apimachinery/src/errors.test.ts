// Status bodies of k8s.io/apimachinery/pkg/api/errors/errors.go, byte for byte (JSON key order included).
import { describe, expect, it, vi } from 'vitest';
import {
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isGone,
  isInvalid,
  isNotFound,
  isResourceExpired,
  isStatusError,
  isTooManyRequests,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newForbidden,
  newGone,
  newInternalError,
  newInvalid,
  newMethodNotSupported,
  newNotFound,
  newRequestEntityTooLarge,
  newResourceExpired,
  newServerTimeout,
  newTimeoutError,
  newTooManyRequests,
  optimisticLockErrorMsg,
  quote,
  reasonForError,
  statusFromError,
  type StatusError,
} from './errors.ts';
import { FieldPath, fieldErrors } from './field-errors.ts';

const configmaps = { group: '', resource: 'configmaps' };
const deployments = { group: 'apps', resource: 'deployments' };
const configMapKind = { group: '', kind: 'ConfigMap' };
const head = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",';
const json = (err: StatusError) => JSON.stringify(err.status);

const dnsSubdomainMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const configKeyMsg =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

describe('Status bodies', () => {
  const cases: { name: string; err: () => StatusError; body: string }[] = [
    {
      name: 'NotFound (core group)',
      err: () => newNotFound(configmaps, 'x'),
      body: `${head}"message":"configmaps \\"x\\" not found","reason":"NotFound","details":{"name":"x","kind":"configmaps"},"code":404}`,
    },
    {
      name: 'NotFound (named group)',
      err: () => newNotFound(deployments, 'web'),
      body: `${head}"message":"deployments.apps \\"web\\" not found","reason":"NotFound","details":{"name":"web","group":"apps","kind":"deployments"},"code":404}`,
    },
    {
      name: 'AlreadyExists',
      err: () => newAlreadyExists(configmaps, 'x'),
      body: `${head}"message":"configmaps \\"x\\" already exists","reason":"AlreadyExists","details":{"name":"x","kind":"configmaps"},"code":409}`,
    },
    {
      name: 'Conflict',
      err: () => newConflict(configmaps, 'x', optimisticLockErrorMsg),
      body: `${head}"message":"Operation cannot be fulfilled on configmaps \\"x\\": the object has been modified; please apply your changes to the latest version and try again","reason":"Conflict","details":{"name":"x","kind":"configmaps"},"code":409}`,
    },
    {
      name: 'Invalid with one cause',
      err: () => newInvalid(configMapKind, 'x', [fieldErrors.required(FieldPath.of('metadata', 'name'), 'name or generateName is required')]),
      body: `${head}"message":"ConfigMap \\"x\\" is invalid: metadata.name: Required value: name or generateName is required","reason":"Invalid","details":{"name":"x","kind":"ConfigMap","causes":[{"reason":"FieldValueRequired","message":"Required value: name or generateName is required","field":"metadata.name"}]},"code":422}`,
    },
    {
      name: 'Invalid with no causes',
      err: () => newInvalid({ group: 'apps', kind: 'Deployment' }, 'web', []),
      body: `${head}"message":"Deployment.apps \\"web\\" is invalid","reason":"Invalid","details":{"name":"web","group":"apps","kind":"Deployment"},"code":422}`,
    },
    {
      name: 'BadRequest',
      err: () => newBadRequest('the namespace of the provided object does not match the namespace sent on the request'),
      body: `${head}"message":"the namespace of the provided object does not match the namespace sent on the request","reason":"BadRequest","code":400}`,
    },
    {
      name: 'Gone',
      err: () => newGone('gone'),
      body: `${head}"message":"gone","reason":"Gone","code":410}`,
    },
    {
      name: 'Expired',
      err: () => newResourceExpired('too old resource version: 1 (5)'),
      body: `${head}"message":"too old resource version: 1 (5)","reason":"Expired","code":410}`,
    },
    {
      name: 'TooManyRequests (message as given, like NewTooManyRequests)',
      err: () => newTooManyRequests('storage is (re)initializing', 1),
      body: `${head}"message":"storage is (re)initializing","reason":"TooManyRequests","details":{"retryAfterSeconds":1},"code":429}`,
    },
    {
      name: 'MethodNotSupported',
      err: () => newMethodNotSupported(deployments, 'proxy'),
      body: `${head}"message":"proxy is not supported on resources of kind \\"deployments.apps\\"","reason":"MethodNotAllowed","details":{"group":"apps","kind":"deployments"},"code":405}`,
    },
    {
      name: 'ServerTimeout (a 500, the operation in details.name)',
      err: () => newServerTimeout(configmaps, 'update', 2),
      body: `${head}"message":"The update operation against configmaps could not be completed at this time, please try again.","reason":"ServerTimeout","details":{"name":"update","kind":"configmaps","retryAfterSeconds":2},"code":500}`,
    },
    {
      name: 'Timeout with no Retry-After keeps an empty details',
      err: () => newTimeoutError('request did not complete within the allotted timeout', 0),
      body: `${head}"message":"Timeout: request did not complete within the allotted timeout","reason":"Timeout","details":{},"code":504}`,
    },
    {
      name: 'InternalError',
      err: () => newInternalError(new Error('etcd is down')),
      body: `${head}"message":"Internal error occurred: etcd is down","reason":"InternalError","details":{"causes":[{"message":"etcd is down"}]},"code":500}`,
    },
    {
      name: 'Forbidden with a name',
      err: () => newForbidden({ group: '', resource: 'namespaces' }, 'default', 'this namespace may not be deleted'),
      body: `${head}"message":"namespaces \\"default\\" is forbidden: this namespace may not be deleted","reason":"Forbidden","details":{"name":"default","kind":"namespaces"},"code":403}`,
    },
    {
      name: 'Forbidden without a name',
      err: () => newForbidden(configmaps, '', 'User "bob" cannot list resource "configmaps"'),
      body: `${head}"message":"configmaps is forbidden: User \\"bob\\" cannot list resource \\"configmaps\\"","reason":"Forbidden","details":{"kind":"configmaps"},"code":403}`,
    },
    {
      name: 'Forbidden without a resource',
      err: () => newForbidden({ group: '', resource: '' }, '', 'no'),
      body: `${head}"message":"forbidden: no","reason":"Forbidden","details":{},"code":403}`,
    },
    {
      name: 'RequestEntityTooLarge',
      err: () => newRequestEntityTooLarge('limit is 3145728'),
      body: `${head}"message":"Request entity too large: limit is 3145728","reason":"RequestEntityTooLarge","code":413}`,
    },
  ];

  it.each(cases)('$name', ({ err, body }) => {
    const e = err();
    expect(json(e)).toBe(body);
    expect(e.message).toBe(e.status.message);
  });

  describe('Invalid with several causes', () => {
    const nameErr = fieldErrors.invalid(FieldPath.of('metadata', 'name'), 'A', dnsSubdomainMsg);
    const keyErr = fieldErrors.invalid(FieldPath.of('data').key('b c'), 'b c', configKeyMsg);
    const err = newInvalid(configMapKind, 'A', [nameErr, keyErr, nameErr]);

    it('aggregates the message as [a, b] with duplicates dropped', () => {
      expect(err.status.message).toBe(
        `ConfigMap "A" is invalid: [metadata.name: Invalid value: "A": ${dnsSubdomainMsg}, data[b c]: Invalid value: "b c": ${configKeyMsg}]`,
      );
    });

    it('keeps one cause per field error, duplicates included', () => {
      expect(JSON.stringify(err.status.details)).toBe(
        JSON.stringify({
          name: 'A',
          kind: 'ConfigMap',
          causes: [
            { reason: 'FieldValueInvalid', message: `Invalid value: "A": ${dnsSubdomainMsg}`, field: 'metadata.name' },
            { reason: 'FieldValueInvalid', message: `Invalid value: "b c": ${configKeyMsg}`, field: 'data[b c]' },
            { reason: 'FieldValueInvalid', message: `Invalid value: "A": ${dnsSubdomainMsg}`, field: 'metadata.name' },
          ],
        }),
      );
    });

    it('prints a lone message bare when every error repeats it', () => {
      expect(newInvalid(configMapKind, 'A', [nameErr, nameErr]).status.message).toBe(
        `ConfigMap "A" is invalid: metadata.name: Invalid value: "A": ${dnsSubdomainMsg}`,
      );
    });
  });
});

describe('quote (Go %q)', () => {
  it.each([
    ['x', '"x"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['tab\there\nnl', '"tab\\there\\nnl"'],
    ['\x01\x07\x7f', '"\\x01\\a\\x7f"'],
    ['é名', '"é名"'],
    ['nb\u00a0sp', '"nb\\u00a0sp"'],
    ['\u{e0001}', '"\\U000e0001"'],
    ['😀', '"😀"'],
  ])('%j → %s', (input, want) => {
    expect(quote(input)).toBe(want);
  });

  it('is what messages quote names with', () => {
    expect(newNotFound(configmaps, 'a\x01b').status.message).toBe('configmaps "a\\x01b" not found');
  });
});

describe('is* guards', () => {
  it('match on the reason', () => {
    expect(isNotFound(newNotFound(configmaps, 'x'))).toBe(true);
    expect(isAlreadyExists(newAlreadyExists(configmaps, 'x'))).toBe(true);
    expect(isConflict(newConflict(configmaps, 'x', 'why'))).toBe(true);
    expect(isInvalid(newInvalid(configMapKind, 'x', []))).toBe(true);
    expect(isBadRequest(newBadRequest('x'))).toBe(true);
    expect(isGone(newGone('x'))).toBe(true);
    expect(isResourceExpired(newResourceExpired('x'))).toBe(true);
    expect(isTooManyRequests(newTooManyRequests('x', 1))).toBe(true);
    expect(isNotFound(newAlreadyExists(configmaps, 'x'))).toBe(false);
    expect(isGone(newResourceExpired('x'))).toBe(false);
  });

  it('recognise errors made by another copy of the module, where instanceof fails', async () => {
    vi.resetModules();
    const other = await import('./errors.ts');
    const foreign = other.newNotFound(configmaps, 'x');
    const local = newNotFound(configmaps, 'x');
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.getPrototypeOf(local));
    expect(foreign instanceof Object.getPrototypeOf(local).constructor).toBe(false);
    expect(isStatusError(foreign)).toBe(true);
    expect(isNotFound(foreign)).toBe(true);
    expect(reasonForError(foreign)).toBe('NotFound');
    expect(statusFromError(foreign)).toBe(foreign.status);
    expect(other.isConflict(newConflict(configmaps, 'x', 'why'))).toBe(true);
  });

  it('reject plain errors and look-alikes', () => {
    expect(isStatusError(new Error('x'))).toBe(false);
    expect(isStatusError({ status: { reason: 'NotFound' } })).toBe(false);
    expect(isNotFound({ status: { reason: 'NotFound' } })).toBe(false);
    expect(reasonForError('NotFound')).toBe('');
    expect(isNotFound(null)).toBe(false);
  });
});

describe('statusFromError', () => {
  it('returns a StatusError’s own Status', () => {
    const err = newBadRequest('nope');
    expect(statusFromError(err)).toBe(err.status);
  });

  it('turns a plain Error into an InternalError', () => {
    expect(JSON.stringify(statusFromError(new Error('boom')))).toBe(
      `${head}"message":"Internal error occurred: boom","reason":"InternalError","details":{"causes":[{"message":"boom"}]},"code":500}`,
    );
  });

  it('turns a thrown non-error into an InternalError too', () => {
    const status = statusFromError('just a string');
    expect(status.code).toBe(500);
    expect(status.message).toBe('Internal error occurred: just a string');
  });
});
