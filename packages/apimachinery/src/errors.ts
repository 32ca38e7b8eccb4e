// Behaviour of k8s.io/apimachinery/pkg/api/errors/errors.go (v1.33): API errors as Status bodies.
import type { Status, StatusCause, StatusDetails } from './meta.ts';
import { groupKindString, groupResourceString, type GroupKind, type GroupResource } from './gvk.ts';
import { aggregateFieldErrors, fieldErrorBody, type FieldError } from './field-errors.ts';
import { goQuote } from './internal/go-quote.ts';

/** The Status reasons kube uses; clients switch on them. */
export type StatusReason =
  | ''
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Invalid'
  | 'ServerTimeout'
  | 'StorageReadError'
  | 'Timeout'
  | 'TooManyRequests'
  | 'BadRequest'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'InternalError'
  | 'Expired'
  | 'ServiceUnavailable';

const brand = Symbol.for('@kapi/apimachinery.StatusError');

/**
 * An error that carries the Status body the API answers with. Recognise it with
 * {@link isStatusError}, never `instanceof`: two copies of this package must agree.
 */
export interface StatusError extends Error {
  readonly status: Status;
}

class StatusErrorImpl extends Error implements StatusError {
  readonly [brand] = true;
  constructor(readonly status: Status) {
    super(status.message ?? status.reason ?? 'unknown error');
    this.name = 'StatusError';
  }
}

/** Go's %q (strconv.Quote) for the strings kube quotes in messages. */
export function quote(s: string): string {
  return goQuote(s);
}

/** Builds a Failure Status with kube's field order. */
export function failureStatus(code: number, reason: StatusReason, message: string, details?: StatusDetails): Status {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message };
  if (reason !== '') status.reason = reason;
  if (details !== undefined) status.details = cleanDetails(details);
  status.code = code;
  return status;
}

function cleanDetails(d: StatusDetails): StatusDetails {
  const out: StatusDetails = {};
  if (d.name) out.name = d.name;
  if (d.group) out.group = d.group;
  if (d.kind) out.kind = d.kind;
  if (d.uid) out.uid = d.uid;
  if (d.causes && d.causes.length > 0) out.causes = d.causes;
  if (d.retryAfterSeconds) out.retryAfterSeconds = d.retryAfterSeconds;
  return out;
}

/** Wraps a Status as a throwable error. */
export function newStatusError(status: Status): StatusError {
  return new StatusErrorImpl(status);
}

/** True for errors made by this module (any copy of it). */
export function isStatusError(err: unknown): err is StatusError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[brand] === true;
}

/** The Status reason of an error, or '' when it is not a StatusError. */
export function reasonForError(err: unknown): StatusReason {
  return isStatusError(err) ? ((err.status.reason ?? '') as StatusReason) : '';
}

const reasonIs = (reason: StatusReason) => (err: unknown) => reasonForError(err) === reason;
export const isNotFound = reasonIs('NotFound');
export const isAlreadyExists = reasonIs('AlreadyExists');
export const isConflict = reasonIs('Conflict');
export const isInvalid = reasonIs('Invalid');
export const isBadRequest = reasonIs('BadRequest');
export const isGone = reasonIs('Gone');
export const isResourceExpired = reasonIs('Expired');
export const isTooManyRequests = reasonIs('TooManyRequests');

/** 404: `configmaps "x" not found`; details.kind is the resource plural. */
export function newNotFound(gr: GroupResource, name: string): StatusError {
  return newStatusError(
    failureStatus(404, 'NotFound', `${groupResourceString(gr)} ${quote(name)} not found`, { group: gr.group, kind: gr.resource, name }),
  );
}

/** 409: `configmaps "x" already exists`. */
export function newAlreadyExists(gr: GroupResource, name: string): StatusError {
  return newStatusError(
    failureStatus(409, 'AlreadyExists', `${groupResourceString(gr)} ${quote(name)} already exists`, { group: gr.group, kind: gr.resource, name }),
  );
}

/** The message of an optimistic-concurrency failure. */
export const optimisticLockErrorMsg = 'the object has been modified; please apply your changes to the latest version and try again';

/** 409 Conflict: `Operation cannot be fulfilled on configmaps "x": <why>`. */
export function newConflict(gr: GroupResource, name: string, why: string): StatusError {
  return newStatusError(
    failureStatus(409, 'Conflict', `Operation cannot be fulfilled on ${groupResourceString(gr)} ${quote(name)}: ${why}`, {
      group: gr.group,
      kind: gr.resource,
      name,
    }),
  );
}

/** 422 Invalid, one cause per field error: `ConfigMap "x" is invalid: metadata.name: Required value`. */
export function newInvalid(gk: GroupKind, name: string, errs: readonly FieldError[]): StatusError {
  const causes: StatusCause[] = errs.map((e) => {
    const c: StatusCause = { reason: e.type, message: fieldErrorBody(e) };
    if (e.field !== '') c.field = e.field;
    return c;
  });
  const head = `${groupKindString(gk)} ${quote(name)} is invalid`;
  const message = errs.length === 0 ? head : `${head}: ${aggregateFieldErrors(errs)}`;
  return newStatusError(failureStatus(422, 'Invalid', message, { group: gk.group, kind: gk.kind, name, causes }));
}

/** 400 BadRequest with the message as given. */
export function newBadRequest(message: string): StatusError {
  return newStatusError(failureStatus(400, 'BadRequest', message));
}

/** 410 Gone. */
export function newGone(message: string): StatusError {
  return newStatusError(failureStatus(410, 'Gone', message));
}

/** 410 Expired: a resourceVersion or continue token older than the retained history. */
export function newResourceExpired(message: string): StatusError {
  return newStatusError(failureStatus(410, 'Expired', message));
}

/** 429 with the message as given and Retry-After seconds in details. */
export function newTooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return newStatusError(
    failureStatus(429, 'TooManyRequests', message, { retryAfterSeconds }),
  );
}

/** 405: the verb is not served for this resource. */
export function newMethodNotSupported(gr: GroupResource, action: string): StatusError {
  return newStatusError(
    failureStatus(405, 'MethodNotAllowed', `${action} is not supported on resources of kind ${quote(groupResourceString(gr))}`, {
      group: gr.group,
      kind: gr.resource,
    }),
  );
}

/** 504 Timeout. */
export function newTimeoutError(message: string, retryAfterSeconds: number): StatusError {
  return newStatusError(failureStatus(504, 'Timeout', `Timeout: ${message}`, { retryAfterSeconds }));
}

/** 500 ServerTimeout: an operation could not finish in time (for example a write that kept conflicting). */
export function newServerTimeout(gr: GroupResource, operation: string, retryAfterSeconds: number): StatusError {
  return newStatusError(
    failureStatus(
      500,
      'ServerTimeout',
      `The ${operation} operation against ${groupResourceString(gr)} could not be completed at this time, please try again.`,
      { group: gr.group, kind: gr.resource, name: operation, retryAfterSeconds },
    ),
  );
}

/** 500 InternalError: `Internal error occurred: <err>`. */
export function newInternalError(err: unknown): StatusError {
  const message = err instanceof Error ? err.message : String(err);
  return newStatusError(failureStatus(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] }));
}

/** 503 ServiceUnavailable. */
export function newServiceUnavailable(message: string): StatusError {
  return newStatusError(failureStatus(503, 'ServiceUnavailable', message));
}

/** 401 Unauthorized. */
export function newUnauthorized(message: string): StatusError {
  return newStatusError(failureStatus(401, 'Unauthorized', message === '' ? 'not authorized' : message));
}

/** 403: `configmaps "x" is forbidden: <why>` (`forbidden: <why>` without a resource). */
export function newForbidden(gr: GroupResource, name: string, why: string): StatusError {
  const message =
    gr.group === '' && gr.resource === ''
      ? `forbidden: ${why}`
      : name === ''
        ? `${groupResourceString(gr)} is forbidden: ${why}`
        : `${groupResourceString(gr)} ${quote(name)} is forbidden: ${why}`;
  return newStatusError(failureStatus(403, 'Forbidden', message, { group: gr.group, kind: gr.resource, name }));
}

/** 413: `Request entity too large: <why>`. */
export function newRequestEntityTooLarge(message: string): StatusError {
  return newStatusError(failureStatus(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`));
}

/** 406: none of the accepted media types can be served. */
export function newNotAcceptable(accepted: readonly string[]): StatusError {
  return newStatusError(failureStatus(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`));
}

/** 415: the request body's Content-Type is not one this endpoint decodes. */
export function newUnsupportedMediaType(contentType: string, accepted: readonly string[]): StatusError {
  void contentType;
  return newStatusError(
    failureStatus(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`),
  );
}

/** The Status to answer for any thrown value: its own for StatusErrors, InternalError otherwise. */
export function statusFromError(err: unknown): Status {
  return isStatusError(err) ? err.status : newInternalError(err).status;
}
