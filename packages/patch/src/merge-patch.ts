// Behaviour of gopkg.in/evanphx/json-patch.v4 (v4.13.0) merge.go: MergePatch, as kube-apiserver
// applies `application/merge-patch+json` bodies, and CreateMergePatch, as kubectl creates them.
//
// Where it differs from RFC 7386: a null or scalar patch is an error ("Invalid JSON Patch", a 400
// in kube), and null members of objects inside a list are dropped when the list is added (except
// when the list replaces an object), where the RFC copies lists verbatim.
import { guardDepth, PatchError } from './errors.ts';
import { deepEqual, fromPlain, isList, isMap, toPlain, type JMap, type JValue } from './internal/json.ts';

const errBadJSONPatch = () => new PatchError('BadRequest', 'Invalid JSON Patch');
const errBadJSONDoc = () => new PatchError('Unknown', 'Invalid JSON Document');

/**
 * Applies a JSON merge patch to `doc` (an object in kube: the stored object) and returns the result:
 * objects merge member by member, a null member deletes, anything else replaces. Neither input is
 * modified; the result shares nothing with them. Throws a PatchError: `BadRequest` "Invalid JSON
 * Patch" when the patch is null or a scalar (kube: 400), `Unknown` when `doc` is null.
 */
export function applyMergePatch(doc: unknown, patch: unknown): unknown {
  return guardDepth(() => toPlain(mergePatchValue(fromPlain(doc), fromPlain(patch))));
}

/** MergePatch on the engine's model; mutates `doc` and `patch`. */
export function mergePatchValue(doc: JValue, patch: JValue): JValue {
  if (patch === null) throw errBadJSONPatch();
  if (doc === null) throw errBadJSONDoc();
  if (isMap(doc) && isMap(patch)) {
    mergeDocs(doc, patch);
    return doc;
  }
  // Not two objects: the result is the patch itself, without its nulls.
  if (isMap(patch)) return pruneDocNulls(patch);
  if (isList(patch)) return pruneAryNulls(patch);
  throw errBadJSONPatch();
}

function mergeDocs(doc: JMap, patch: JMap): void {
  for (const [k, v] of patch) {
    if (v === null) {
      doc.delete(k);
      continue;
    }
    const cur = doc.get(k);
    if (cur === undefined || cur === null) {
      pruneNulls(v);
      doc.set(k, v);
    } else {
      doc.set(k, merge(cur, v));
    }
  }
}

function merge(cur: JValue, patch: JValue): JValue {
  if (!isMap(cur)) {
    pruneNulls(patch);
    return patch;
  }
  if (!isMap(patch)) return patch;
  mergeDocs(cur, patch);
  return cur;
}

function pruneNulls(v: JValue): void {
  if (isMap(v)) pruneDocNulls(v);
  else if (isList(v)) pruneAryNulls(v);
}

function pruneDocNulls(doc: JMap): JMap {
  for (const [k, v] of doc) {
    if (v === null) doc.delete(k);
    else pruneNulls(v);
  }
  return doc;
}

/** Null items stay; null members of the objects in the list go. */
function pruneAryNulls(ary: JValue[]): JValue[] {
  for (const v of ary) if (v !== null) pruneNulls(v);
  return ary;
}

/**
 * Creates the JSON merge patch that turns `original` into `modified` (two objects, or two lists of
 * objects of the same length, giving a list of patches). Throws a PatchError (`Unknown`) for
 * "Invalid JSON Document" (a scalar, or lists of different lengths) and "Mismatched JSON Documents"
 * (an object and a list).
 */
export function createMergePatch(original: unknown, modified: unknown): unknown {
  return guardDepth(() => create(original, modified));
}

function create(original: unknown, modified: unknown): unknown {
  const a = fromPlain(original);
  const b = fromPlain(modified);
  if (isList(a) && isList(b)) {
    if (a.length !== b.length) throw errBadJSONDoc();
    return toPlain(a.map((x, i) => getDiff(asDoc(x), asDoc(b[i]!))));
  }
  if (isList(a) || isList(b)) throw new PatchError('Unknown', 'Mismatched JSON Documents');
  return toPlain(getDiff(asDoc(a), asDoc(b)));
}

/** An object document (null decodes as an empty one); anything else is not a document. */
function asDoc(v: JValue): JMap {
  if (v === null) return new Map();
  if (!isMap(v)) throw errBadJSONDoc();
  return v;
}

/** The kind encoding/json decodes a value into (every number is a float64). */
const kindOf = (v: JValue) => (v === null ? 'nil' : isList(v) ? 'slice' : isMap(v) ? 'map' : typeof v);

/** getDiff: the (recursive) merge patch from `a` to `b`, sharing values with `b`. */
export function getDiff(a: JMap, b: JMap): JMap {
  const into: JMap = new Map();
  for (const [key, bv] of b) {
    if (!a.has(key)) {
      into.set(key, bv);
      continue;
    }
    const av = a.get(key)!;
    if (kindOf(av) !== kindOf(bv)) {
      into.set(key, bv);
    } else if (isMap(av)) {
      const dst = getDiff(av, bv as JMap);
      if (dst.size > 0) into.set(key, dst);
    } else if (av !== null && !deepEqual(av, bv)) {
      into.set(key, bv);
    }
  }
  for (const key of a.keys()) if (!b.has(key)) into.set(key, null);
  return into;
}
