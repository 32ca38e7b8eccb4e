// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/patch.go (v1.36): the Status a PATCH request
// answers when a patch engine fails (jsonPatcher.applyJSPatch, interpretStrategicMergePatchError,
// and the errors kube passes through to responsewriters.ErrorToAPIStatus).
import { failureStatus, newBadRequest, newRequestEntityTooLarge, newStatusError, type StatusError } from '@kapi/apimachinery';
import type { PatchError } from './errors.ts';

/** The message of errors.NewGenericServerResponse(422, …), which kube answers instead of the engine's. */
export const genericInvalidMessage = 'the server rejected our request due to an error in our request';

/** The HTTP status code kube-apiserver answers for a patch engine error of this kind. */
export function httpStatusOfPatchError(err: PatchError): number {
  switch (err.kind) {
    case 'BadRequest':
      return 400;
    case 'Invalid':
      return 422;
    case 'RequestEntityTooLarge':
      return 413;
    default:
      return 500;
  }
}

/**
 * The Status error kube-apiserver answers for a patch engine error, body for body:
 * 400 BadRequest with the message; 413 `Request entity too large: <message>`; 422 Invalid with the
 * generic message and empty details; anything else 500 with the message and no reason (kube hands
 * such errors to ErrorToAPIStatus unconverted).
 */
export function patchErrorToStatusError(err: PatchError): StatusError {
  switch (err.kind) {
    case 'BadRequest':
      return newBadRequest(err.message);
    case 'RequestEntityTooLarge':
      return newRequestEntityTooLarge(err.message);
    case 'Invalid':
      return newStatusError(failureStatus(422, 'Invalid', genericInvalidMessage, {}));
    default:
      return newStatusError(failureStatus(500, '', err.message));
  }
}
