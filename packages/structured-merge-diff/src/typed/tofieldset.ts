// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/tofieldset.go (v4.6.0)
/**
 * The field set of a typed value: every scalar leaf, every atomic container, every list item,
 * and every map field that is null, empty, or not declared by the schema. Items that appear more
 * than once in an associative list are recorded once, as the item, without their fields.
 */
import type { PathElement } from '../fieldpath/element.ts';
import { pathElementKey } from '../fieldpath/serialize-pe.ts';
import { FieldSet } from '../fieldpath/set.ts';
import type { ListType, MapType, Schema, TypeRef } from '../schema/elements.ts';
import { emptyTypeRef, findField } from '../schema/elements.ts';
import {
  deduceMembers,
  handledMember,
  invalidAtomError,
  isEmptyMap,
  isMapValue,
  listItemToPathElement,
  listValue,
  mapValue,
  noTypeFoundError,
  zeroPathElement,
  type ValidationError,
} from './helpers.ts';

/**
 * A node of the walk. Its set node is created only when something is inserted below it, so
 * the walk leaves no empty child sets (Go inserts whole paths instead).
 */
class Cursor {
  node: FieldSet | undefined;
  constructor(
    readonly parent: Cursor | undefined,
    readonly pe: PathElement | undefined,
    node?: FieldSet,
  ) {
    this.node = node;
  }

  setNode(): FieldSet {
    let node = this.node;
    if (node === undefined) {
      node = this.parent!.setNode().children.descend(this.pe!);
      this.node = node;
    }
    return node;
  }
}

/**
 * The field set of `v` as type `tr` (Go `ToFieldSet`), and the schema errors met (which Go
 * reports without a path).
 */
export function toFieldSetWithSchema(schema: Schema, tr: TypeRef, v: unknown): { set: FieldSet; errs: ValidationError[] } {
  const set = FieldSet.of();
  const errs: ValidationError[] = [];
  new ToSetWalker(schema, errs, new Cursor(undefined, undefined, set)).walk(tr, v, undefined, undefined);
  return { set, errs };
}

class ToSetWalker {
  constructor(
    readonly schema: Schema,
    readonly errs: ValidationError[],
    readonly root: Cursor,
  ) {}

  /** Walks `v`, found at `pe` below `parent` (both undefined at the root). */
  walk(tr: TypeRef, v: unknown, parent: Cursor | undefined, pe: PathElement | undefined): void {
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      this.errs.push(noTypeFoundError(tr));
      return;
    }
    switch (handledMember(deduceMembers(a, v))) {
      case 'scalar':
        insert(parent, pe);
        return;
      case 'list': {
        const t = a.list!;
        if (t.elementRelationship === 'atomic') {
          insert(parent, pe);
          return;
        }
        const list = listValue(v);
        if (list === undefined || list === null) return;
        this.#visitListItems(t, list, parent === undefined ? this.root : new Cursor(parent, pe));
        return;
      }
      case 'map': {
        const t = a.map!;
        if (t.elementRelationship === 'atomic') {
          insert(parent, pe);
          return;
        }
        const m = mapValue(v);
        if (m === undefined || m === null) return;
        this.#visitMapItems(t, m, parent === undefined ? this.root : new Cursor(parent, pe));
        return;
      }
      default:
        this.errs.push(invalidAtomError(tr));
    }
  }

  #visitListItems(t: ListType, list: unknown[], self: Cursor): void {
    const n = list.length;
    const pes: PathElement[] = new Array<PathElement>(n);
    const counts = new Map<string, number>();
    const keys: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const got = listItemToPathElement(this.schema, t, list[i]);
      // Go ignores the error and goes on with the zero path element (values are validated first).
      const pe = typeof got === 'string' ? zeroPathElement : got;
      const key = pathElementKey(pe);
      pes[i] = pe;
      keys[i] = key;
      const seen = counts.get(key) ?? 0;
      // A duplicated item is recorded once, as the item itself.
      if (seen === 1) self.setNode().members.insert(pe);
      counts.set(key, seen + 1);
    }
    for (let i = 0; i < n; i++) {
      const pe = pes[i]!;
      if (counts.get(keys[i]!)! > 1) continue;
      this.walk(t.elementType, list[i], self, pe);
      self.setNode().members.insert(pe);
    }
  }

  #visitMapItems(t: MapType, m: Record<string, unknown>, self: Cursor): void {
    for (const key in m) {
      if (!Object.hasOwn(m, key)) continue;
      const val = m[key];
      const pe: PathElement = { fieldName: key };
      const sf = findField(t, key);
      this.walk(sf !== undefined ? sf.type : (t.elementType ?? emptyTypeRef), val, self, pe);
      // Null and empty maps are leaves; so are fields the schema does not declare.
      if (sf === undefined || val === null || (isMapValue(val) && isEmptyMap(val))) {
        self.setNode().members.insert(pe);
      }
    }
  }
}

function insert(parent: Cursor | undefined, pe: PathElement | undefined): void {
  // The root path is not tracked (Go's Set.Insert ignores the empty path).
  if (parent !== undefined) parent.setNode().members.insert(pe!);
}
