// Behaviour of k8s.io/apiserver/pkg/storage/testing/watcher_tests.go (v1.36): the Store conformance suite, watch cases.
import { describe, expect, it } from 'vitest';
import type { KubeObject, Status, WatchEvent, WatchEventType, Watcher } from '@kapi/apimachinery';
import type { SelectionPredicate } from '../predicate.ts';
import { isCorruptObj, isInternalError, isNotFound } from '../errors.ts';
import {
  assignedPod,
  failingTransformer,
  pathPrefix,
  pod,
  podKey,
  pred,
  propagate,
  readWatch,
  rvOf,
  thrown,
  updatedPod,
  withRV,
  type StoreTest,
  type WatchReader,
} from './store-suite-helpers.ts';

/** One write of a watch table: the object to store (undefined: delete it) and the event it must cause. */
type Step = [obj: KubeObject | undefined, expect?: WatchEventType];

/** Writes steps through GuaranteedUpdate/Delete and checks the events a watch sees, like kube's watch tables. */
async function runSteps(t: StoreTest, w: WatchReader, steps: Step[]): Promise<void> {
  const current = new Map<string, KubeObject>();
  for (const [obj, type] of steps) {
    const key = obj ? podKey(t.r, obj) : [...current.keys()].at(-1)!;
    const out = obj
      ? await t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => structuredClone(obj) })
      : await t.store.delete(key);
    // An object leaving the watch is reported in its last state at the revision that removed it.
    const expected = type === 'DELETED' ? withRV(current.get(key)!, rvOf(out)) : out;
    if (type === 'DELETED' || !obj) current.delete(key);
    else current.set(key, out);
    if (type) expect(await w.next(), `${type} for ${key}`).toEqual({ type, object: expected });
  }
  await w.none(50);
  w.stop();
  await w.end();
}

/** The names of the objects of a watch's events, until it ends or `max` arrived (fails after 10 s of silence). */
async function readUntilEnd(w: Watcher, max: number): Promise<string[]> {
  const it = w[Symbol.asyncIterator]();
  const names: string[] = [];
  while (names.length < max) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const res = await Promise.race([it.next(), new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), 10_000)))]);
    clearTimeout(timer);
    if (res === 'timeout') throw new Error(`the watch neither sent an event nor ended within 10 s (after ${names.length})`);
    if (res.done) break;
    names.push((res.value.object as KubeObject).metadata?.name ?? '');
  }
  return names;
}

export function runWatchTests(t: StoreTest): void {
  describe('Watch', () => {
    const selected = (obj: KubeObject): KubeObject => ({ ...obj, metadata: { ...obj.metadata, labels: { select: 'true' } } });
    const cases: { name: string; pred: SelectionPredicate; steps: (ns: string) => Step[] }[] = [
      { name: 'create a key', pred: pred(), steps: (ns) => [[pod('foo', ns), 'ADDED']] },
      { name: 'key updated to match predicate', pred: pred({ field: 'spec.nodeName=bar' }), steps: (ns) => [[pod('foo', ns)], [assignedPod('foo', ns, 'bar'), 'ADDED']] },
      { name: 'update', pred: pred(), steps: (ns) => [[pod('foo', ns), 'ADDED'], [assignedPod('foo', ns, 'bar'), 'MODIFIED']] },
      { name: 'delete because of being filtered', pred: pred({ field: 'spec.nodeName!=bar' }), steps: (ns) => [[pod('foo', ns), 'ADDED'], [assignedPod('foo', ns, 'bar'), 'DELETED']] },
      {
        name: 'filtering',
        pred: pred({ label: 'select=true' }),
        steps: (ns) => [
          [selected(pod('foo', ns)), 'ADDED'],
          [pod('foo', ns), 'DELETED'],
          [selected(pod('foo', ns)), 'ADDED'],
          [selected(assignedPod('foo', ns, 'bar')), 'MODIFIED'],
          [undefined, 'DELETED'],
        ],
      },
    ];
    for (const recursive of [false, true]) {
      cases.forEach((tc, i) => {
        it(`${tc.name} (recursive=${recursive})`, async () => {
          const ns = `test-ns-${i + 1}-${recursive}`;
          const key = `${t.r}/${ns}/foo`;
          const watchKey = recursive ? `${t.r}/${ns}` : key;
          const list = await t.store.getList(watchKey, { resourceVersion: '', predicate: tc.pred, recursive });
          const w = readWatch(await t.store.watch(watchKey, { resourceVersion: list.metadata.resourceVersion!, predicate: tc.pred, recursive }));
          // A write to another namespace first: its event must not reach this watch.
          const bad = pod('foo', `${ns}-bad`);
          await t.store.guaranteedUpdate(podKey(t.r, bad), { ignoreNotFound: true, tryUpdate: () => bad });
          await runSteps(t, w, tc.steps(ns));
        });
      });
    }
  });

  describe('WatchFromZero', () => {
    it('sends the current state as ADDED first; a compacted resourceVersion is an ERROR 410 that ends the watch', async () => {
      const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
      let w = readWatch(await t.store.watch(key, { resourceVersion: '0' }));
      expect(await w.next()).toEqual({ type: 'ADDED', object: stored });
      const out = await t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => pod('foo', 'test-ns', { metadata: { annotations: { a: '1' } } }) });
      expect(await w.next()).toEqual({ type: 'MODIFIED', object: out });
      w.stop();

      w = readWatch(await t.store.watch(key, { resourceVersion: '0' }));
      expect(await w.next()).toEqual({ type: 'ADDED', object: out });
      w.stop();

      const newOut = await t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => pod('foo', 'test-ns') });
      await t.compact(rvOf(newOut));
      w = readWatch(await t.store.watch(key, { resourceVersion: '0' }));
      expect(await w.next()).toEqual({ type: 'ADDED', object: newOut });
      w.stop();

      // kube watches from out's revision, whose successor is the compaction point itself (allowed by
      // etcd, then an event without prevKv); the creation's revision is cleanly below it.
      const tooOld = readWatch(await t.store.watch(key, { resourceVersion: stored.metadata!.resourceVersion! }));
      const ev = await tooOld.next();
      expect(ev.type).toBe('ERROR');
      // A watch cache answers from its window, which the compaction emptied through newOut (kube's cacher message).
      const message = t.caps.watchCache ? `too old resource version: ${rvOf(stored)} (${rvOf(newOut)})` : 'The resourceVersion for the provided watch is too old.';
      expect(ev.object).toMatchObject({ kind: 'Status', status: 'Failure', code: 410, reason: 'Expired', message });
      await tooOld.end();
    });
  });

  describe('DeleteTriggerWatch', () => {
    it('a delete is a DELETED event', async () => {
      const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
      const w = readWatch(await t.store.watch(key, { resourceVersion: stored.metadata!.resourceVersion! }));
      await t.store.delete(key);
      expect((await w.next()).type).toBe('DELETED');
      w.stop();
    });
  });

  describe('WatchFromNonZero', () => {
    it('sends the changes after the resourceVersion', async () => {
      const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
      const w = readWatch(await t.store.watch(key, { resourceVersion: stored.metadata!.resourceVersion! }));
      const out = await t.store.guaranteedUpdate(key, {
        ignoreNotFound: true,
        tryUpdate: () => ({ ...stored, metadata: { ...stored.metadata, annotations: { version: '2' } } }),
      });
      expect(await w.next()).toEqual({ type: 'MODIFIED', object: out });
      w.stop();
    });
  });

  describe('DelayedWatchDelivery', () => {
    it('keeps every event for a consumer that has not read yet, in order', async () => {
      const { stored } = await propagate(t, pod('foo', 'test-ns'));
      const watcher = await t.store.watch(`${t.r}/test-ns`, { resourceVersion: stored.metadata!.resourceVersion!, recursive: true });
      for (let i = 0; i < 21; i++) {
        const obj = pod(`foo-${i}`, 'test-ns');
        await t.store.guaranteedUpdate(podKey(t.r, obj), { ignoreNotFound: true, tryUpdate: () => obj });
      }
      const w = readWatch(watcher);
      if (t.caps.watchCache) {
        // A watch cache buffers a bounded number of events, then closes the watcher (kube: at least 10 arrive).
        const names = await readUntilEnd(watcher, 21);
        expect(names.length).toBeGreaterThanOrEqual(10);
        expect(names).toEqual(Array.from({ length: names.length }, (_, i) => `foo-${i}`));
        if (names.length < 21) return;
        w.stop();
        return w.end();
      }
      const events = await w.take(21);
      expect(events.map((e) => (e.object as KubeObject).metadata?.name)).toEqual(Array.from({ length: 21 }, (_, i) => `foo-${i}`));
      // Unlike kube's result channel, stop() discards what is buffered: the iteration ends at once.
      w.stop();
      await w.end();
    });
  });

  // A watch cache reads each value once, when it is written; making values unreadable under it does not apply.
  describe.skipIf(t.caps.watchCache === true)('WatchError', () => {
    it('a value the transformer cannot read is an ERROR event that ends the watch', async () => {
      const list = await t.store.getList(`${t.r}/`, { resourceVersion: '0', recursive: true });
      const key = podKey(t.r, pod('foo', 'test-ns'));
      await t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => pod('foo', 'test-ns') });
      const revert = t.updatePrefixTransformer(() => failingTransformer);
      try {
        const w = readWatch(await t.store.watch(key, { resourceVersion: list.metadata.resourceVersion! }));
        const ev = await w.next();
        expect(ev.type).toBe('ERROR');
        expect(ev.object).toMatchObject({ kind: 'Status', status: 'Failure', code: 500, reason: 'InternalError', message: 'Internal error occurred: failed transformation' });
        await w.end();
      } finally {
        revert();
      }
    });
  });

  // kube's TestWatchWithUnsafeDelete turns the AllowUnsafeMalformedObjectDeletion gate on: so does
  // this case, with a Store of its own over the same KV and transformers.
  describe.skipIf(t.caps.watchCache === true)('WatchWithUnsafeDelete', () => {
    it('a corrupt object is deleted only unsafely, and its watch ends with a StorageReadError', async () => {
      const store = t.unsafeDeletionStore();
      const obj = pod('foo', 'test-ns');
      const key = podKey(t.r, obj);
      const created = await store.create(key, obj);
      const revert = t.updatePrefixTransformer(() => failingTransformer);
      try {
        const w = readWatch(await store.watch(key, { resourceVersion: rvOf(created).toString() }));
        // What the registry checks before it allows an unsafe delete.
        expect(isCorruptObj(await thrown(() => store.get(key))), 'get reports a corrupt object').toBe(true);
        expect(isInternalError(await thrown(() => store.delete(key))), 'a normal delete fails').toBe(true);
        expect(isInternalError(await thrown(() => t.store.delete(key, { ignoreStoreReadError: true }))), 'without the gate the option is ignored').toBe(true);
        const withPreconditions = await thrown(() => store.delete(key, { ignoreStoreReadError: true, preconditions: { uid: 'a' } }));
        expect(isInternalError(withPreconditions), 'preconditions cannot be checked on an unread object').toBe(true);
        expect((await t.kv.range(`${pathPrefix}${key}`)).kvs).toHaveLength(1);

        expect(await store.delete(key, { ignoreStoreReadError: true })).toEqual({});
        expect((await t.kv.range(`${pathPrefix}${key}`)).kvs, 'the key is gone').toHaveLength(0);
        const ev = await w.next();
        expect(ev.type).toBe('ERROR');
        const status = ev.object as Status;
        expect(status).toMatchObject({ kind: 'Status', status: 'Failure', code: 500, reason: 'StorageReadError' });
        expect(status.message).toContain('saw a DELETED event, but object data is corrupt');
        await w.end();
        expect(isNotFound(await thrown(() => store.delete(key, { ignoreStoreReadError: true }))), 'a second unsafe delete finds nothing').toBe(true);
      } finally {
        revert();
      }
    });
  });

  // Optional upstream; every KV of ours sends progress notifications (the harness's KV must send them
  // well within the 10 s the case waits: etcd's test server every second).
  describe.skipIf(t.caps.watchCache === true)('ProgressNotify', () => {
    it('an idle watch with progressNotify gets a BOOKMARK with only a resourceVersion, not older than its start', async () => {
      const obj = pod('name', 'test-ns');
      const key = podKey(t.r, obj);
      const out = await t.store.create(key, obj);
      const w = readWatch(await t.store.watch(key, { resourceVersion: rvOf(out).toString(), progressNotify: true }));
      const ev = await w.next();
      expect(ev.type).toBe('BOOKMARK');
      const bookmark = ev.object as KubeObject;
      expect(rvOf(bookmark)).toBeGreaterThanOrEqual(rvOf(out));
      expect(bookmark).toEqual({ metadata: { resourceVersion: bookmark.metadata?.resourceVersion } });
      w.stop();
    });
  });

  describe('WatchContextCancel', () => {
    it('a watch stopped before it is read ends without events', async () => {
      const watcher = await t.store.watch(`${t.r}/not-existing`, { resourceVersion: '0' });
      watcher.stop();
      await readWatch(watcher).end();
      await watcher.closed;
    });
  });

  describe('WatcherTimeout', () => {
    it('watchers that never read do not hold back one that does', async () => {
      const list = await t.store.getList(`${t.r}/`, { recursive: true });
      const opts = { resourceVersion: list.metadata.resourceVersion!, recursive: true };
      const idle = await Promise.all(Array.from({ length: 50 }, () => t.store.watch(`${t.r}/test-ns`, opts)));
      const reading = readWatch(await t.store.watch(`${t.r}/test-ns`, opts));
      try {
        for (let i = 0; i < 22; i++) {
          const obj = pod(`foo-${i}`, 'test-ns');
          const out = await t.store.create(podKey(t.r, obj), obj);
          expect(await reading.next()).toEqual({ type: 'ADDED', object: out });
        }
      } finally {
        for (const w of idle) w.stop();
        reading.stop();
      }
    });
  });

  describe('WatchDeleteEventObjectHaveLatestRV', () => {
    it('the DELETED object carries the revision of the delete', async () => {
      const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
      const w = readWatch(await t.store.watch(key, { resourceVersion: stored.metadata!.resourceVersion! }));
      const deleted = await t.store.delete(key, { preconditions: {} });
      expect(rvOf(deleted)).toBeGreaterThan(rvOf(stored));
      expect(await w.next()).toEqual({ type: 'DELETED', object: deleted });
      w.stop();
    });
  });

  describe('ClusterScopedWatch', () => {
    const cases: { name: string; requestedName?: string; recursive: boolean; field: string; steps: Step[] }[] = [
      { name: 'cluster-wide watch, request without name, without field selector', recursive: true, field: '', steps: [[pod('t1-foo1'), 'ADDED'], [updatedPod('t1-foo1'), 'MODIFIED'], [assignedPod('t1-foo2', undefined, 't1-bar1'), 'ADDED']] },
      { name: 'cluster-wide watch, request without name, field selector with spec.nodeName', recursive: true, field: 'spec.nodeName=t2-bar1', steps: [[pod('t2-foo1')], [assignedPod('t2-foo1', undefined, 't2-bar1'), 'ADDED']] },
      { name: 'cluster-wide watch, request without name, field selector with spec.nodeName to filter out watch', recursive: true, field: 'spec.nodeName!=t3-bar1', steps: [[pod('t3-foo1'), 'ADDED'], [pod('t3-foo2'), 'ADDED'], [updatedPod('t3-foo1'), 'MODIFIED'], [assignedPod('t3-foo1', undefined, 't3-bar1'), 'DELETED']] },
      { name: 'cluster-wide watch, request with name, field selector with metadata.name', requestedName: 't4-foo1', recursive: false, field: 'metadata.name=t4-foo1', steps: [[pod('t4-foo1'), 'ADDED'], [pod('t4-foo2')], [updatedPod('t4-foo1'), 'MODIFIED'], [updatedPod('t4-foo2')]] },
      { name: 'cluster-wide watch, request with name, field selector with metadata.name and spec.nodeName', requestedName: 't5-foo1', recursive: false, field: 'metadata.name=t5-foo1,spec.nodeName=t5-bar1', steps: [[pod('t5-foo1')], [pod('t5-foo2')], [updatedPod('t5-foo1')], [updatedPod('t5-foo2')], [assignedPod('t5-foo1', undefined, 't5-bar1'), 'ADDED']] },
      { name: 'cluster-wide watch, request with name, field selector with metadata.name, and with spec.nodeName to filter out watch', requestedName: 't6-foo1', recursive: false, field: 'spec.nodeName!=t6-bar1,metadata.name=t6-foo1', steps: [[pod('t6-foo1'), 'ADDED'], [pod('t6-foo2')], [updatedPod('t6-foo1'), 'MODIFIED'], [assignedPod('t6-foo1', undefined, 't6-bar1'), 'DELETED'], [assignedPod('t6-foo2', undefined, 't6-bar1')]] },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const predicate = pred({ field: tc.field });
        const list = await t.store.getList(`${t.r}/`, { resourceVersion: '', predicate, recursive: true });
        const watchKey = `${t.r}/${tc.requestedName ?? ''}`;
        const w = readWatch(await t.store.watch(watchKey, { resourceVersion: list.metadata.resourceVersion!, predicate, recursive: tc.recursive }));
        await runSteps(t, w, tc.steps);
      });
    }
  });

  describe('NamespaceScopedWatch', () => {
    const p = pod;
    const u = updatedPod;
    const a = assignedPod;
    const cases: { name: string; requestedName?: string; requestedNamespace?: string; recursive: boolean; field: string; steps: Step[] }[] = [
      { name: 'namespaced watch, request without name, request without namespace, without field selector', recursive: true, field: '', steps: [[p('t1-foo1', 't1-ns1'), 'ADDED'], [p('t1-foo2', 't1-ns2'), 'ADDED'], [u('t1-foo1', 't1-ns1'), 'MODIFIED'], [u('t1-foo2', 't1-ns2'), 'MODIFIED']] },
      { name: 'namespaced watch, request without name, request without namespace, field selector with metadata.namespace', recursive: true, field: 'metadata.namespace=t2-ns1', steps: [[p('t2-foo1', 't2-ns1'), 'ADDED'], [p('t2-foo1', 't2-ns2')], [u('t2-foo1', 't2-ns1'), 'MODIFIED'], [u('t2-foo1', 't2-ns2')]] },
      { name: 'namespaced watch, request without name, request without namespace, field selector with spec.nodename', recursive: true, field: 'spec.nodeName=t3-bar1', steps: [[p('t3-foo1', 't3-ns1')], [p('t3-foo2', 't3-ns2')], [a('t3-foo1', 't3-ns1', 't3-bar1'), 'ADDED'], [a('t3-foo2', 't3-ns2', 't3-bar1'), 'ADDED']] },
      { name: 'namespaced watch, request without name, request without namespace, field selector with spec.nodename to filter out watch', recursive: true, field: 'spec.nodeName!=t4-bar1', steps: [[p('t4-foo1', 't4-ns1'), 'ADDED'], [p('t4-foo2', 't4-ns1'), 'ADDED'], [u('t4-foo1', 't4-ns1'), 'MODIFIED'], [a('t4-foo1', 't4-ns1', 't4-bar1'), 'DELETED']] },
      { name: 'namespaced watch, request without name, request with namespace, without field selector', requestedNamespace: 't5-ns1', recursive: true, field: '', steps: [[p('t5-foo1', 't5-ns1'), 'ADDED'], [p('t5-foo1', 't5-ns2')], [p('t5-foo2', 't5-ns1'), 'ADDED'], [u('t5-foo1', 't5-ns1'), 'MODIFIED'], [u('t5-foo1', 't5-ns2')]] },
      { name: 'namespaced watch, request without name, request with namespace, field selector with matched metadata.namespace', requestedNamespace: 't6-ns1', recursive: true, field: 'metadata.namespace=t6-ns1', steps: [[p('t6-foo1', 't6-ns1'), 'ADDED'], [p('t6-foo1', 't6-ns2')], [u('t6-foo1', 't6-ns1'), 'MODIFIED']] },
      { name: 'namespaced watch, request without name, request with namespace, field selector with non-matched metadata.namespace', requestedNamespace: 't7-ns1', recursive: true, field: 'metadata.namespace=t7-ns2', steps: [[p('t7-foo1', 't7-ns1')], [p('t7-foo1', 't7-ns2')], [u('t7-foo1', 't7-ns1')], [u('t7-foo1', 't7-ns2')]] },
      { name: 'namespaced watch, request without name, request with namespace, field selector with spec.nodename', requestedNamespace: 't8-ns1', recursive: true, field: 'spec.nodeName=t8-bar2', steps: [[p('t8-foo1', 't8-ns1')], [a('t8-foo1', 't8-ns1', 't8-bar1')], [a('t8-foo1', 't8-ns2', 't8-bar2')], [a('t8-foo1', 't8-ns1', 't8-bar2'), 'ADDED']] },
      { name: 'namespaced watch, request without name, request with namespace, field selector with spec.nodename to filter out watch', requestedNamespace: 't9-ns2', recursive: true, field: 'spec.nodeName!=t9-bar1', steps: [[p('t9-foo1', 't9-ns1')], [p('t9-foo1', 't9-ns2'), 'ADDED'], [a('t9-foo1', 't9-ns2', 't9-bar1'), 'DELETED'], [a('t9-foo1', 't9-ns2', 't9-bar2'), 'ADDED']] },
      { name: 'namespaced watch, request with name, request without namespace, field selector with metadata.name', requestedName: 't10-foo1', recursive: true, field: 'metadata.name=t10-foo1', steps: [[p('t10-foo1', 't10-ns1'), 'ADDED'], [p('t10-foo1', 't10-ns2'), 'ADDED'], [p('t10-foo2', 't10-ns1')], [u('t10-foo1', 't10-ns1'), 'MODIFIED'], [a('t10-foo1', 't10-ns1', 't10-bar1'), 'MODIFIED']] },
      { name: 'namespaced watch, request with name, request without namespace, field selector with metadata.name and metadata.namespace', requestedName: 't11-foo1', recursive: true, field: 'metadata.name=t11-foo1,metadata.namespace=t11-ns1', steps: [[p('t11-foo1', 't11-ns1'), 'ADDED'], [p('t11-foo2', 't11-ns1')], [p('t11-foo1', 't11-ns2')], [u('t11-foo1', 't11-ns1'), 'MODIFIED'], [a('t11-foo1', 't11-ns1', 't11-bar1'), 'MODIFIED']] },
      { name: 'namespaced watch, request with name, request without namespace, field selector with metadata.name and spec.nodeName', requestedName: 't12-foo1', recursive: true, field: 'metadata.name=t12-foo1,spec.nodeName=t12-bar1', steps: [[p('t12-foo1', 't12-ns1')], [u('t12-foo1', 't12-ns1')], [a('t12-foo1', 't12-ns1', 't12-bar1'), 'ADDED']] },
      { name: 'namespaced watch, request with name, request without namespace, field selector with metadata.name, and with spec.nodeName to filter out watch', requestedName: 't15-foo1', recursive: true, field: 'spec.nodeName!=t15-bar1,metadata.name=t15-foo1', steps: [[p('t15-foo1', 't15-ns1'), 'ADDED'], [p('t15-foo2', 't15-ns1')], [u('t15-foo1', 't15-ns1'), 'MODIFIED'], [a('t15-foo1', 't15-ns1', 't15-bar1'), 'DELETED'], [a('t15-foo1', 't15-ns1', 't15-bar2'), 'ADDED']] },
      { name: 'namespaced watch, request with name, request with namespace, with field selector metadata.name', requestedName: 't16-foo1', requestedNamespace: 't16-ns1', recursive: false, field: 'metadata.name=t16-foo1', steps: [[p('t16-foo1', 't16-ns1'), 'ADDED'], [p('t16-foo2', 't16-ns1')], [u('t16-foo1', 't16-ns1'), 'MODIFIED'], [a('t16-foo1', 't16-ns1', 't16-bar1'), 'MODIFIED']] },
      { name: 'namespaced watch, request with name, request with namespace, with field selector metadata.name and metadata.namespace', requestedName: 't17-foo2', requestedNamespace: 't17-ns1', recursive: false, field: 'metadata.name=t17-foo2,metadata.namespace=t17-ns1', steps: [[p('t17-foo1', 't17-ns1')], [p('t17-foo2', 't17-ns1'), 'ADDED'], [u('t17-foo1', 't17-ns1')], [a('t17-foo2', 't17-ns1', 't17-bar1'), 'MODIFIED']] },
      { name: 'namespaced watch, request with name, request with namespace, with field selector metadata.name, metadata.namespace and spec.nodename', requestedName: 't18-foo1', requestedNamespace: 't18-ns1', recursive: false, field: 'metadata.name=t18-foo1,metadata.namespace=t18-ns1,spec.nodeName=t18-bar1', steps: [[p('t18-foo1', 't18-ns1')], [p('t18-foo2', 't18-ns1')], [p('t18-foo1', 't18-ns2')], [u('t18-foo1', 't18-ns1')], [a('t18-foo1', 't18-ns1', 't18-bar1'), 'ADDED']] },
      { name: 'namespaced watch, request with name, request with namespace, with field selector metadata.name, metadata.namespace, and with spec.nodename to filter out watch', requestedName: 't19-foo2', requestedNamespace: 't19-ns1', recursive: false, field: 'spec.nodeName!=t19-bar1,metadata.name=t19-foo2,metadata.namespace=t19-ns1', steps: [[p('t19-foo1', 't19-ns1')], [p('t19-foo2', 't19-ns2')], [p('t19-foo2', 't19-ns1'), 'ADDED'], [u('t19-foo2', 't19-ns1'), 'MODIFIED'], [a('t19-foo2', 't19-ns1', 't19-bar1'), 'DELETED']] },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const predicate = pred({ field: tc.field });
        const list = await t.store.getList(`${t.r}/`, { resourceVersion: '', predicate, recursive: true });
        let watchKey = `${t.r}/`;
        if (tc.requestedNamespace) watchKey += `${tc.requestedNamespace}/${tc.requestedName ?? ''}`;
        const w = readWatch(await t.store.watch(watchKey, { resourceVersion: list.metadata.resourceVersion!, predicate, recursive: tc.recursive }));
        await runSteps(t, w, tc.steps);
      });
    }
  });

  describe('WatchDispatchBookmarkEvents', () => {
    for (const allowWatchBookmarks of [false, true]) {
      const expected = allowWatchBookmarks && t.caps.periodicBookmarks === true;
      it(`allowWatchBookmarks=${allowWatchBookmarks}: ${expected ? 'a bookmark arrives' : 'no bookmark arrives'}`, async () => {
        const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
        const w = readWatch(await t.store.watch(key, { resourceVersion: stored.metadata!.resourceVersion!, predicate: pred({ allowWatchBookmarks }) }));
        const other = pod('foo', 'other-ns');
        const created = await t.store.create(podKey(t.r, other), other);
        if (expected) {
          // The event of another key is not sent; a bookmark carries the watch past it.
          const ev = await w.next(3_000);
          expect(ev.type).toBe('BOOKMARK');
          expect(rvOf(ev.object as KubeObject)).toBeGreaterThan(rvOf(stored));
          expect(rvOf(ev.object as KubeObject)).toBeLessThanOrEqual(Math.max(rvOf(created), await t.kv.currentRevision()));
        } else {
          await w.none(300);
        }
        w.stop();
      });
    }
  });

  describe('WatchSemantics', () => {
    // The scenarios without sendInitialEvents (the legacy watch): RV 0 or unset lists first; a set RV replays after it.
    const scenarios: { name: string; rv: 'unset' | '0' | 'before' | 'current'; initialEvents: boolean }[] = [
      { name: 'legacy, RV=0', rv: '0', initialEvents: true },
      { name: 'legacy, RV=unset', rv: 'unset', initialEvents: true },
      { name: 'RV=before the initial pods (kube: RV=1)', rv: 'before', initialEvents: true },
      { name: 'RV=useCurrentRV', rv: 'current', initialEvents: false },
    ];
    for (const sc of scenarios) {
      for (const allowWatchBookmarks of [false, true]) {
        it(`${sc.name}, allowWatchBookmarks=${allowWatchBookmarks}`, async () => {
          const ns = 'ns';
          const before = await t.store.getList(`${t.r}/${ns}`, { recursive: true });
          const created: KubeObject[] = [];
          for (const n of ['1', '2', '3']) created.push(await t.store.create(podKey(t.r, pod(`pod-${n}`, ns)), pod(`pod-${n}`, ns)));
          const listed = await t.store.getList(`${t.r}/${ns}`, { recursive: true, resourceVersion: created[2]!.metadata!.resourceVersion!, resourceVersionMatch: 'NotOlderThan' });
          expect(listed.items).toHaveLength(3);
          const rv = { unset: '', '0': '0', before: before.metadata.resourceVersion!, current: String(await t.kv.currentRevision()) }[sc.rv];
          const w = readWatch(await t.store.watch(`${t.r}/${ns}`, { recursive: true, resourceVersion: rv, predicate: pred({ allowWatchBookmarks }) }));
          if (sc.initialEvents) {
            expect(await w.take(3)).toEqual(created.map((object): WatchEvent => ({ type: 'ADDED', object })));
          }
          const after: KubeObject[] = [];
          for (const n of ['4', '5']) after.push(await t.store.create(podKey(t.r, pod(`pod-${n}`, ns)), pod(`pod-${n}`, ns)));
          const isBookmark = (e: WatchEvent) => e.type === 'BOOKMARK';
          const seen: WatchEvent[] = [];
          while (seen.length < 2) {
            const e = await w.next();
            if (!isBookmark(e)) seen.push(e);
          }
          expect(seen).toEqual(after.map((object): WatchEvent => ({ type: 'ADDED', object })));
          await w.none(100, isBookmark);
          w.stop();
        });
      }
    }
  });

  // A watch cache reads each value once, when it is written; making values unreadable under it does not apply.
  describe.skipIf(t.caps.watchCache === true)('WatchErrorIsBlockingFurtherEvents', () => {
    it('after the ERROR of an unreadable value, no later event is sent', async () => {
      const foo = await t.store.create(podKey(t.r, pod('foo', 'test')), pod('foo', 'test'));
      await t.store.create(podKey(t.r, pod('bar', 'test')), pod('bar', 'test'));
      // From now on the Store writes and reads another prefix: bar becomes unreadable.
      const revert = t.updatePrefixTransformer((p) => {
        p.prefix = new TextEncoder().encode('other-prefix');
        return p;
      });
      try {
        await t.store.create(podKey(t.r, pod('baz', 'test')), pod('baz', 'test'));
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const w = readWatch(await t.store.watch(`${t.r}/`, { resourceVersion: foo.metadata!.resourceVersion!, recursive: true }));
            const ev = await w.next();
            expect(ev.type).toBe('ERROR');
            expect((ev.object as Status).code).toBe(500);
            await w.end();
          }),
        );
      } finally {
        revert();
      }
    });
  });
}
