// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/set.go (v4.6.0): the Filters over
// field sets; kube's reset fields (what a strategy resets on every write, e.g. `status` on the main
// resource) are excluded with newExcludeSetFilter.
import type { FieldSet } from './set.ts';
import { matchAnySet, type SetMatcher } from './set-matcher.ts';

/** Removes field paths from sets (Go `Filter`). */
export interface Filter {
  /** A filtered copy of `set` (or `set` itself when nothing is removed). */
  filter(set: FieldSet): FieldSet;
}

/** Go's `NewExcludeSetFilter`: removes the paths of `exclude` and everything below them. */
export function newExcludeSetFilter(exclude: FieldSet): Filter {
  return { filter: (set) => set.recursiveDifference(exclude) };
}

/** Go's `NewExcludeFilterSetMap`: an exclude filter per API version. */
export function newExcludeFilterSetMap(resetFields: ReadonlyMap<string, FieldSet>): Map<string, Filter> {
  const out = new Map<string, Filter>();
  for (const [version, set] of resetFields) out.set(version, newExcludeSetFilter(set));
  return out;
}

/**
 * Go's `NewIncludeMatcherFilter`: keeps only the paths that match one of `matchers` (merged with
 * {@link SetMatcher.merge}); with no matcher, keeps everything.
 */
export function newIncludeMatcherFilter(...matchers: SetMatcher[]): Filter {
  let matcher = matchers[0] ?? matchAnySet();
  for (let i = 1; i < matchers.length; i++) matcher = matcher.merge(matchers[i]!);
  return { filter: (set) => set.filterIncludeMatches(matcher) };
}
