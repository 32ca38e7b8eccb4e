// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/helpers.go (v4.6.0): listItemToPathElement
/**
 * The path elements of associative list items, with their serialized forms. A keyed item's
 * serialized key is written straight from its key fields (no FieldList first), and the elements
 * of scalar keys and set items are interned: the walkers key thousands of items per write.
 */
import type { PathElement } from '../fieldpath/element.ts';
import {
  internedKeyElement,
  internKeyElement,
  newKeyElement,
  newValueElement,
  type KeyedPathElement,
} from '../fieldpath/serialize-pe.ts';
import type { ListType, Schema } from '../schema/elements.ts';
import { findField } from '../schema/elements.ts';
import { compareStrings, quoteGo } from '../value/compare.ts';
import type { Field } from '../value/fields.ts';
import { quoteJSONString, valueToJSON } from '../value/json.ts';
import { isMapValue, isScalarValue } from './helpers.ts';

/**
 * Go's zero `PathElement` (nothing set), which the walkers that ignore `listItemToPathElement`
 * errors go on with: all such items share it. Sets key it as `''`; it cannot be serialized.
 */
export const zeroPathElement: PathElement = Object.freeze({}) as PathElement;

/** {@link zeroPathElement} with its key `''`. */
export const zeroKeyedElement: KeyedPathElement = Object.freeze({ key: '', pe: zeroPathElement });

/** How the items of one keyed list are keyed: names in Go's order, and the text before each value. */
interface KeyPlan {
  readonly keys: readonly string[];
  /** Indexes into `keys`, sorted by name (stable). */
  readonly order: readonly number[];
  /** Per position of `order`: `k:{"name":`, then `,"other":`. */
  readonly prefixes: readonly string[];
  /** One key field: the interned element by the field's scalar value. */
  readonly byValue: Map<unknown, KeyedPathElement>;
}

const plans = new WeakMap<ListType, KeyPlan>();
const byValueLimit = 4096;
// Elements of set items by value (bounded, like the other interned elements).
const setItems = new Map<unknown, KeyedPathElement>();
// The key field values of the item being keyed, in `keys` order (reused: keying never recurses).
const scratch: unknown[] = [];

function planOf(list: ListType, keys: readonly string[]): KeyPlan {
  let plan = plans.get(list);
  if (plan === undefined || plan.keys !== keys) {
    const order = keys.map((_, i) => i).sort((a, b) => compareStrings(keys[a]!, keys[b]!));
    const prefixes = order.map((i, j) => `${j === 0 ? 'k:{' : ','}${quoteJSONString(keys[i]!, false)}:`);
    plan = { keys, order, prefixes, byValue: new Map() };
    plans.set(list, plan);
  }
  return plan;
}

/** Scalars other than -0, which a Map would not tell from 0. */
function internable(v: unknown): boolean {
  return isScalarValue(v) && !Object.is(v, -0);
}

function associativeKeyDefault(s: Schema, list: ListType, fieldName: string): { value: unknown } | string {
  const atom = s.resolve(list.elementType);
  if (atom === undefined) return 'invalid elementType for list';
  if (atom.map === undefined) return 'associative list may not have non-map types';
  // A field not found has no default.
  return { value: findField(atom.map, fieldName)?.default };
}

function keyFields(plan: KeyPlan): Field[] {
  return plan.order.map((i) => ({ name: plan.keys[i]!, value: scratch[i] }));
}

function keyedItemElement(s: Schema, list: ListType, keys: readonly string[], child: unknown): KeyedPathElement | string {
  if (child === null) return 'associative list with keys may not have a null element';
  if (!isMapValue(child)) return 'associative list with keys may not have non-map elements';
  const n = keys.length;
  let scalars = true;
  for (let i = 0; i < n; i++) {
    const fieldName = keys[i]!;
    let v: unknown;
    if (Object.hasOwn(child, fieldName)) {
      v = child[fieldName];
    } else {
      const def = associativeKeyDefault(s, list, fieldName);
      if (typeof def === 'string') return `couldn't find default value for ${fieldName}: ${def}`;
      if (def.value === undefined || def.value === null) {
        return `associative list with keys has an element that omits key field ${quoteGo(fieldName)} (and doesn't have default value)`;
      }
      v = def.value;
    }
    if (!internable(v)) scalars = false;
    scratch[i] = v;
  }
  const plan = planOf(list, keys);
  if (n === 1 && scalars) {
    const v = scratch[0];
    let e = plan.byValue.get(v);
    if (e === undefined) {
      if (plan.byValue.size >= byValueLimit) plan.byValue.clear();
      e = internKeyElement(`${plan.prefixes[0]!}${valueToJSON(v)}}`, keyFields(plan));
      plan.byValue.set(v, e);
    }
    return e;
  }
  let key = '';
  for (let j = 0; j < n; j++) key += plan.prefixes[j]! + valueToJSON(scratch[plan.order[j]!]);
  key += '}';
  if (!scalars) return newKeyElement(key, keyFields(plan));
  return internedKeyElement(key) ?? internKeyElement(key, keyFields(plan));
}

function setItemElement(child: unknown): KeyedPathElement | string {
  if (Array.isArray(child)) return 'not supported: associative list with lists as elements';
  if (child === null) return "associative list without keys has an element that's an explicit null";
  // TODO upstream: atomic maps should be acceptable.
  if (typeof child === 'object') return "associative list without keys has an element that's a map type";
  if (!internable(child)) return newValueElement(child);
  let e = setItems.get(child);
  if (e === undefined) {
    if (setItems.size >= byValueLimit) setItems.clear();
    e = newValueElement(child);
    setItems.set(child, e);
  }
  return e;
}

/**
 * The path element of an item of an associative list, with its serialized form (Go
 * `listItemToPathElement`): the item's key fields (sorted by name, defaults filled in) for a
 * keyed list, the item itself for a set. Returns Go's error text as a string when the item
 * cannot be keyed.
 */
export function listItemElement(s: Schema, list: ListType, child: unknown): KeyedPathElement | string {
  if (list.elementRelationship !== 'associative') return 'invalid indexing of non-associative list';
  const keys = list.keys;
  if (keys !== undefined && keys.length > 0) return keyedItemElement(s, list, keys, child);
  // Without keys, the list must be a set of scalars.
  return setItemElement(child);
}

/** {@link listItemElement} without the serialized form. */
export function listItemToPathElement(s: Schema, list: ListType, child: unknown): PathElement | string {
  const e = listItemElement(s, list, child);
  return typeof e === 'string' ? e : e.pe;
}
