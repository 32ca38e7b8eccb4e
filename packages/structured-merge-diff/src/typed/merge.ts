// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/merge.go (v4.6.0)
/**
 * Merging a partially specified object (rhs) into a value (lhs) of the same type: leaves take
 * rhs's value when rhs has one, maps merge key by key, associative lists item by item in an
 * order that follows lhs where rhs does not reorder and rhs where it does.
 */
import { pathElementToString } from '../fieldpath/element.ts';
import type { Atom, ListType, MapType, Scalar, Schema, TypeRef } from '../schema/elements.ts';
import { emptyTypeRef, findField } from '../schema/elements.ts';
import {
  deduceMembers,
  errorAt,
  handledMember,
  invalidAtomError,
  isEmptyMap,
  listValue,
  mapValue,
  noTypeFoundError,
  prefixErrors,
  setKey,
  type AtomMember,
  type ValidationError,
} from './helpers.ts';
import { listItemElement } from './list-item.ts';
import { validateScalar } from './validate.ts';

/**
 * `rhs` merged into `lhs`, both of type `tr` (Go `merge` with `ruleKeepRHS`): the merged value
 * (`undefined` when there is none) and the validation errors met.
 */
export function mergeValuesWithSchema(
  schema: Schema,
  tr: TypeRef,
  lhs: unknown,
  rhs: unknown,
): { out: unknown; errs: ValidationError[] } {
  const errs: ValidationError[] = [];
  const out = new MergingWalker(schema).merge(tr, lhs, rhs, errs);
  return { out, errs };
}

// `undefined` is an absent side or output (Go's nil); `null` is a JSON null.
class MergingWalker {
  // Errors of list items, which Go drops (its list-item errors are appended to a shadowed slice).
  readonly #dropped: ValidationError[] = [];

  constructor(readonly schema: Schema) {}

  /**
   * Merges one node. `fieldName`, for a map item, prefixes the errors of the node — but not the
   * early ones (no side, unresolvable type), which Go returns without its prefix.
   */
  merge(tr: TypeRef, lhs: unknown, rhs: unknown, errs: ValidationError[], fieldName?: string): unknown {
    if (lhs === undefined && rhs === undefined) {
      errs.push(errorAt('at least one of lhs and rhs must be provided'));
      return undefined;
    }
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      // Go dereferences the name here (and panics on an unresolvable inlined type).
      errs.push(noTypeFoundError(tr));
      return undefined;
    }
    const before = errs.length;
    const ml = deduceMembers(a, lhs);
    const mr = deduceMembers(a, rhs);
    let out: unknown;
    if (rhs === undefined) {
      out = this.#handle(handledMember(ml), a, tr, lhs, rhs, errs);
    } else if (lhs === undefined || ml === mr) {
      out = this.#handle(handledMember(mr), a, tr, lhs, rhs, errs);
    } else {
      // The sides are of different kinds: lhs walked as its own kind only reports its errors.
      this.#handle(handledMember(ml), a, tr, lhs, rhs, errs);
      out = this.#handle(handledMember(mr), a, tr, lhs, rhs, errs);
    }
    if (fieldName !== undefined && errs.length > before) prefixErrors(errs, before, '.' + fieldName);
    return out;
  }

  #handle(member: AtomMember | undefined, a: Atom, tr: TypeRef, lhs: unknown, rhs: unknown, errs: ValidationError[]): unknown {
    switch (member) {
      case 'map':
        return this.#doMap(a.map!, lhs, rhs, errs);
      case 'scalar':
        return doScalar(a.scalar!, lhs, rhs, errs);
      case 'list':
        return this.#doList(a.list!, lhs, rhs, errs);
      default:
        errs.push(invalidAtomError(tr));
        return undefined;
    }
  }

  #doList(t: ListType, lhs: unknown, rhs: unknown, errs: ValidationError[]): unknown {
    // A side that is not a list counts as absent here.
    const l = lhs === undefined ? null : (listValue(lhs) ?? null);
    const r = rhs === undefined ? null : (listValue(rhs) ?? null);
    // Both empty or null: a leaf, which keeps the empty / null distinction.
    if (t.elementRelationship === 'atomic' || ((l === null || l.length === 0) && (r === null || r.length === 0))) {
      return keepRHS(lhs, rhs);
    }
    if (l === null && r === null) return undefined;
    return this.#visitListItems(t, l ?? [], r ?? [], errs);
  }

  #index(t: ListType, list: unknown[], allowDuplicates: boolean, errs: ValidationError[]): IndexedList {
    const keys: string[] = [];
    const observed = new Map<string, unknown>();
    for (let i = 0; i < list.length; i++) {
      const child = list[i];
      const e = listItemElement(this.schema, t, child);
      if (typeof e === 'string') {
        // Nothing deeper can be reported without a path element.
        errs.push(errorAt(`element ${i}: ${e}`));
        continue;
      }
      const key = e.key;
      if (observed.has(key)) {
        if (!allowDuplicates) {
          errs.push(errorAt(`duplicate entries for key ${pathElementToString(e.pe)}`));
          continue;
        }
        // Duplicated items are not merged with the new value: they stand as null.
        observed.set(key, null);
      } else {
        observed.set(key, child);
      }
      keys.push(key);
    }
    return { keys, observed };
  }

  #visitListItems(t: ListType, lhs: unknown[], rhs: unknown[], errs: ValidationError[]): unknown {
    const before = errs.length;
    const r = this.#index(t, rhs, false, errs);
    // The former object may have duplicates.
    const l = this.#index(t, lhs, true, errs);
    if (errs.length !== before) return undefined;

    // The items both sides have, in rhs order.
    const shared: string[] = [];
    for (const key of r.keys) if (l.observed.has(key)) shared.push(key);
    let sharedAt = 0;
    let nextShared: string | undefined = shared[sharedAt++];

    const out: unknown[] = [];
    const mergedRHS = new Set<string>();
    const lLen = l.keys.length;
    const rLen = r.keys.length;
    let lI = 0;
    let rI = 0;
    while (lI < lLen || rI < rLen) {
      if (lI < lLen && rI < rLen) {
        const key = l.keys[lI]!;
        if (key === r.keys[rI]) {
          // The same item on both sides: merge them.
          mergedRHS.add(key);
          // The lhs item is null when it is duplicated.
          this.#mergeItem(t, l.observed.get(key), r.observed.get(key), out);
          lI++;
          rI++;
          nextShared = shared[sharedAt++];
          continue;
        }
        if (r.observed.has(key) && nextShared !== undefined && nextShared !== key) {
          // A shared item, but not the one to place in this round.
          lI++;
          continue;
        }
      }
      if (lI < lLen) {
        const key = l.keys[lI]!;
        if (!r.observed.has(key)) {
          // Only lhs has it: take the item at its own index (observed may hold null for it).
          this.#mergeItem(t, lhs[lI], undefined, out);
          lI++;
          continue;
        } else if (mergedRHS.has(key)) {
          // Already merged with the rhs item: not again.
          lI++;
        }
      }
      if (rI < rLen) {
        // The rhs item, merged with the lhs item of the same key if there is one.
        const key = r.keys[rI]!;
        mergedRHS.add(key);
        this.#mergeItem(t, l.observed.get(key), r.observed.get(key), out);
        rI++;
        if (nextShared === key) nextShared = shared[sharedAt++];
      }
    }
    return out.length > 0 ? out : undefined;
  }

  #mergeItem(t: ListType, l: unknown, r: unknown, out: unknown[]): void {
    const dropped = this.#dropped;
    const merged = this.merge(t.elementType, l, r, dropped);
    dropped.length = 0;
    if (merged !== undefined) out.push(merged);
  }

  #doMap(t: MapType, lhs: unknown, rhs: unknown, errs: ValidationError[]): unknown {
    // A side that is not a map counts as absent here.
    const l = lhs === undefined ? null : (mapValue(lhs) ?? null);
    const r = rhs === undefined ? null : (mapValue(rhs) ?? null);
    // Both empty or null: a leaf, which keeps the empty / null distinction.
    if (t.elementRelationship === 'atomic' || ((l === null || isEmptyMap(l)) && (r === null || isEmptyMap(r)))) {
      return keepRHS(lhs, rhs);
    }
    if (l === null && r === null) return undefined;
    const out: Record<string, unknown> = {};
    let empty = true;
    if (l !== null) {
      for (const key in l) {
        if (!Object.hasOwn(l, key)) continue;
        const rv = r !== null && Object.hasOwn(r, key) ? r[key] : undefined;
        if (this.#mergeMapItem(t, key, l[key], rv, out, errs)) empty = false;
      }
    }
    if (r !== null) {
      for (const key in r) {
        if (!Object.hasOwn(r, key) || (l !== null && Object.hasOwn(l, key))) continue;
        if (this.#mergeMapItem(t, key, undefined, r[key], out, errs)) empty = false;
      }
    }
    return empty ? undefined : out;
  }

  #mergeMapItem(
    t: MapType,
    key: string,
    l: unknown,
    r: unknown,
    out: Record<string, unknown>,
    errs: ValidationError[],
  ): boolean {
    const sf = findField(t, key);
    const merged = this.merge(sf !== undefined ? sf.type : (t.elementType ?? emptyTypeRef), l, r, errs, key);
    if (merged === undefined) return false;
    setKey(out, key, merged);
    return true;
  }
}

interface IndexedList {
  keys: string[];
  observed: Map<string, unknown>;
}

// Leaves: rhs wins when it is there (Go `ruleKeepRHS`).
function keepRHS(lhs: unknown, rhs: unknown): unknown {
  return rhs !== undefined ? rhs : lhs;
}

function doScalar(t: Scalar, lhs: unknown, rhs: unknown, errs: ValidationError[]): unknown {
  // At least one side must be a valid scalar.
  const lerr = validateScalar(t, lhs, 'lhs: ');
  const rerr = validateScalar(t, rhs, 'rhs: ');
  if (lerr !== undefined && rerr !== undefined) {
    errs.push(lerr, rerr);
    return undefined;
  }
  return keepRHS(lhs, rhs);
}
