// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/remove.go (v4.6.0)
/**
 * Removing (or extracting) the items of a field set from a value. Atomic containers go as a
 * whole; a container left empty by removal becomes null, as in Go.
 */
import { fieldNameElement } from '../fieldpath/serialize-pe.ts';
import type { FieldSet } from '../fieldpath/set.ts';
import type { ListType, MapType, Schema, TypeRef } from '../schema/elements.ts';
import { emptyTypeRef, findField } from '../schema/elements.ts';
import { deduceMembers, handledMember, isEmptyMap, isMapValue, setKey } from './helpers.ts';
import { listItemElement, zeroKeyedElement } from './list-item.ts';

/**
 * `val` of type `typeRef` without the items of `toRemove` or, when `shouldExtract`, with only
 * them (Go `removeItemsWithSchema`). Returns `null` where Go returns a nil value: an
 * unresolvable type, or a container with nothing left.
 */
export function removeItemsWithSchema(
  val: unknown,
  toRemove: FieldSet,
  schema: Schema,
  typeRef: TypeRef,
  shouldExtract: boolean,
): unknown {
  const a = schema.resolve(typeRef);
  if (a === undefined) return null;
  switch (handledMember(deduceMembers(a, val))) {
    case 'scalar':
      return val === undefined ? null : val;
    case 'list':
      return doList(a.list!, val, toRemove, schema, shouldExtract);
    case 'map':
      return doMap(a.map!, val, toRemove, schema, shouldExtract);
    default:
      return null;
  }
}

function doList(t: ListType, val: unknown, toRemove: FieldSet, schema: Schema, shouldExtract: boolean): unknown {
  if (!Array.isArray(val) || val.length === 0) return null;
  // Atomic lists: everything when extracting, nothing when removing.
  if (t.elementRelationship === 'atomic') return shouldExtract ? val : null;

  const newItems: unknown[] = [];
  for (let item of val) {
    // The list was validated; Go ignores the error and goes on with the zero path element.
    const got = listItemElement(schema, t, item);
    const key = typeof got === 'string' ? zeroKeyedElement.key : got.key;
    if (toRemove.members.hasKey(key)) {
      // Extracting, the item is kept (with the whole set applied below it); removing, dropped.
      if (!shouldExtract) continue;
      newItems.push(removeItemsWithSchema(item, toRemove, schema, t.elementType, shouldExtract));
    }
    const subset = toRemove.children.getByKey(key);
    if (subset !== undefined && !subset.empty()) {
      item = removeItemsWithSchema(item, subset, schema, t.elementType, shouldExtract);
    } else if (shouldExtract) {
      // Extracting, items off the set are dropped.
      continue;
    }
    newItems.push(item);
  }
  return newItems.length > 0 ? newItems : null;
}

function doMap(t: MapType, val: unknown, toRemove: FieldSet, schema: Schema, shouldExtract: boolean): unknown {
  if (!isMapValue(val) || isEmptyMap(val)) return null;
  // Atomic maps: everything when extracting, nothing when removing.
  if (t.elementRelationship === 'atomic') return shouldExtract ? val : null;

  const newMap: Record<string, unknown> = {};
  let empty = true;
  for (const k in val) {
    if (!Object.hasOwn(val, k)) continue;
    let v = val[k];
    const key = fieldNameElement(k).key;
    const fieldType = findField(t, k)?.type ?? t.elementType ?? emptyTypeRef;
    if (toRemove.members.hasKey(key)) {
      // Extracting, the field is kept (with the whole set applied below it); removing, dropped.
      if (shouldExtract) {
        setKey(newMap, k, removeItemsWithSchema(v, toRemove, schema, fieldType, shouldExtract));
        empty = false;
      }
      continue;
    }
    const subset = toRemove.children.getByKey(key);
    if (subset !== undefined && !subset.empty()) {
      v = removeItemsWithSchema(v, subset, schema, fieldType, shouldExtract);
    } else if (shouldExtract) {
      // Extracting, fields off the set are dropped.
      continue;
    }
    setKey(newMap, k, v);
    empty = false;
  }
  return empty ? null : newMap;
}
