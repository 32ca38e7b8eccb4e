// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/validate.go (v4.6.0)
/**
 * Checks a value against its type: scalars of the right kind, maps without undeclared fields,
 * lists whose associative items can be keyed and (unless duplicates are allowed) are unique.
 */
import { pathElementToString } from '../fieldpath/element.ts';
import { pathElementKey } from '../fieldpath/serialize-pe.ts';
import type { ListType, MapType, Scalar, Schema, TypeRef } from '../schema/elements.ts';
import { findField, isEmptyTypeRef } from '../schema/elements.ts';
import { goSprintfNoArgs, goTypeName, goValueSharpV, goValueV } from './go-format.ts';
import {
  deduceMembers,
  errorAt,
  handledMember,
  invalidAtomError,
  listItemToPathElement,
  listValue,
  mapValue,
  noTypeFoundError,
  notAListMessage,
  notAMapMessage,
  prefixErrors,
  type ValidationError,
} from './helpers.ts';

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

class Validator {
  constructor(
    readonly schema: Schema,
    readonly allowDuplicates: boolean,
  ) {}

  validate(tr: TypeRef, v: unknown, errs: ValidationError[]): void {
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      errs.push(noTypeFoundError(tr));
      return;
    }
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
      const pe = listItemToPathElement(this.schema, t, child);
      if (typeof pe === 'string') {
        // Without a path element nothing deeper can be reported: stop at this item.
        errs.push(errorAt(`element ${i}: ${pe}`));
        return;
      }
      if (observed !== undefined) {
        const key = pathElementKey(pe);
        if (observed.has(key)) errs.push(errorAt(`duplicate entries for key ${pathElementToString(pe)}`));
        else observed.add(key);
      }
      const before = errs.length;
      this.validate(elementType, child, errs);
      if (errs.length > before) prefixErrors(errs, before, pathElementToString(pe));
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
