// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/typed.go (v4.6.0)
/**
 * A value together with its type: what the merge engine validates, turns into field sets,
 * compares, merges and prunes. Operations never mutate the value they are given; they return
 * new typed values (which may share unchanged parts with their inputs).
 */
import { FieldSet } from '../fieldpath/set.ts';
import type { Path, PathElement } from '../fieldpath/element.ts';
import type { Schema, TypeRef } from '../schema/elements.ts';
import { typeRefEquals } from '../schema/equals.ts';
import { Comparison, compareValuesWithSchema } from './compare.ts';
import { typeRefGoString } from './go-format.ts';
import { errorAt, ValidationErrors } from './helpers.ts';
import { mergeValuesWithSchema } from './merge.ts';
import { removeItemsWithSchema } from './remove.ts';
import { toFieldSetWithSchema } from './tofieldset.ts';
import { validateValue } from './validate.ts';

export { Comparison } from './compare.ts';

/** A validation option (Go `typed.ValidationOptions`). */
export type ValidationOption = 'allowDuplicates';

/** Sets and associative lists may have duplicate items (Go `typed.AllowDuplicates`). */
export const allowDuplicates: ValidationOption = 'allowDuplicates';

/** Options of {@link TypedValue.extractItems}. */
export interface ExtractItemsOptions {
  /** Also extract the key fields of the extracted associative list items. */
  appendKeyFields: boolean;
}

/** An option of {@link TypedValue.extractItems} (Go `ExtractItemsOption`). */
export type ExtractItemsOption = (options: ExtractItemsOptions) => void;

/** Makes {@link TypedValue.extractItems} keep the key fields of list items (Go `WithAppendKeyFields`). */
export function withAppendKeyFields(): ExtractItemsOption {
  return (options) => {
    options.appendKeyFields = true;
  };
}

/**
 * `v` typed as `typeRef` of `schema`, validated (Go `AsTyped`). Throws {@link ValidationErrors}
 * listing every violation. `undefined` is taken as `null`.
 */
export function asTyped(v: unknown, schema: Schema, typeRef: TypeRef, ...opts: ValidationOption[]): TypedValue {
  const tv = new TypedValue(v === undefined ? null : v, typeRef, schema);
  tv.validate(...opts);
  return tv;
}

/**
 * `v` typed as `typeRef` of `schema`, not validated (Go `AsTypedUnvalidated`, deprecated there:
 * prefer {@link asTyped}). `undefined` is taken as `null`.
 */
export function asTypedUnvalidated(v: unknown, schema: Schema, typeRef: TypeRef): TypedValue {
  return new TypedValue(v === undefined ? null : v, typeRef, schema);
}

/**
 * A value of a specific type (Go `typed.TypedValue`). Build one with {@link asTyped} or a
 * parseable type; the value is a plain JSON value and is treated as immutable.
 */
export class TypedValue {
  /** The value (plain JSON). */
  readonly value: unknown;
  /** The type of the value. */
  readonly typeRef: TypeRef;
  /** The schema `typeRef` refers into. */
  readonly schema: Schema;

  /** Prefer {@link asTyped} / {@link asTypedUnvalidated}. */
  constructor(value: unknown, typeRef: TypeRef, schema: Schema) {
    this.value = value;
    this.typeRef = typeRef;
    this.schema = schema;
  }

  /** The value without its type (Go `AsValue`). */
  asValue(): unknown {
    return this.value;
  }

  /** Throws {@link ValidationErrors} listing every spec violation (Go `Validate`). */
  validate(...opts: ValidationOption[]): void {
    const errs = validateValue(this.schema, this.typeRef, this.value, opts.includes(allowDuplicates));
    if (errs.length !== 0) throw new ValidationErrors(errs);
  }

  /**
   * The set of every leaf field and list / map item of the value (Go `ToFieldSet`). Throws
   * {@link ValidationErrors} for schema errors met on the way.
   */
  toFieldSet(): FieldSet {
    const { set, errs } = toFieldSetWithSchema(this.schema, this.typeRef, this.value);
    if (errs.length !== 0) throw new ValidationErrors(errs);
    return set;
  }

  /**
   * This value merged with `pso`, a "partially specified object" of the same schema and type
   * (Go `Merge`): no field is removed; where both set a leaf, `pso` wins; a container keeps this
   * value's item order unless `pso` changes it. Throws {@link ValidationErrors} when the types
   * differ or the objects do not conform to the schema.
   */
  merge(pso: TypedValue): TypedValue {
    checkSameType(this, pso);
    const { out, errs } = mergeValuesWithSchema(this.schema, this.typeRef, this.value, pso.value);
    if (errs.length !== 0) throw new ValidationErrors(errs);
    return new TypedValue(out === undefined ? null : out, this.typeRef, this.schema);
  }

  /**
   * The fields `rhs` removed, modified and added relative to this value (Go `Compare`). Throws
   * {@link ValidationErrors} when the types differ or the objects do not conform to the schema.
   */
  compare(rhs: TypedValue): Comparison {
    checkSameType(this, rhs);
    const comparison = new Comparison();
    const errs = compareValuesWithSchema(this.schema, this.typeRef, this.value, rhs.value, comparison);
    if (errs.length !== 0) throw new ValidationErrors(errs);
    return comparison;
  }

  /** This value without the list and map items (and fields) in `items` (Go `RemoveItems`). */
  removeItems(items: FieldSet): TypedValue {
    return new TypedValue(removeItemsWithSchema(this.value, items, this.schema, this.typeRef, false), this.typeRef, this.schema);
  }

  /**
   * Only the list and map items (and fields) of `items` from this value (Go `ExtractItems`);
   * with {@link withAppendKeyFields}, the key fields of the extracted list items too.
   */
  extractItems(items: FieldSet, ...opts: ExtractItemsOption[]): TypedValue {
    const options: ExtractItemsOptions = { appendKeyFields: false };
    for (const opt of opts) opt(options);
    if (options.appendKeyFields) items = withKeyFields(this, items);
    return new TypedValue(removeItemsWithSchema(this.value, items, this.schema, this.typeRef, true), this.typeRef, this.schema);
  }

  /** The same type with a null value (Go `Empty`). */
  empty(): TypedValue {
    return new TypedValue(null, this.typeRef, this.schema);
  }
}

function withKeyFields(tv: TypedValue, items: FieldSet): FieldSet {
  let present: FieldSet;
  try {
    present = tv.toFieldSet();
  } catch {
    return items; // Go ignores the key fields when the value has no field set.
  }
  const keyFields = FieldSet.of();
  items.iterate((path: Path) => {
    if (!present.has(path)) return;
    for (let i = 0; i < path.length; i++) {
      const pe = path[i]!;
      if (!('key' in pe)) continue;
      for (const field of pe.key) {
        const keyFieldPath: PathElement[] = path.slice(0, i + 1);
        keyFieldPath.push({ fieldName: field.name });
        keyFields.insert(keyFieldPath);
      }
    }
  });
  return items.union(keyFields);
}

/** Go's check that two typed values share schema (by identity) and type, with its errors. */
function checkSameType(lhs: TypedValue, rhs: TypedValue): void {
  if (lhs.schema !== rhs.schema) {
    throw new ValidationErrors([errorAt('expected objects with types from the same schema')]);
  }
  if (!typeRefEquals(lhs.typeRef, rhs.typeRef)) {
    throw new ValidationErrors([
      errorAt(`expected objects of the same type, but got ${typeRefGoString(lhs.typeRef)} and ${typeRefGoString(rhs.typeRef)}`),
    ]);
  }
}
