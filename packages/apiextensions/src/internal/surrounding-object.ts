// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/surroundingobject.go
// (v0.33): a builder that puts a value at a fixed place in an object (`{a: [{b: x}]}`) and an
// accessor that takes it out again, to check a default value in the context of its resource.
import { isJsonObject, type JsonObject } from './json.ts';

/** Takes the value back out of the built object; `found` is false when the path is gone. Throws on a wrong type. */
export type Accessor = (root: JsonObject) => { value: unknown; found: boolean };
/** Builds the surrounding object of `focus`. Throws when the root would not be an object. */
export type SurroundingObject = (focus: unknown) => { obj: JsonObject; acc: Accessor };

export function rootObject(): SurroundingObject {
  return (x) => {
    if (!isJsonObject(x)) throw new Error('object root default value must be of object type');
    return { obj: x, acc: (root) => ({ value: root, found: true }) };
  };
}

export function withTypeMeta(f: SurroundingObject, apiVersion: string, kind: string): SurroundingObject {
  return (x) => {
    const { obj, acc } = f(x);
    if (!Object.hasOwn(obj, 'kind')) obj.kind = kind;
    if (!Object.hasOwn(obj, 'apiVersion')) obj.apiVersion = apiVersion;
    return { obj, acc };
  };
}

export function childOf(f: SurroundingObject, k: string): SurroundingObject {
  return (x) => {
    const { obj, acc } = f({ [k]: x });
    return {
      obj,
      acc: (root) => {
        let r: { value: unknown; found: boolean };
        try {
          r = acc(root);
        } catch (e) {
          throw new Error(`.${k}${(e as Error).message}`);
        }
        if (!r.found) return { value: undefined, found: false };
        if (!isJsonObject(r.value)) throw new Error(`.${k} must be of object type`);
        return Object.hasOwn(r.value, k) ? { value: r.value[k], found: true } : { value: undefined, found: false };
      },
    };
  };
}

export function indexOf(f: SurroundingObject): SurroundingObject {
  return (x) => {
    const { obj, acc } = f([x]);
    return {
      obj,
      acc: (root) => {
        let r: { value: unknown; found: boolean };
        try {
          r = acc(root);
        } catch (e) {
          throw new Error(`[]${(e as Error).message}`);
        }
        if (!r.found) return { value: undefined, found: false };
        if (!Array.isArray(r.value)) throw new Error('[] must be of array type');
        return r.value.length === 0 ? { value: undefined, found: false } : { value: r.value[0], found: true };
      },
    };
  };
}
