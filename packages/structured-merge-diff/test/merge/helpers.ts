// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/conflict_test.go (v4.6.0): the short
// names the merge tests share (_NS, _P, _KBF, _V), and the constructors their tables use.
import { keyByFields, type Path, type PathElement } from '../../src/fieldpath/element.ts';
import { makePathOrDie, type PathPart } from '../../src/fieldpath/path.ts';
import { FieldSet } from '../../src/fieldpath/set.ts';
import type { FieldList } from '../../src/value/fields.ts';

export { newVersionedSet } from '../../src/fieldpath/managers.ts';
export { newExcludeSetFilter } from '../../src/fieldpath/set-filter.ts';
export { newParser } from '../../src/typed/parser.ts';

/** A set of the given paths (Go `fieldpath.NewSet`). */
export function _NS(...paths: Path[]): FieldSet {
  return FieldSet.of(...paths);
}

/**
 * A path from its parts (Go `fieldpath.MakePathOrDie`): a string is a field name, a number an
 * index, a field list (from {@link _KBF}) a key, and a path element (e.g. from {@link _V}) itself.
 */
export function _P(...parts: PathPart[]): Path {
  return makePathOrDie(...parts);
}

/** An associative key from name/value pairs, sorted by name (Go `fieldpath.KeyByFields`). */
export function _KBF(...nameValues: unknown[]): FieldList {
  return keyByFields(...nameValues);
}

/** A set value path element (Go `value.NewValueInterface` in a path). */
export function _V(value: unknown): PathElement {
  return { value };
}
