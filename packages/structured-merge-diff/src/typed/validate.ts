// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/validate.go (v4.6.0)
/**
 * Checks a value against its type: scalars of the right kind, maps without undeclared fields,
 * lists whose associative items can be keyed and (unless duplicates are allowed) are unique.
 */
import { pathElementToString } from '../fieldpath/element.ts';
import type { Atom, ListType, MapType, Scalar, Schema, TypeRef } from '../schema/elements.ts';
import { findField, isEmptyTypeRef } from '../schema/elements.ts';
import { goSprintfNoArgs, goTypeName, goValueSharpV, goValueV } from './go-format.ts';
import {
  deduceMembers,
  errorAt,
  handledMember,
  invalidAtomError,
  listValue,
  mapValue,
  noTypeFoundError,
  notAListMessage,
  notAMapMessage,
  prefixErrors,
  type ValidationError,
} from './helpers.ts';
import { listItemElement } from './list-item.ts';

/**
 * The error for `v` not being a `t` scalar, with `prefix` before the message, or `undefined`
 * (Go `validateScalar`). Absent and null values are valid scalars.
 */
export function validateScalar(t: Scalar, v: unknown, prefix: string): ValidationError | undefined {
  if (v === undefined || v === null) return undefined;
  const kind = typeof v;
  switch (t) {
    case 'numeric':
      if (kind !== 'number') return errorAt(`${prefix}expected numeric (int or float), got ${goTypeName(v)}`);
      return undefined;
    case 'string':
      if (kind !== 'string') return errorAt(`${prefix}expected string, got ${goValueSharpV(v)}`);
      return undefined;
    case 'boolean':
      if (kind !== 'boolean') return errorAt(`${prefix}expected boolean, got ${goValueV(v)}`);
      return undefined;
    case 'untyped':
      if (kind !== 'number' && kind !== 'string' && kind !== 'boolean') {
        return errorAt(`${prefix}expected any scalar, got ${goValueV(v)}`);
      }
      return undefined;
    default:
      return errorAt(`${prefix}unexpected scalar type in schema: ${String(t)}`);
  }
}

/**
 * Every violation of type `tr` in `v` (Go `TypedValue.Validate`); empty when valid. With
 * `allowDuplicates`, sets and associative lists may repeat an item.
 */
export function validateValue(schema: Schema, tr: TypeRef, v: unknown, allowDuplicates: boolean): ValidationError[] {
  const errs: ValidationError[] = [];
  new Validator(schema, allowDuplicates).validate(tr, v, errs);
  return errs;
}

/**
 * Whether `v` is plain JSON: scalars, null, arrays and objects of plain JSON. Under a type that
 * takes anything ({@link Validator}'s `#takesAnything`), exactly such values have no violation.
 */
function isPlainJSON(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!isPlainJSON(v[i])) return false;
    return true;
  }
  const m = v as Record<string, unknown>;
  for (const k in m) if (Object.hasOwn(m, k) && !isPlainJSON(m[k])) return false;
  return true;
}

class Validator {
  // Per atom, whether it takes any JSON value (see #takesAnything).
  readonly #anything = new WeakMap<object, boolean>();

  constructor(
    readonly schema: Schema,
    readonly allowDuplicates: boolean,
  ) {}

  /**
   * Whether `a` accepts every plain JSON value: an untyped scalar, a list that is not associative
   * and a map without fields, whose element types do too — the deduced types of FieldsV1 and of
   * preserved unknown fields, which a managedFields entry fills with thousands of keys.
   */
  #takesAnything(a: Atom): boolean {
    let yes = this.#anything.get(a);
    if (yes === undefined) {
      yes = this.#allTakeAnything(a, new Set());
      this.#anything.set(a, yes);
    }
    return yes;
  }

  /** Whether `a` and every atom reachable through its element types pass the local checks. */
  #allTakeAnything(a: Atom, seen: Set<Atom>): boolean {
    if (seen.has(a)) return true;
    seen.add(a);
    const { list, map } = a;
    if (a.scalar !== 'untyped' || list === undefined || list.elementRelationship === 'associative') return false;
    if (map === undefined || (map.fields !== undefined && map.fields.length !== 0) || map.elementType === undefined) return false;
    const item = this.schema.resolve(list.elementType);
    const value = this.schema.resolve(map.elementType);
    return item !== undefined && value !== undefined && this.#allTakeAnything(item, seen) && this.#allTakeAnything(value, seen);
  }

  validate(tr: TypeRef, v: unknown, errs: ValidationError[]): void {
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      errs.push(noTypeFoundError(tr));
      return;
    }
    // Plain JSON under such a type is valid: no need to walk it key by key.
    if (a.scalar === 'untyped' && typeof v === 'object' && v !== null && this.#takesAnything(a) && isPlainJSON(v)) return;
    switch (handledMember(deduceMembers(a, v))) {
      case 'map':
        this.#doMap(a.map!, v, errs);
        return;
      case 'scalar': {
        const err = validateScalar(a.scalar!, v, '');
        if (err !== undefined) errs.push(err);
        return;
      }
      case 'list':
        this.#doList(a.list!, v, errs);
        return;
      default:
        errs.push(invalidAtomError(tr));
    }
  }

  #doList(t: ListType, v: unknown, errs: ValidationError[]): void {
    const list = listValue(v);
    if (list === undefined) {
      // Go passes the message as a format string.
      errs.push(errorAt(goSprintfNoArgs(notAListMessage(v))));
      return;
    }
    if (list === null) return;
    const elementType = t.elementType;
    if (t.elementRelationship !== 'associative') {
      for (let i = 0; i < list.length; i++) {
        const before = errs.length;
        this.validate(elementType, list[i], errs);
        if (errs.length > before) prefixErrors(errs, before, `[${i}]`);
      }
      return;
    }
    // The keys seen, unless duplicates are allowed.
    const observed = this.allowDuplicates ? undefined : new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const child = list[i];
      const e = listItemElement(this.schema, t, child);
      if (typeof e === 'string') {
        // Without a path element nothing deeper can be reported: stop at this item.
        errs.push(errorAt(`element ${i}: ${e}`));
        return;
      }
      if (observed !== undefined) {
        if (observed.has(e.key)) errs.push(errorAt(`duplicate entries for key ${pathElementToString(e.pe)}`));
        else observed.add(e.key);
      }
      const before = errs.length;
      this.validate(elementType, child, errs);
      if (errs.length > before) prefixErrors(errs, before, pathElementToString(e.pe));
    }
  }

  #doMap(t: MapType, v: unknown, errs: ValidationError[]): void {
    const m = mapValue(v);
    if (m === undefined) {
      errs.push(errorAt(goSprintfNoArgs(notAMapMessage(v))));
      return;
    }
    if (m === null) return;
    for (const key in m) {
      if (!Object.hasOwn(m, key)) continue;
      let tr: TypeRef;
      const sf = findField(t, key);
      if (sf !== undefined) {
        tr = sf.type;
      } else if (isEmptyTypeRef(t.elementType)) {
        errs.push({ path: '.' + key, errorMessage: 'field not declared in schema' });
        return;
      } else {
        tr = t.elementType!;
      }
      const before = errs.length;
      this.validate(tr, m[key], errs);
      if (errs.length > before) prefixErrors(errs, before, '.' + key);
    }
  }
}
