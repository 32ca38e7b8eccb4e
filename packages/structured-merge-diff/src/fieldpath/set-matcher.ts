// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/set.go (v4.6.0)
/**
 * Patterns over field paths (Go's `SetMatcher`, `PathElementMatcher` and `PrefixMatcher` in
 * set.go), which filters (set-filter.ts) and FieldSet.filterIncludeMatches take. Re-exported by
 * `set.ts`.
 */
import type { FieldList } from '../value/fields.ts';
import { comparePathElements, type PathElement } from './element.ts';

/**
 * Matches one path element (Go `PathElementMatcher`): any element when `wildcard`, otherwise an
 * element equal to `pathElement`.
 */
export interface PathElementMatcher {
  readonly wildcard: boolean;
  readonly pathElement?: PathElement;
}

/** Matches members of a set by `path`, and the subsets below them by `child` (Go `SetMemberMatcher`). */
export interface SetMemberMatcher {
  readonly path: PathElementMatcher;
  readonly child: SetMatcher;
}

const invalidElement = {} as PathElement;

/**
 * Go's `PathElementMatcher.Compare`: wildcards first, then by path element. As in Go, a wildcard
 * never compares equal to another wildcard.
 */
export function comparePathElementMatchers(a: PathElementMatcher, b: PathElementMatcher): number {
  if (a.wildcard && !b.wildcard) return -1;
  if (b.wildcard) return 1;
  return comparePathElements(a.pathElement ?? invalidElement, b.pathElement ?? invalidElement);
}

/**
 * Matches the fields of a set (Go `SetMatcher`), shaped like a set with wildcards. A wildcard
 * matcher matches everything; otherwise `members` (wildcards sorted first) say which members and
 * children match, the first matching one deciding.
 */
export class SetMatcher {
  /** Matches every member and child; `members` is then ignored. */
  readonly wildcard: boolean;
  /** The member patterns, wildcards first. */
  readonly members: readonly SetMemberMatcher[];

  /** A matcher with these members, taken in the order given (see {@link newSetMatcher} to sort). */
  constructor(wildcard: boolean, members: readonly SetMemberMatcher[] = []) {
    this.wildcard = wildcard;
    this.members = members;
  }

  /**
   * Go's `Merge`: a matcher matching what either matches; members with the same element are
   * merged recursively. Go looks the element up with a binary search whose comparison is
   * reversed, so a same-element member is only found in some positions (when it is not found,
   * both are kept and the first wins when filtering); this port keeps that behaviour.
   */
  merge(other: SetMatcher): SetMatcher {
    if (this.wildcard || other.wildcard) return newSetMatcher(true);
    const merged = this.members.slice();
    for (const m of other.members) {
      const i = findMember(this.members, m.path);
      if (i !== undefined) {
        const existing = merged[i]!;
        merged[i] = { path: existing.path, child: existing.child.merge(m.child) };
      } else {
        merged.push(m);
      }
    }
    return newSetMatcher(false, ...merged);
  }
}

/** Go's `sortedMemberMatcher.Find`, with its comparison (element against target) as upstream has it. */
function findMember(members: readonly SetMemberMatcher[], p: PathElementMatcher): number | undefined {
  const cmp = (i: number): number => comparePathElementMatchers(members[i]!.path, p);
  let i = 0;
  let j = members.length;
  while (i < j) {
    const h = (i + j) >>> 1;
    if (cmp(h) > 0) i = h + 1;
    else j = h;
  }
  return i < members.length && cmp(i) === 0 ? i : undefined;
}

/** Go's `NewSetMatcher`: a matcher with `members` sorted (wildcards first). */
export function newSetMatcher(wildcard: boolean, ...members: SetMemberMatcher[]): SetMatcher {
  members.sort((a, b) => comparePathElementMatchers(a.path, b.path));
  return new SetMatcher(wildcard, members);
}

/** Go's `MatchAnyPathElement`: matches any path element. */
export function matchAnyPathElement(): PathElementMatcher {
  return { wildcard: true };
}

/** Go's `MatchAnySet`: matches any set. */
export function matchAnySet(): SetMatcher {
  return new SetMatcher(true);
}

/**
 * One part of a {@link prefixMatcher}: a {@link PathElementMatcher} (e.g.
 * {@link matchAnyPathElement}), a {@link PathElement}, an associative-list key ({@link FieldList},
 * not empty), a field name or a list index.
 */
export type PrefixMatcherPart = PathElementMatcher | PathElement | FieldList | string | number;

function toElementMatcher(part: PrefixMatcherPart): PathElementMatcher {
  if (typeof part === 'string') return { wildcard: false, pathElement: { fieldName: part } };
  if (typeof part === 'number') {
    if (Number.isInteger(part)) return { wildcard: false, pathElement: { index: part } };
    throw new Error('unexpected type float64');
  }
  if (Array.isArray(part)) {
    if (part.length === 0) throw new Error('associative list key type path elements must have at least one key (got zero)');
    return { wildcard: false, pathElement: { key: part as FieldList } };
  }
  if (typeof part === 'object' && part !== null) {
    if ('wildcard' in part) return part;
    if ('fieldName' in part || 'key' in part || 'value' in part || 'index' in part) return { wildcard: false, pathElement: part };
  }
  throw new Error(`unexpected type ${typeof part}`);
}

/**
 * Go's `PrefixMatcher`: matches every path that starts with `parts` (each part matching one
 * element; see {@link PrefixMatcherPart}), and their parents. Throws on a part of another type.
 */
export function prefixMatcher(...parts: PrefixMatcherPart[]): SetMatcher {
  let current = matchAnySet();
  for (let i = parts.length - 1; i >= 0; i--) {
    current = new SetMatcher(false, [{ path: toElementMatcher(parts[i]!), child: current }]);
  }
  return current;
}

/** Go's `MakePrefixMatcherOrDie`: {@link prefixMatcher}, for patterns known when the code is written. */
export function makePrefixMatcherOrDie(...parts: PrefixMatcherPart[]): SetMatcher {
  return prefixMatcher(...parts);
}
