// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/element.go (v4.6.0): the shapes of
// path elements and paths (their operations are in element.ts).
import type { FieldList } from '../value/fields.ts';

/**
 * One step of a field path (Go `fieldpath.PathElement`); exactly one property is set:
 * - `fieldName` selects a field of a map (or struct);
 * - `key` selects the item of an associative list whose key fields have these values (sorted by
 *   name);
 * - `value` selects the item of a set (an associative list of scalars) equal to this value;
 * - `index` selects an item of an atomic list by position.
 *
 * Path elements are immutable: sets keep and share them, and cache their serialized form.
 */
export type PathElement =
  | { readonly fieldName: string }
  | { readonly key: FieldList }
  | { readonly value: unknown }
  | { readonly index: number };

/** Go's `fieldpath.Path`: how to reach a (possibly deeply nested) field from the object root. */
export type Path = readonly PathElement[];
