// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype/validation.go (v0.33).
import { fieldErrors, type FieldError } from '@kapi/apimachinery';
import type { Structural } from './structural.ts';
import { isJsonObject, type JsonObject } from './internal/json.ts';
import { goChild, goIndex, goKey, type GoPath } from './internal/go-path.ts';

/**
 * ValidateListSetsAndMaps: x-kubernetes-list-type `set` lists hold no value twice and `map` lists
 * hold objects with no key combination (x-kubernetes-list-map-keys) twice. Reports each repeated
 * value once, as a Duplicate at the index of its second occurrence (for maps, the value is the
 * key fields). kube passes a nil path: errors start at the field name.
 */
export function validateListSetsAndMaps(path: GoPath, s: Structural | undefined, obj: JsonObject | undefined): FieldError[] {
  if (s === undefined || obj === undefined || obj === null) return [];
  const errs: FieldError[] = [];
  const ap = s.additionalProperties?.structural;
  if (ap) for (const [k, v] of Object.entries(obj)) errs.push(...validateValue(goKey(path, k), ap, v));
  if (s.properties) {
    for (const [k, v] of Object.entries(obj)) {
      if (Object.hasOwn(s.properties, k)) errs.push(...validateValue(goChild(path, k), s.properties[k]!, v));
    }
  }
  return errs;
}

function validateValue(path: GoPath, s: Structural, v: unknown): FieldError[] {
  if (Array.isArray(v)) return validateArray(path, s, v);
  if (isJsonObject(v)) return validateListSetsAndMaps(path, s, v);
  return [];
}

function validateArray(path: GoPath, s: Structural, list: unknown[]): FieldError[] {
  const errs: FieldError[] = [];
  if (s.xListType === 'set') for (const i of nonUniqueIndices(list)) errs.push(fieldErrors.duplicate(goIndex(path, i), list[i]));
  else if (s.xListType === 'map') errs.push(...validateListMap(path, s, list));
  if (s.items) list.forEach((x, i) => errs.push(...validateValue(goIndex(path, i), s.items!, x)));
  return errs;
}

const unspecified = Symbol('unspecified key');

/** The indices where a value occurs the second time (compound values compare by their JSON). */
function nonUniqueIndices(list: readonly unknown[]): number[] {
  if (list.length <= 1) return [];
  const seen = new Map<unknown, number>();
  const out: number[] = [];
  list.forEach((x, i) => {
    const key = Array.isArray(x) || isJsonObject(x) ? `json:${JSON.stringify(x)}` : typeof x === 'string' ? `string:${x}` : x;
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    if (times === 1) out.push(i);
  });
  return out;
}

function validateListMap(path: GoPath, s: Structural, list: unknown[]): FieldError[] {
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (x !== null && !isJsonObject(x)) return [fieldErrors.invalid(goIndex(path, i), x, 'must be an object for an array of list-type map')];
  }
  if (list.length <= 1) return [];
  const keyFields = s.xListMapKeys ?? [];
  if (keyFields.length === 1) {
    const keyField = keyFields[0]!;
    const keys = list.map((x) => (x === null || !Object.hasOwn(x as JsonObject, keyField) ? unspecified : (x as JsonObject)[keyField]));
    return nonUniqueIndices(keys).map((i) => fieldErrors.duplicate(goIndex(path, i), keys[i] === unspecified ? {} : { [keyField]: keys[i] }));
  }
  const keys = list.map((x) => {
    const key: JsonObject = {};
    if (x === null) return key;
    for (const f of keyFields) if (Object.hasOwn(x as JsonObject, f)) key[f] = (x as JsonObject)[f];
    return key;
  });
  return nonUniqueIndices(keys).map((i) => fieldErrors.duplicate(goIndex(path, i), keys[i]));
}
