// Behaviour of k8s.io/apimachinery/pkg/util/mergepatch/errors.go and strategicpatch/errors.go
// (v1.36): the errors the patch engines return, with upstream's messages, each tagged with the way
// kube-apiserver answers it (see status.ts and the README's table).
import { encodeYaml } from '@kapi/apimachinery';
import { goFormat, goFormatS, goTypeName, toPlain, type JMap, type JValue } from './internal/json.ts';

/**
 * How kube-apiserver treats an error of a patch engine:
 * - `BadRequest`: 400 BadRequest with the message (a malformed patch document);
 * - `Invalid`: 422 Invalid, "the server rejected our request due to an error in our request"
 *   (kube drops the engine's message);
 * - `RequestEntityTooLarge`: 413 (a JSON Patch with more than 10,000 operations);
 * - `Unknown`: kube returns the engine's error unconverted: 500 with the message and no reason;
 * - `Conflict` / `PreconditionFailed`: only the create functions (client side) raise these.
 */
export type PatchErrorKind = 'BadRequest' | 'Invalid' | 'RequestEntityTooLarge' | 'Unknown' | 'Conflict' | 'PreconditionFailed';

const brand = Symbol.for('@kapi/patch.PatchError');

/** An error of a patch engine. Recognise it with {@link isPatchError}, never `instanceof`. */
export class PatchError extends Error {
  readonly [brand] = true;
  constructor(
    readonly kind: PatchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PatchError';
  }
}

/** True for errors made by this package (any copy of it). */
export function isPatchError(err: unknown): err is PatchError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[brand] === true;
}

/** A three-way create found changes in `current` that the patch would overwrite (mergepatch.IsConflict). */
export function isConflictError(err: unknown): err is PatchError {
  return isPatchError(err) && err.kind === 'Conflict';
}

/** A precondition of a create function rejected the patch (mergepatch.IsPreconditionFailed). */
export function isPreconditionFailedError(err: unknown): err is PatchError {
  return isPatchError(err) && err.kind === 'PreconditionFailed';
}

// The sentinel errors of mergepatch; kube-apiserver maps the first five to 400 and the next two to 422.
export const errBadJSONDoc = () => new PatchError('BadRequest', 'invalid JSON document');
export const errBadPatchFormatForPrimitiveList = () => new PatchError('BadRequest', 'invalid patch format of primitive list');
export const errBadPatchFormatForRetainKeys = () => new PatchError('BadRequest', 'invalid patch format of retainKeys');
export const errBadPatchFormatForSetElementOrderList = () => new PatchError('BadRequest', 'invalid patch format of setElementOrder list');
export const errNoListOfLists = () => new PatchError('Invalid', 'lists of lists are not supported');

/** Everything else kube-apiserver passes through unconverted (a 500 carrying the message). */
export const unknownError = (message: string) => new PatchError('Unknown', message);

export const errNoMergeKey = (m: JMap, key: string) => unknownError(`map: ${goFormat(m)} does not contain declared merge key: ${key}`);

/** `expected a map[string]interface {}, but received a string`. */
export const errBadArgType = (expected: string, actual: JValue | undefined) =>
  unknownError(`expected a ${expected}, but received a ${goTypeName(actual)}`);

export const errBadPatchType = (t: JValue | undefined, m: JMap) => unknownError(`unknown patch type: ${goFormatS(t)} in map: ${goFormat(m)}`);

export const errPreconditionFailed = (patch: JMap) => new PatchError('PreconditionFailed', `precondition failed for: ${goFormat(patch)}`);

/** mergepatch.NewErrConflict, with both sides printed as YAML as sigs.k8s.io/yaml prints them. */
export const errConflict = (patch: JValue, changed: JValue) =>
  new PatchError('Conflict', `patch:\n${encodeYaml(toPlain(patch))}\nconflicts with changes made from original to current:\n${encodeYaml(toPlain(changed))}\n`);

/**
 * Runs an engine, turning a stack overflow (a document nested thousands of levels deep, which Go's
 * growing stacks handle) into a BadRequest PatchError instead of a RangeError.
 */
export function guardDepth<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) throw new PatchError('BadRequest', 'the document or patch is nested too deeply to process');
    throw err;
  }
}
