// Behaviour of k8s.io/apiserver/pkg/storage/testing/store_tests.go (v1.36), the GetList cases: the Store conformance suite, part 2.
import { describe, expect, it } from 'vitest';
import type { KubeList, KubeObject } from '@kapi/apimachinery';
import type { ListOptions, ResourceVersionMatch } from '../interfaces.ts';
import type { SelectionPredicate } from '../predicate.ts';
import {
  assignedPod,
  byKey,
  continueToken,
  expectStatus,
  expectTooLargeResourceVersion,
  pod,
  podKey,
  pred,
  readContinue,
  rvOf,
  thrown,
  updatedPod,
  withoutRV,
  type StoreTest,
} from './store-suite-helpers.ts';

const tooOldList = 'The resourceVersion for the provided list is too old.';
const continueTooOld = 'The provided continue parameter is too old to display a consistent list result';

/** What seedMultiLevelData leaves: first/bar (updated), second/bar, second/foo, third/barfoo, third/foo; second/baz deleted. */
interface Seed {
  /** The store's revision before the first write. */
  initialRV: number;
  /** first/bar, second/bar, second/foo, third/barfoo, third/foo, second/baz, as created. */
  P: KubeObject[];
  /** first/bar after its update (spec.nodeName = fakeNode). */
  U: KubeObject;
}

async function seedMultiLevelData(t: StoreTest): Promise<Seed> {
  const initial = await t.store.getList(`${t.r}/`, { recursive: true });
  const initialRV = rvOf(initial);
  const objs = [pod('bar', 'first'), pod('bar', 'second'), pod('foo', 'second'), pod('barfoo', 'third'), pod('foo', 'third'), pod('baz', 'second')];
  const P: KubeObject[] = [];
  for (const obj of objs) P.push(await t.store.create(podKey(t.r, obj), obj));
  const U = await t.store.guaranteedUpdate(podKey(t.r, objs[0]!), {
    ignoreNotFound: true,
    tryUpdate: (obj) => ({ ...obj, spec: { nodeName: 'fakeNode' } }),
  });
  await t.store.delete(podKey(t.r, objs[5]!));
  return { initialRV, P, U };
}

/** The state RunTestList works on: the seed, a list of `second/`, a compaction at the first write, one more write. */
interface ListState extends Seed {
  /** The revision of the list of `second/` right after seeding (kube's list.ResourceVersion, continueRV). */
  listRV: number;
  /** The revision of a write after the compaction (kube's currentRV). */
  currentRV: number;
}

const rvs = (o: KubeObject) => o.metadata!.resourceVersion!;

interface ListCase {
  name: string;
  /** Listed key, relative to the test's resource prefix. */
  prefix: string;
  rv?: (s: ListState) => string;
  match?: ResourceVersionMatch | 'Invalid';
  pred?: (s: ListState) => SelectionPredicate;
  expected?: (s: ListState) => KubeObject[];
  alternatives?: (s: ListState) => KubeObject[][];
  /** The start key (relative to the prefix) the continue token must carry; absent: no token. */
  cont?: string;
  /** Upstream expects a token without pinning it. */
  anyContinue?: boolean;
  remaining?: number;
  /** The list's resourceVersion exactly. */
  expectRV?: (s: ListState) => number;
  /** A lower bound of the list's resourceVersion. */
  minRV?: (s: ListState) => number;
  error?: 'BadRequest' | 'TooLarge' | 'TooOld' | 'ContinueTooOld';
  /** A watch cache ignores the limit at resourceVersion "0" (kube's computeListLimit): every item, one page. */
  cacheListsAll?: (s: ListState) => KubeObject[];
}

const name = (n: string) => `metadata.name=${n}`;
const cont = (rel: string, rv: number, limit?: number) => pred({ continue: continueToken(rel, rv), ...(limit === undefined ? {} : { limit }) });

// RunTestList's table, in upstream order. P[0..5]: first/bar, second/bar, second/foo, third/barfoo, third/foo, second/baz.
const listCases: ListCase[] = [
  { name: 'rejects invalid resource version', prefix: '/', rv: () => 'abc', error: 'BadRequest' },
  { name: 'rejects resource version and continue token', prefix: '/', rv: () => '1', pred: (s) => cont('foo', s.listRV, 1), error: 'BadRequest' },
  { name: 'rejects resource version set too high', prefix: '/', rv: () => String(Number.MAX_SAFE_INTEGER), error: 'TooLarge' },
  { name: 'test List on existing key', prefix: '/first/', expected: (s) => [s.U], minRV: (s) => s.currentRV },
  { name: 'test List on existing key with resource version set to 0', prefix: '/first/', rv: () => '0', alternatives: (s) => [[], [s.U]] },
  { name: 'test List on existing key with resource version set before update, match=Exact', prefix: '/first/', rv: (s) => rvs(s.P[0]!), match: 'Exact', expected: (s) => [s.P[0]!], expectRV: (s) => rvOf(s.P[0]!) },
  { name: 'test List on existing key with resource version set before creation, match=Exact', prefix: '/second/', rv: (s) => rvs(s.P[0]!), match: 'Exact', expected: () => [], expectRV: (s) => rvOf(s.P[0]!) },
  { name: 'test List on existing key with resource version set after creation, match=Exact', prefix: '/second/', rv: (s) => rvs(s.P[1]!), match: 'Exact', expected: (s) => [s.P[1]!], expectRV: (s) => rvOf(s.P[1]!) },
  { name: 'test List on existing key with resource version set before first write, match=Exact', prefix: '/first/', rv: (s) => String(s.initialRV), match: 'Exact', error: 'TooOld' },
  { name: 'test List on existing key with resource version set to 0, match=NotOlderThan', prefix: '/first/', rv: () => '0', match: 'NotOlderThan', alternatives: (s) => [[], [s.U]] },
  { name: 'test List on existing key with resource version set to 0, match=Invalid', prefix: '/first/', rv: () => '0', match: 'Invalid', error: 'BadRequest' },
  { name: 'test List on existing key with resource version set before first write, match=NotOlderThan', prefix: '/first/', rv: (s) => String(s.initialRV), match: 'NotOlderThan', alternatives: (s) => [[], [s.U]] },
  { name: 'test List on existing key with resource version set before first write, match=Invalid', prefix: '/first/', rv: (s) => String(s.initialRV), match: 'Invalid', error: 'BadRequest' },
  { name: 'test List on existing key with resource version set to current resource version', prefix: '/first/', rv: (s) => String(s.listRV), expected: (s) => [s.U], minRV: (s) => s.listRV },
  { name: 'test List on existing key with resource version set to current resource version, match=Exact', prefix: '/first/', rv: (s) => String(s.listRV), match: 'Exact', expected: (s) => [s.U], expectRV: (s) => s.listRV },
  { name: 'test List on existing key with resource version set to current resource version, match=NotOlderThan', prefix: '/first/', rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.U], minRV: (s) => s.listRV },
  { name: 'test List on non-existing key', prefix: '/non-existing/', expected: () => [] },
  { name: 'test List with pod name matching', prefix: '/first/', pred: () => pred({ field: 'metadata.name!=bar' }), expected: () => [] },
  { name: 'test List with pod name matching with resource version set to current resource version, match=NotOlderThan', prefix: '/first/', pred: () => pred({ field: 'metadata.name!=bar' }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: () => [] },
  { name: 'test List with limit', prefix: '/second/', pred: () => pred({ limit: 1 }), expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, minRV: (s) => s.currentRV },
  { name: 'test List with limit at current resource version', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: (s) => String(s.listRV), expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, expectRV: (s) => s.listRV },
  { name: 'test List with limit at current resource version and match=Exact', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: (s) => String(s.listRV), match: 'Exact', expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, expectRV: (s) => s.listRV },
  { name: 'test List with limit at current resource version and match=NotOlderThan', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, minRV: (s) => s.listRV },
  { name: 'test List with limit at resource version 0', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: () => '0', expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, minRV: (s) => s.listRV, cacheListsAll: (s) => [s.P[1]!, s.P[2]!] },
  { name: 'test List with limit at resource version 0 match=NotOlderThan', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: () => '0', match: 'NotOlderThan', expected: (s) => [s.P[1]!], cont: 'bar\0', remaining: 1, minRV: (s) => s.listRV, cacheListsAll: (s) => [s.P[1]!, s.P[2]!] },
  { name: 'test List with limit at resource version before created and match=Exact', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: (s) => rvs(s.P[0]!), match: 'Exact', expected: () => [], expectRV: (s) => rvOf(s.P[0]!) },
  { name: 'test List with limit at resource version after created and match=Exact', prefix: '/second/', pred: () => pred({ limit: 1 }), rv: (s) => rvs(s.P[1]!), match: 'Exact', expected: (s) => [s.P[1]!], expectRV: (s) => rvOf(s.P[1]!) },
  { name: 'test List with pregenerated continue token', prefix: '/second/', pred: (s) => cont('foo', s.listRV, 1), expected: (s) => [s.P[2]!], expectRV: (s) => s.listRV },
  { name: 'ignores resource version 0 for List with pregenerated continue token', prefix: '/second/', rv: () => '0', pred: (s) => cont('foo', s.listRV, 1), expected: (s) => [s.P[2]!], expectRV: (s) => s.listRV },
  { name: 'test List with multiple levels of directories and expect flattened result', prefix: '/second/', expected: (s) => [s.P[1]!, s.P[2]!] },
  { name: 'test List with multiple levels of directories and expect flattened result with current resource version and match=NotOlderThan', prefix: '/second/', rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[1]!, s.P[2]!] },
  { name: 'test List with filter returning only one item, ensure only a single page returned', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 1 }), expected: (s) => [s.P[3]!], cont: 'third/barfoo\0' },
  { name: 'test List with filter returning only one item, ensure only a single page returned with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 1 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[3]!], cont: 'third/barfoo\0', minRV: (s) => s.listRV },
  { name: 'test List with filter returning only one item, covers the entire list', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 2 }), expected: (s) => [s.P[3]!] },
  { name: 'test List with filter returning only one item, covers the entire list with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 2 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[3]!], minRV: (s) => s.listRV },
  { name: 'test List with filter returning only one item, covers the entire list, with resource version 0', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 2 }), rv: () => '0', alternatives: (s) => [[], [s.P[3]!]] },
  { name: 'test List with filter returning two items, more pages possible', prefix: '/', pred: () => pred({ field: name('bar'), limit: 2 }), expected: (s) => [s.U, s.P[1]!], cont: 'second/bar\0' },
  { name: 'test List with filter returning two items, more pages possible with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('bar'), limit: 2 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.U, s.P[1]!], cont: 'second/bar\0' },
  { name: 'filter returns two items split across multiple pages', prefix: '/', pred: () => pred({ field: name('foo'), limit: 2 }), expected: (s) => [s.P[2]!, s.P[4]!] },
  { name: 'filter returns two items split across multiple pages with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('foo'), limit: 2 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[2]!, s.P[4]!] },
  { name: 'filter returns one item for last page, ends on last item, not full', prefix: '/', pred: (s) => ({ ...cont('third/barfoo', s.listRV, 2), ...pick(pred({ field: name('foo') })) }), expected: (s) => [s.P[4]!], expectRV: (s) => s.listRV },
  { name: 'filter returns one item for last page, starts on last item, full', prefix: '/', pred: (s) => ({ ...cont('third/barfoo', s.listRV, 1), ...pick(pred({ field: name('foo') })) }), expected: (s) => [s.P[4]!], expectRV: (s) => s.listRV },
  { name: 'filter returns one item for last page, starts on last item, partial page', prefix: '/', pred: (s) => ({ ...cont('third/barfoo', s.listRV, 2), ...pick(pred({ field: name('foo') })) }), expected: (s) => [s.P[4]!], expectRV: (s) => s.listRV },
  { name: 'filter returns two items, page size equal to total list size', prefix: '/', pred: () => pred({ field: name('foo'), limit: 5 }), expected: (s) => [s.P[2]!, s.P[4]!] },
  { name: 'filter returns two items, page size equal to total list size with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('foo'), limit: 5 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[2]!, s.P[4]!] },
  { name: 'filter returns one item, page size equal to total list size', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 5 }), expected: (s) => [s.P[3]!] },
  { name: 'filter returns one item, page size equal to total list size with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('barfoo'), limit: 5 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.P[3]!] },
  { name: 'list all items', prefix: '/', expected: (s) => [s.U, s.P[1]!, s.P[2]!, s.P[3]!, s.P[4]!], minRV: (s) => s.currentRV },
  { name: 'list all items with current resource version and match=NotOlderThan', prefix: '/', rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.U, s.P[1]!, s.P[2]!, s.P[3]!, s.P[4]!] },
  { name: 'verify list returns updated version of object; filter returns one item, page size equal to total list size with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: 'spec.nodeName=fakeNode', limit: 5 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: (s) => [s.U] },
  { name: 'verify list does not return deleted object; filter for deleted object, page size equal to total list size with current resource version and match=NotOlderThan', prefix: '/', pred: () => pred({ field: name('baz'), limit: 5 }), rv: (s) => String(s.listRV), match: 'NotOlderThan', expected: () => [] },
  { name: 'test consistent List', prefix: '/empty', rv: () => '', expected: () => [], minRV: (s) => s.currentRV },
  { name: 'test non-consistent List', prefix: '/empty', rv: () => '0', expected: () => [], minRV: (s) => s.initialRV },
  // match=Exact
  { name: 'test List with resource version set before first write, match=Exact', prefix: '/', rv: (s) => String(s.initialRV), match: 'Exact', error: 'TooOld' },
  ...['first', 'second', 'third', 'fourth', 'fifth', 'six'].map(
    (nth, i): ListCase => ({
      name: `test List with resource version of ${nth} write, match=Exact`,
      prefix: '/',
      rv: (s) => rvs(s.P[i]!),
      match: 'Exact',
      expected: (s) => byKey(s.P.slice(0, i + 1)),
      expectRV: (s) => rvOf(s.P[i]!),
    }),
  ),
  { name: 'test List with resource version of seventh write, match=Exact', prefix: '/', rv: (s) => rvs(s.U), match: 'Exact', expected: (s) => byKey([s.U, ...s.P.slice(1)]), expectRV: (s) => rvOf(s.U) },
  { name: 'test List with resource version of eight write, match=Exact', prefix: '/', rv: (s) => String(s.listRV), match: 'Exact', expected: (s) => [s.U, ...s.P.slice(1, 5)], expectRV: (s) => s.listRV },
  { name: 'test List with resource version after writes, match=Exact', prefix: '/', rv: (s) => String(s.currentRV), match: 'Exact', expected: (s) => [s.U, ...s.P.slice(1, 5)], expectRV: (s) => s.currentRV },
  { name: 'test List with future resource version, match=Exact', prefix: '/', rv: (s) => String(s.currentRV + 1_000_000), match: 'Exact', error: 'TooLarge' },
  // limit, match=Exact
  { name: 'test List with limit, resource version of second write, match=Exact', prefix: '/', pred: () => pred({ limit: 1 }), rv: (s) => rvs(s.P[1]!), match: 'Exact', expected: (s) => [s.P[0]!], cont: 'first/bar\0', remaining: 1, expectRV: (s) => rvOf(s.P[1]!) },
  { name: 'test List with limit, resource version of third write, match=Exact', prefix: '/', pred: () => pred({ limit: 2 }), rv: (s) => rvs(s.P[2]!), match: 'Exact', expected: (s) => [s.P[0]!, s.P[1]!], cont: 'second/bar\0', remaining: 1, expectRV: (s) => rvOf(s.P[2]!) },
  { name: 'test List with limit, resource version of fourth write, match=Exact', prefix: '/', pred: () => pred({ limit: 4 }), rv: (s) => rvs(s.P[3]!), match: 'Exact', expected: (s) => s.P.slice(0, 4), expectRV: (s) => rvOf(s.P[3]!) },
  { name: 'test List with limit, resource version of fifth write, match=Exact', prefix: '/', pred: () => pred({ limit: 1 }), rv: (s) => rvs(s.P[4]!), match: 'Exact', expected: (s) => [s.P[0]!], cont: 'first/bar\0', remaining: 4, expectRV: (s) => rvOf(s.P[4]!) },
  { name: 'test List with limit, resource version of six write, match=Exact', prefix: '/', pred: () => pred({ limit: 2 }), rv: (s) => rvs(s.P[5]!), match: 'Exact', expected: (s) => [s.P[0]!, s.P[1]!], cont: 'second/bar\0', remaining: 4, expectRV: (s) => rvOf(s.P[5]!) },
  { name: 'test List with limit, resource version of seventh write, match=Exact', prefix: '/', pred: () => pred({ limit: 4 }), rv: (s) => rvs(s.U), match: 'Exact', expected: (s) => [s.U, s.P[1]!, s.P[5]!, s.P[2]!], cont: 'second/foo\0', remaining: 2, expectRV: (s) => rvOf(s.U) },
  { name: 'test List with limit, resource version of eight write, match=Exact', prefix: '/', pred: () => pred({ limit: 8 }), rv: (s) => String(s.listRV), match: 'Exact', expected: (s) => [s.U, ...s.P.slice(1, 5)], expectRV: (s) => s.listRV },
  { name: 'test List with limit, resource version after writes, match=Exact', prefix: '/', pred: () => pred({ limit: 1 }), rv: (s) => String(s.currentRV), match: 'Exact', expected: (s) => [s.U], cont: 'first/bar\0', remaining: 4, expectRV: (s) => s.currentRV },
  // Continue
  { name: 'test List with continue, resource version before first write', prefix: '/', pred: (s) => cont('first/bar\0', s.initialRV, 1), error: 'ContinueTooOld' },
  { name: 'test List with continue, resource version of first write', prefix: '/', pred: (s) => cont('first/bar\0', rvOf(s.P[0]!), 1), expected: () => [], expectRV: (s) => rvOf(s.P[0]!) },
  { name: 'test List with continue, resource version of second write', prefix: '/', pred: (s) => cont('first/bar\0', rvOf(s.P[1]!), 1), expected: (s) => [s.P[1]!], expectRV: (s) => rvOf(s.P[1]!) },
  { name: 'test List with continue, resource version of third write', prefix: '/', pred: (s) => cont('second/bar\0', rvOf(s.P[2]!), 2), expected: (s) => [s.P[2]!], expectRV: (s) => rvOf(s.P[2]!) },
  { name: 'test List with continue, resource version of fifth write', prefix: '/', pred: (s) => cont('first/bar\0', rvOf(s.P[4]!), 1), expected: (s) => [s.P[1]!], cont: 'second/bar\0', remaining: 3, expectRV: (s) => rvOf(s.P[4]!) },
  { name: 'test List with continue, resource version of six write', prefix: '/', pred: (s) => cont('second/bar\0', rvOf(s.P[5]!), 2), expected: (s) => [s.P[5]!, s.P[2]!], cont: 'second/foo\0', remaining: 2, expectRV: (s) => rvOf(s.P[5]!) },
  { name: 'test List with continue, resource version of seventh write', prefix: '/', pred: (s) => cont('second/foo\0', rvOf(s.U), 4), expected: (s) => [s.P[3]!, s.P[4]!], expectRV: (s) => rvOf(s.U) },
  { name: 'test List with continue, resource version after writes', prefix: '/', pred: (s) => cont('first/bar\0', s.currentRV, 1), expected: (s) => [s.P[1]!], cont: 'second/bar\0', remaining: 3, expectRV: (s) => s.currentRV },
  { name: 'test List with continue from second pod, negative resource version gives consistent read', prefix: '/', pred: () => cont('first/bar\0', -1), expected: (s) => s.P.slice(1, 5), minRV: (s) => s.currentRV },
  { name: 'test List with continue from second pod and limit, negative resource version gives consistent read', prefix: '/', pred: () => cont('first/bar\0', -1, 2), expected: (s) => [s.P[1]!, s.P[2]!], cont: 'second/foo\0', remaining: 2, minRV: (s) => s.currentRV },
  { name: 'test List with continue from third pod, negative resource version gives consistent read', prefix: '/', pred: () => cont('second/foo\0', -1), expected: (s) => [s.P[3]!, s.P[4]!], minRV: (s) => s.currentRV },
  { name: 'test List with continue from empty fails', prefix: '/', pred: (s) => cont('', s.listRV), error: 'BadRequest' },
  { name: 'test List with continue from first pod, empty resource version fails', prefix: '/', pred: () => cont('first/bar\0', 0), error: 'BadRequest' },
  { name: 'test List with negative rv fails', prefix: '/', rv: () => '-1', error: 'BadRequest' },
];

/** The selectors of a predicate, to merge into one that carries paging. */
function pick(p: SelectionPredicate): Pick<SelectionPredicate, 'label' | 'field' | 'getAttrs'> {
  return { label: p.label, field: p.field, getAttrs: p.getAttrs };
}

/** Checks a list's items, continue token, remaining count and resourceVersion against a case. */
function expectList(out: KubeList, s: ListState, tc: Pick<ListCase, 'expected' | 'alternatives' | 'cont' | 'anyContinue' | 'remaining' | 'expectRV' | 'minRV'>): void {
  if (tc.alternatives) expect(tc.alternatives(s)).toContainEqual(out.items);
  else expect(out.items).toEqual(byKey(tc.expected!(s)));
  const listRV = rvOf(out);
  if (tc.cont !== undefined || tc.anyContinue) {
    expect(out.metadata.continue, 'a continue token').toBeTruthy();
    const token = readContinue(out.metadata.continue!);
    expect(token.rv, 'the token carries the list revision').toBe(listRV);
    if (tc.cont !== undefined) expect(token.rel).toBe(tc.cont);
  } else {
    expect(out.metadata.continue, 'no continue token').toBeUndefined();
  }
  expect(out.metadata.remainingItemCount).toBe(tc.remaining);
  if (tc.expectRV) expect(listRV).toBe(tc.expectRV(s));
  if (tc.minRV) expect(listRV).toBeGreaterThanOrEqual(tc.minRV(s));
}

export function runListTests(t: StoreTest): void {
  describe('List', () => {
    const setup = async (): Promise<ListState> => {
      const seed = await seedMultiLevelData(t);
      const listRV = rvOf(await t.store.getList(`${t.r}/second`, { recursive: true }));
      await t.compact(rvOf(seed.P[0]!));
      const currentRV = await t.increaseRV();
      return { ...seed, listRV, currentRV };
    };
    for (const tc of listCases) {
      it(tc.name, async () => {
        const s = await setup();
        const opts: ListOptions = { recursive: true, predicate: tc.pred?.(s) ?? pred(), resourceVersion: tc.rv?.(s) ?? '' };
        if (tc.match !== undefined) opts.resourceVersionMatch = tc.match as ResourceVersionMatch;
        const res = t.store.getList(`${t.r}${tc.prefix}`, opts);
        if (t.caps.watchCache && tc.cacheListsAll) {
          // One page with every item, from a state that may predate the list at listRV.
          const out = await res;
          expect(out.metadata.continue, 'no continue token').toBeUndefined();
          expect(out.metadata.remainingItemCount).toBeUndefined();
          if (rvOf(out) >= s.listRV) expect(out.items).toEqual(byKey(tc.cacheListsAll(s)));
          return;
        }
        if (tc.error === undefined) return expectList(await res, s, tc);
        const err = await thrown(() => res);
        if (tc.error === 'BadRequest') expectStatus(err, 400, 'BadRequest');
        else if (tc.error === 'TooLarge') expectTooLargeResourceVersion(err);
        else expect(expectStatus(err, 410, 'Expired').message).toContain(tc.error === 'TooOld' ? tooOldList : continueTooOld);
      });
    }
  });

  describe('ConsistentList', () => {
    it('a list without resourceVersion (and a negative continue revision) reads the latest revision', async () => {
      const created = await t.store.create(podKey(t.r, pod('foo', 'default')), pod('foo', 'default'));
      let consistentRV = await t.increaseRV();
      expect(consistentRV).toBeGreaterThan(rvOf(created));
      const requests: [string, ListOptions][] = [
        ['Non-consistent list before consistent read', { resourceVersion: '0' }],
        ['LIST without RV returns consistent RV', { resourceVersion: '' }],
        ['List with negative continue RV returns consistent RV', { predicate: pred({ continue: continueToken('a', -1) }) }],
        ['Non-consistent request after consistent read', { resourceVersion: '0' }],
      ];
      for (const [what, opts] of requests) {
        const out = await t.store.getList(`${t.r}/empty`, { recursive: true, ...opts });
        const after = await t.kv.currentRevision();
        expect(rvOf(out), what).toBeLessThanOrEqual(after);
        // A watch cache may serve resourceVersion 0 from a state older than the last write.
        if (t.caps.watchCache && opts.resourceVersion === '0') {
          consistentRV = await t.increaseRV();
          continue;
        }
        // Consistent reads (and, without a cache, every read) are at the store's latest revision.
        expect(rvOf(out), what).toBeGreaterThanOrEqual(consistentRV);
        consistentRV = await t.increaseRV();
      }
    });
  });

  describe('GetListNonRecursive', () => {
    const setup = async () => {
      const { key, stored: prev } = await (async () => {
        const obj = pod('foo', 'test-ns');
        return { key: podKey(t.r, obj), stored: await t.store.create(podKey(t.r, obj), obj) };
      })();
      const stored = await t.store.guaranteedUpdate(key, {
        tryUpdate: () => ({ ...prev, metadata: { ...prev.metadata, annotations: { version: 'second' } } }),
      });
      await t.increaseRV();
      return { key, prev, stored };
    };
    type S = Awaited<ReturnType<typeof setup>>;
    const notName = (s: S) => pred({ field: `metadata.name!=${s.stored.metadata!.name}` });
    const cases: { name: string; key?: (s: S) => string; pred?: (s: S) => SelectionPredicate; rv?: (s: S) => string; match?: ResourceVersionMatch; expected?: (s: S) => KubeObject[]; alternatives?: (s: S) => KubeObject[][]; tooLarge?: boolean }[] = [
      { name: 'existing key', expected: (s) => [s.stored] },
      { name: 'existing key, resourceVersion=0', rv: () => '0', alternatives: (s) => [[], [s.prev], [s.stored]] },
      { name: 'existing key, resourceVersion=0, resourceVersionMatch=notOlderThan', rv: () => '0', match: 'NotOlderThan', alternatives: (s) => [[], [s.prev], [s.stored]] },
      { name: 'existing key, resourceVersion=current', rv: (s) => rvs(s.stored), expected: (s) => [s.stored] },
      { name: 'existing key, resourceVersion=current, resourceVersionMatch=notOlderThan', rv: (s) => rvs(s.stored), match: 'NotOlderThan', expected: (s) => [s.stored] },
      { name: 'existing key, resourceVersion=previous, resourceVersionMatch=notOlderThan', rv: (s) => rvs(s.prev), match: 'NotOlderThan', alternatives: (s) => [[s.prev], [s.stored]] },
      { name: 'existing key, resourceVersion=current, resourceVersionMatch=exact', rv: (s) => rvs(s.stored), match: 'Exact', expected: (s) => [s.stored] },
      { name: 'existing key, resourceVersion=previous, resourceVersionMatch=exact', rv: (s) => rvs(s.prev), match: 'Exact', expected: (s) => [s.prev] },
      { name: 'existing key, resourceVersion=too high', rv: () => String(Number.MAX_SAFE_INTEGER), tooLarge: true },
      { name: 'non-existing key', key: () => `${t.r}/non-existing`, expected: () => [] },
      { name: 'with matching pod name', key: () => `${t.r}/non-existing`, pred: notName, expected: () => [] },
      { name: 'existing key, resourceVersion=current, with not matching pod name', pred: notName, rv: (s) => rvs(s.stored), expected: () => [] },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const s = await setup();
        const opts: ListOptions = { recursive: false, predicate: tc.pred?.(s) ?? pred(), resourceVersion: tc.rv?.(s) ?? '' };
        if (tc.match) opts.resourceVersionMatch = tc.match;
        const res = t.store.getList(tc.key?.(s) ?? s.key, opts);
        if (tc.tooLarge) return expectTooLargeResourceVersion(await thrown(() => res));
        const out = await res;
        rvOf(out);
        if (tc.alternatives) expect(tc.alternatives(s)).toContainEqual(out.items);
        else expect(out.items).toEqual(tc.expected!(s));
      });
    }
  });

  describe('GetListRecursivePrefix', () => {
    const cases: { name: string; key: (r: string) => string; recursive: boolean; expected: (o: KubeObject[]) => KubeObject[] }[] = [
      { name: "NonRecursive on resource prefix doesn't return any objects", key: (r) => `${r}/`, recursive: false, expected: () => [] },
      { name: 'Recursive on resource prefix returns all objects', key: (r) => `${r}/`, recursive: true, expected: (o) => o },
      { name: "NonRecursive on namespace prefix doesn't return any objects", key: (r) => `${r}/test-ns/`, recursive: false, expected: () => [] },
      { name: 'Recursive on resource prefix returns objects in the namespace', key: (r) => `${r}/test-ns/`, recursive: true, expected: (o) => [o[0]!, o[1]!] },
      { name: 'NonRecursive on object key (prefix) returns object and no other objects with the same prefix', key: (r) => `${r}/test-ns/foo`, recursive: false, expected: (o) => [o[0]!] },
      { name: "Recursive on object key (prefix) doesn't return anything", key: (r) => `${r}/test-ns/foo`, recursive: true, expected: () => [] },
      { name: 'NonRecursive on object key (no-prefix) return object', key: (r) => `${r}/test-ns/foobar`, recursive: false, expected: (o) => [o[1]!] },
      { name: "Recursive on object key (no-prefix) doesn't return anything", key: (r) => `${r}/test-ns/foobar`, recursive: true, expected: () => [] },
    ];
    for (const listType of ['Exact', 'Consistent', 'NotOlderThan'] as const) {
      it(listType, async () => {
        const objs: KubeObject[] = [];
        for (const o of [pod('foo', 'test-ns'), pod('foobar', 'test-ns'), pod('baz', 'test-ns2')]) objs.push(await t.store.create(podKey(t.r, o), o));
        const lastRev = rvs(objs[2]!);
        // Upstream lists Exact first, which makes a watch cache catch up before the "0" list.
        if (t.caps.watchCache) await t.store.getList(`${t.r}/`, { recursive: true, resourceVersion: lastRev, resourceVersionMatch: 'NotOlderThan' });
        for (const tc of cases) {
          const opts: ListOptions = { recursive: tc.recursive, predicate: pred() };
          if (listType === 'Exact') Object.assign(opts, { resourceVersion: lastRev, resourceVersionMatch: 'Exact' });
          if (listType === 'NotOlderThan') Object.assign(opts, { resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' });
          const out = await t.store.getList(tc.key(t.r), opts);
          expect(out.items, tc.name).toEqual(tc.expected(objs));
        }
      });
    }
  });

  const pageOf = (limit: number, cont?: string, field?: string) => pred({ limit, ...(cont === undefined ? {} : { continue: cont }), ...(field === undefined ? {} : { field }) });

  describe('ListContinuation', () => {
    it('pages through with limit and continue at the first page revision', async () => {
      const P: KubeObject[] = [];
      for (const o of [pod('bar', 'first'), pod('bar', 'second'), pod('foo', 'second')]) P.push(await t.store.create(podKey(t.r, o), o));
      const currentRV = rvOf(P[2]!);
      const list = (predicate: SelectionPredicate) => t.store.getList(`${t.r}/`, { recursive: true, resourceVersion: '', predicate });

      const first = await list(pageOf(1));
      expect(first.items).toEqual([P[0]]);
      expect(first.metadata.continue).toBeTruthy();
      expect(rvOf(first)).toBeGreaterThanOrEqual(currentRV);
      const rv = rvOf(first);
      const fromSecond = first.metadata.continue!;

      const rest = await list(pageOf(0, fromSecond));
      expect(rest.items).toEqual([P[1], P[2]]);
      expect(rest.metadata.continue).toBeUndefined();
      expect(rvOf(rest)).toBe(rv);

      const second = await list(pageOf(1, fromSecond));
      expect(second.items).toEqual([P[1]]);
      expect(second.metadata.continue).toBeTruthy();
      expect(rvOf(second)).toBe(rv);

      const third = await list(pageOf(1, second.metadata.continue));
      expect(third.items).toEqual([P[2]]);
      expect(third.metadata.continue).toBeUndefined();
      expect(rvOf(third)).toBe(rv);
    });
  });

  describe('ListPaginationRareObject', () => {
    it('finds the one match among 1000 objects in a single page', async () => {
      const pods: KubeObject[] = [];
      for (let start = 0; start < 1000; start += 100) {
        const batch = Array.from({ length: 100 }, (_, i) => pod(`pod-${start + i}`));
        pods.push(...(await Promise.all(batch.map((o) => t.store.create(podKey(t.r, o), o)))));
      }
      const out = await t.store.getList(`${t.r}/`, { recursive: true, predicate: pageOf(1, undefined, name('pod-999')) });
      expect(out.metadata.continue).toBeUndefined();
      expect(out.items).toEqual([pods[999]]);
    });
  });

  describe('ListContinuationWithFilter', () => {
    it('fills a page across filtered-out objects and continues after the last one read', async () => {
      const P: KubeObject[] = [];
      for (const o of [pod('foo', '1'), pod('bar', '2'), pod('foo', '3'), pod('foo', '4')]) P.push(await t.store.create(podKey(t.r, o), o));
      const list = (c?: string) => t.store.getList(`${t.r}/`, { recursive: true, resourceVersion: '', predicate: pageOf(2, c, 'metadata.name!=bar') });
      const first = await list();
      expect(first.items).toEqual([P[0], P[2]]);
      expect(first.metadata.continue).toBeTruthy();
      expect(first.metadata.remainingItemCount, 'no count when a selector filters').toBeUndefined();
      expect(rvOf(first)).toBeGreaterThanOrEqual(rvOf(P[3]!));
      const second = await list(first.metadata.continue);
      expect(second.items).toEqual([P[3]]);
      expect(second.metadata.continue).toBeUndefined();
      expect(rvOf(second)).toBe(rvOf(first));
    });
  });

  describe('ListInconsistentContinuation', () => {
    it('a continue token older than the compaction is a 410 that offers an inconsistent token', async () => {
      const objs = [pod('bar', 'first'), pod('bar', 'second'), pod('foo', 'second')];
      const P: KubeObject[] = [];
      for (const o of objs) P.push(await t.store.create(podKey(t.r, o), o));
      // A watch cache does not page at resourceVersion 0: read the latest state instead.
      const rv0 = t.caps.watchCache ? '' : '0';
      const list = (predicate: SelectionPredicate) => t.store.getList(`${t.r}/`, { recursive: true, resourceVersion: rv0, predicate });

      const first = await list(pageOf(1));
      expect(first.items).toEqual([P[0]]);
      const fromSecond = first.metadata.continue!;
      expect(fromSecond).toBeTruthy();

      // kube's newPod has no namespace; it is stored at second/foo, so it gets that namespace here
      // (a watch cache keys objects by namespace and name, as the registry stores them).
      const newPod = pod('foo', 'second', { metadata: { labels: { state: 'new' } } });
      P[2] = await t.store.guaranteedUpdate(podKey(t.r, objs[2]!), { tryUpdate: () => structuredClone(newPod), cachedExistingObject: newPod });
      const lastRV = rvOf(P[2]!);
      await t.compact(lastRV);

      const status = expectStatus(await thrown(() => list(pageOf(0, fromSecond))), 410, 'Expired');
      expect(status.message).toContain(`${continueTooOld}. You can start a new list without the continue parameter, or use the continue token in this response`);
      const inconsistent = status.metadata.continue!;
      expect(inconsistent).toBeTruthy();

      const second = await list(pageOf(1, inconsistent));
      expect(second.items).toEqual([P[1]]);
      expect(second.metadata.continue).toBeTruthy();
      expect(rvOf(second)).toBeGreaterThanOrEqual(lastRV);
      const third = await list(pageOf(1, second.metadata.continue));
      expect(third.items).toEqual([P[2]]);
      expect(third.metadata.continue).toBeUndefined();
      expect(rvOf(third)).toBe(rvOf(second));
    });
  });

  describe('ListResourceVersionMatch', () => {
    it('a list at its own resourceVersion with match=Exact is the same list, whatever was written since', async () => {
      let n = 0;
      const createPods = async (count: number) => {
        for (let i = 0; i < count; i++) {
          n++;
          const o = pod(`pod-${n}`, undefined, { metadata: { labels: { even: String(n % 2 === 0) } } });
          await t.store.create(podKey(t.r, o), o);
        }
      };
      // kube creates objects while the list reads (a reproducing transformer); we write between the lists.
      await createPods(10);
      const predicate = pred({ label: 'even=true', limit: 4 });
      const list = (opts: Partial<ListOptions>) => t.store.getList(`${t.r}/`, { recursive: true, predicate, ...opts });
      const result1 = await list({});
      expect(result1.items).toHaveLength(4);
      expect(result1.metadata.continue).toBeTruthy();
      await createPods(3);
      expect(await list({ resourceVersion: result1.metadata.resourceVersion!, resourceVersionMatch: 'Exact' })).toEqual(result1);
      const result3 = await list({ resourceVersion: result1.metadata.resourceVersion!, resourceVersionMatch: 'NotOlderThan' });
      await createPods(3);
      expect(await list({ resourceVersion: result3.metadata.resourceVersion!, resourceVersionMatch: 'Exact' })).toEqual(result3);
    });
  });

  describe('ListPaging', () => {
    it('pages of one see the state of the first page, not a later create', async () => {
      for (let i = 0; i < 4; i++) await t.store.create(podKey(t.r, pod(`test-${i}`, 'paging')), pod(`test-${i}`, 'paging'));
      const names: string[] = [];
      let calls = 0;
      let c: string | undefined;
      for (;;) {
        calls++;
        const out = await t.store.getList(`${t.r}/`, { recursive: true, predicate: pageOf(1, c) });
        names.push(...out.items.map((o) => o.metadata!.name!));
        if (!out.metadata.continue) break;
        if (calls === 2) await t.store.create(podKey(t.r, pod('test-5', 'paging')), pod('test-5', 'paging'));
        c = out.metadata.continue;
        expect(calls, 'paging ends').toBeLessThan(10);
      }
      expect(calls).toBe(4);
      expect(names).toEqual(['test-0', 'test-1', 'test-2', 'test-3']);
    });
  });

  describe('NamespaceScopedList', () => {
    const cases: { name: string; ns?: string; field: string; input: KubeObject[]; expected: KubeObject[] }[] = [
      { name: 'request without namespace, without field selector', field: '', input: [pod('foo1', 'ns1'), pod('foo2', 'ns2')], expected: [pod('foo1', 'ns1'), pod('foo2', 'ns2')] },
      { name: 'request without namespace, field selector with metadata.namespace', field: 'metadata.namespace=ns1', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2')], expected: [pod('foo1', 'ns1')] },
      { name: 'request without namespace, field selector with spec.nodename', field: 'spec.nodeName=bar1', input: [assignedPod('foo1', 'ns1', 'bar1'), assignedPod('foo2', 'ns2', 'bar2')], expected: [assignedPod('foo1', 'ns1', 'bar1')] },
      { name: 'request without namespace, field selector with spec.nodename to filter out', field: 'spec.nodeName!=bar1', input: [assignedPod('foo1', 'ns1', 'bar1'), assignedPod('foo2', 'ns2', 'bar2')], expected: [assignedPod('foo2', 'ns2', 'bar2')] },
      { name: 'request with namespace, without field selector', ns: 'ns1', field: '', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2'), pod('foo2', 'ns1')], expected: [pod('foo1', 'ns1'), pod('foo2', 'ns1')] },
      { name: 'request with namespace, field selector with matched metadata.namespace', ns: 'ns1', field: 'metadata.namespace=ns1', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2')], expected: [pod('foo1', 'ns1')] },
      { name: 'request with namespace, field selector with non-matched metadata.namespace', ns: 'ns1', field: 'metadata.namespace=ns2', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2'), updatedPod('foo2', 'ns1'), updatedPod('foo2', 'ns2')], expected: [] },
      { name: 'request with namespace, field selector with spec.nodename', ns: 'ns1', field: 'spec.nodeName=bar2', input: [assignedPod('foo1', 'ns1', 'bar1'), assignedPod('foo1', 'ns2', 'bar2'), assignedPod('foo2', 'ns1', 'bar2')], expected: [assignedPod('foo2', 'ns1', 'bar2')] },
      { name: 'request with namespace, field selector with spec.nodename to filter out', ns: 'ns2', field: 'spec.nodeName!=bar1', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2'), assignedPod('foo3', 'ns2', 'bar1'), assignedPod('foo2', 'ns2', 'bar2')], expected: [pod('foo1', 'ns2'), assignedPod('foo2', 'ns2', 'bar2')] },
      { name: 'request without namespace, field selector with metadata.name', field: 'metadata.name=foo1', input: [pod('foo1', 'ns1'), pod('foo1', 'ns2'), pod('foo2', 'ns1')], expected: [pod('foo1', 'ns1'), pod('foo1', 'ns2')] },
      { name: 'request without namespace, field selector with metadata.name and metadata.namespace', field: 'metadata.name=foo1,metadata.namespace=ns1', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), pod('foo1', 'ns2')], expected: [pod('foo1', 'ns1')] },
      { name: 'request without namespace, field selector with metadata.name and spec.nodeName', field: 'metadata.name=foo1,spec.nodeName=bar1', input: [assignedPod('foo1', 'ns1', 'bar1')], expected: [assignedPod('foo1', 'ns1', 'bar1')] },
      { name: 'request without namespace, field selector with metadata.name, and with spec.nodeName to filter out watch', field: 'spec.nodeName!=bar1,metadata.name=foo1', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), assignedPod('foo1', 'ns2', 'bar1'), assignedPod('foo2', 'ns2', 'bar1'), assignedPod('foo1', 'ns3', 'bar2'), assignedPod('foo2', 'ns3', 'bar2')], expected: [pod('foo1', 'ns1'), assignedPod('foo1', 'ns3', 'bar2')] },
      { name: 'request with namespace, with field selector metadata.name', ns: 'ns1', field: 'metadata.name=foo1', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), pod('foo1', 'ns2'), pod('foo2', 'ns2')], expected: [pod('foo1', 'ns1')] },
      { name: 'request with namespace, with field selector metadata.name and metadata.namespace', ns: 'ns1', field: 'metadata.name=foo1,metadata.namespace=ns1', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), pod('foo1', 'ns2'), pod('foo2', 'ns2')], expected: [pod('foo1', 'ns1')] },
      { name: 'request with namespace, with field selector metadata.name, metadata.namespace and spec.nodename', ns: 'ns2', field: 'metadata.name=foo2,metadata.namespace=ns2,spec.nodeName=bar1', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), pod('foo1', 'ns2'), assignedPod('foo2', 'ns2', 'bar1'), assignedPod('foo1', 'ns3', 'bar1'), assignedPod('foo2', 'ns3', 'bar1')], expected: [assignedPod('foo2', 'ns2', 'bar1')] },
      { name: 'request with namespace, with field selector metadata.name, metadata.namespace, and with spec.nodename to filter out', ns: 'ns2', field: 'spec.nodeName!=bar2,metadata.name=foo1,metadata.namespace=ns2', input: [pod('foo1', 'ns1'), pod('foo2', 'ns1'), assignedPod('foo1', 'ns2', 'bar1'), assignedPod('foo2', 'ns2', 'bar2'), assignedPod('foo1', 'ns3', 'bar2')], expected: [assignedPod('foo1', 'ns2', 'bar1')] },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        for (const o of tc.input) await t.store.create(podKey(t.r, o), o);
        const key = tc.ns ? `${t.r}/${tc.ns}` : `${t.r}/`;
        const out = await t.store.getList(key, { recursive: true, resourceVersion: '', predicate: pred({ field: tc.field }) });
        expect(out.items.map(withoutRV)).toEqual(byKey(tc.expected));
      });
    }
  });
}
