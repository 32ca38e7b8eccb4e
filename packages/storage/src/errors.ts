// Behaviour of k8s.io/apiserver/pkg/storage/errors.go (v1.33): storage errors are codes, not types.
import { isStatusError } from '@kapi/apimachinery';

/** What went wrong in storage. The registry turns these into API Status errors. */
export type StorageErrorCode =
  | 'KeyNotFound'
  | 'KeyExists'
  | 'ResourceVersionConflicts'
  | 'InvalidObj'
  | 'Unreachable'
  | 'Timeout'
  | 'CorruptObj'
  | 'InvalidArgument'
  | 'Compacted'
  | 'TooLargeResourceVersion';

const codeNumbers: Record<StorageErrorCode, number> = {
  KeyNotFound: 1,
  KeyExists: 2,
  ResourceVersionConflicts: 3,
  InvalidObj: 4,
  Unreachable: 5,
  Timeout: 6,
  CorruptObj: 7,
  InvalidArgument: 8,
  Compacted: 9,
  TooLargeResourceVersion: 10,
};

const codeMessages: Record<StorageErrorCode, string> = {
  KeyNotFound: 'key not found',
  KeyExists: 'key exists',
  ResourceVersionConflicts: 'resource version conflicts',
  InvalidObj: 'invalid object',
  Unreachable: 'server unreachable',
  Timeout: 'request timeout',
  CorruptObj: 'corrupt object',
  InvalidArgument: 'invalid argument',
  Compacted: 'required revision has been compacted',
  TooLargeResourceVersion: 'too large resource version',
};

const brand = Symbol.for('@kapi/storage.StorageError');

/** A storage failure. Test it with the is* functions below, never `instanceof`. */
export interface StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly key: string;
  /** The revision involved (current revision on conflicts, the compacted revision on Compacted). */
  readonly resourceVersion: number;
  readonly additionalMessage: string;
}

class StorageErrorImpl extends Error implements StorageError {
  readonly [brand] = true;
  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
    readonly resourceVersion: number,
    readonly additionalMessage: string,
  ) {
    super(
      `StorageError: ${codeMessages[code]}, Code: ${codeNumbers[code]}, Key: ${key}, ResourceVersion: ${resourceVersion}, AdditionalErrorMsg: ${additionalMessage}`,
    );
    this.name = 'StorageError';
  }
}

/** Makes a StorageError. */
export function newStorageError(code: StorageErrorCode, key: string, resourceVersion = 0, additionalMessage = ''): StorageError {
  return new StorageErrorImpl(code, key, resourceVersion, additionalMessage);
}

export function isStorageError(err: unknown): err is StorageError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[brand] === true;
}

const codeIs = (code: StorageErrorCode) => (err: unknown): err is StorageError => isStorageError(err) && err.code === code;
export const isNotFound = codeIs('KeyNotFound');
export const isExist = codeIs('KeyExists');
export const isConflict = codeIs('ResourceVersionConflicts');
export const isInvalidObj = codeIs('InvalidObj');
export const isUnreachable = codeIs('Unreachable');
export const isTimeout = codeIs('Timeout');
export const isCorruptObj = codeIs('CorruptObj');
export const isInvalidArgument = codeIs('InvalidArgument');
export const isCompacted = codeIs('Compacted');
/**
 * True for a resourceVersion newer than the store: the 504 the Store answers with (see
 * tooLargeResourceVersion, kube's storage.IsTooLargeResourceVersion), or a StorageError of that code.
 */
export function isTooLargeResourceVersion(err: unknown): boolean {
  if (codeIs('TooLargeResourceVersion')(err)) return true;
  if (!isStatusError(err) || err.status.reason !== 'Timeout') return false;
  return (err.status.details?.causes ?? []).some((c) => c.reason === 'ResourceVersionTooLarge');
}

const internalBrand = Symbol.for('@kapi/storage.InternalError');

/**
 * kube's storage.InternalError: a failure inside the storage layer rather than the backend, such
 * as a stored value the transformer cannot read. Its message is the reason alone; the API answers
 * 500 `Internal error occurred: <reason>`.
 */
export interface InternalError extends Error {
  readonly reason: string;
}

/** Makes an InternalError from a cause (kube's storage.NewInternalError). */
export function newInternalError(cause: unknown): InternalError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const err = new Error(reason, { cause }) as Error & { reason: string; [internalBrand]: true };
  err.name = 'InternalError';
  err.reason = reason;
  err[internalBrand] = true;
  return err;
}

export function isInternalError(err: unknown): err is InternalError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[internalBrand] === true;
}
