// Behaviour of k8s.io/apiserver/pkg/storage/errors.go NewTooLargeResourceVersionError (v1.33).
import { newTimeoutError, type StatusError } from '@kapi/apimachinery';

/** 504 for a resourceVersion the store has not reached yet; clients retry after a second. */
export function tooLargeResourceVersion(minimum: number, current: number): StatusError {
  const err = newTimeoutError(`Too large resource version: ${minimum}, current: ${current}`, 1);
  err.status.details = { ...err.status.details, causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] };
  return err;
}
