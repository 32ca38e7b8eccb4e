// Behaviour of k8s.io/apiserver/pkg/storage/errors/storage.go (v1.33): storage error codes -> API Status errors.
import {
  newAlreadyExists,
  newConflict,
  newInternalError,
  newNotFound,
  newServerTimeout,
  type GroupResource,
} from '@kapi/apimachinery';
import { isStorageError } from '@kapi/storage';

type Operation = 'get' | 'list' | 'create' | 'update' | 'delete' | 'watch';

/** Translates a storage error into the Status error the API answers with; other errors pass through. */
export function interpretStorageError(err: unknown, gr: GroupResource, name: string, op: Operation): unknown {
  if (!isStorageError(err)) return err;
  switch (err.code) {
    case 'KeyNotFound':
      return op === 'list' ? newNotFound(gr, '') : newNotFound(gr, name);
    case 'KeyExists':
      return op === 'create' ? newAlreadyExists(gr, name) : newConflict(gr, name, err.message);
    case 'ResourceVersionConflicts':
    case 'InvalidObj':
      return op === 'update' || op === 'delete' ? newConflict(gr, name, err.message) : newInternalError(err);
    case 'Unreachable':
    case 'Timeout':
      return newServerTimeout(gr, op, 2);
    case 'CorruptObj':
      return newInternalError(err);
    default:
      return newInternalError(err);
  }
}
