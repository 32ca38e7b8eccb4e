// Behaviour of k8s.io/apiserver/pkg/registry/rest/resttest/resttest.go (v1.33): kube's generic REST
// tester, the cases every resource's storage must pass (create, get, list, watch, update, delete,
// each with its error cases), run against one resource of a registry.
import { describe, expect, it } from 'vitest';
import {
  everythingFields,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isInvalid,
  isNotFound,
  parseFieldSelector,
  parseLabelSelector,
  statusFromError,
  type KubeObject,
  type WatchEvent,
} from '@kapi/apimachinery';
import type { Registry, ResourceEntry } from '../builtin.ts';

/** One resource under test and the objects the cases use. */
export interface RESTTesterHarness {
  /** A fresh registry over empty storage; each case gets its own. */
  readonly registry: () => Registry | Promise<Registry>;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  /** A valid object in a namespace (kube's etcd storage test stub); its name is replaced by the cases. */
  readonly valid: (namespace: string) => KubeObject;
  /**
   * The valid name a case's name stands for, and the object fitted to it, for kinds whose names
   * are tied to their content (a CRD's `<plural>.<group>`, an IPAddress's IP, an APIService's
   * `<version>.<group>`).
   */
  readonly name?: (base: string) => string;
  readonly fitName?: (obj: KubeObject, name: string) => void;
  /** The resource errors name, when not the served one (events.k8s.io's store is core's: `events`). */
  readonly qualifiedResource?: string;
  /** Names cannot be generated for the kind (a CRD's name is its plural and group): kube's GeneratesName. */
  readonly skipGenerateName?: boolean;
  /** Clears what the server fills differently on every create (a Service's allocated addresses). */
  readonly volatile?: (obj: KubeObject) => void;
  /** The printer's first column is not the name (events print Last Seen first). */
  readonly nameColumnNotFirst?: boolean;
  /** Columns kube's printer leaves undescribed (RuntimeClass's Handler), by name. */
  readonly undescribedColumns?: readonly string[];
  /** kube's printer writes more cells than columns (IPAddress: NAME, PARENTREF and a third cell). */
  readonly extraTableCells?: boolean;
  /** Objects a create must refuse as Invalid. */
  readonly invalid?: readonly KubeObject[];
  /** A change an update must accept, beyond the label every update case adds; metadata.name stays. */
  readonly update?: (obj: KubeObject) => void;
  /** Changes an update must refuse as Invalid or BadRequest. */
  readonly invalidUpdates?: readonly ((obj: KubeObject) => void)[];
  /** The store answers deletes with the deleted object rather than a Success Status (kube's ReturnDeletedObject). */
  readonly returnDeletedObject?: boolean;
  /** A delete only marks the object (namespaces, finalizers): the delete cases are not run. */
  readonly deletesGracefully?: boolean;
  /** The namespace of namespaced cases; default `test`. */
  readonly namespace?: string;
}

const clone = <T>(v: T): T => structuredClone(v);
const nameMayNotBe = ['.', '..'];
const nameMayNotContain = ['/', '%'];

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

const reason = (err: unknown) => statusFromError(err).reason;

/** Reads the next event of a watch, or fails after `ms` (a broken watch must not hang the suite). */
async function nextEvent(iter: AsyncIterator<WatchEvent>, ms = 10_000): Promise<WatchEvent> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no watch event')), ms)));
  try {
    const r = await Promise.race([iter.next(), timeout]);
    if (r.done) throw new Error('watch closed');
    return r.value;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers kube's REST tester cases for one resource of a registry. Only the verbs the resource
 * serves are tested; a resource without `get` (a review) runs the validation case of create only.
 */
export function runRESTTester(h: RESTTesterHarness): void {
  const ns = h.namespace ?? 'test';
  /** The name a case uses for `base`. */
  const n = (base: string) => (base === '' ? '' : (h.name?.(base) ?? base));
  const label = `${h.group || 'core'}/${h.version} ${h.resource}`;

  interface Env {
    entry: ResourceEntry;
    namespaced: boolean;
    ctx: { namespace?: string };
    obj(name: string, namespace?: string): KubeObject;
  }
  const setup = async (): Promise<Env> => {
    const registry = await h.registry();
    const entry = registry.lookup(h.group, h.version, h.resource);
    if (!entry) throw new Error(`${label} is not served`);
    const namespaced = entry.info.namespaced;
    return {
      entry,
      namespaced,
      ctx: namespaced ? { namespace: ns } : {},
      obj(base, namespace) {
        const o = clone(h.valid(namespace ?? ns));
        const meta = (o.metadata = { ...(o.metadata ?? {}) });
        const name = n(base);
        meta.name = name;
        h.fitName?.(o, name);
        delete meta.generateName;
        if (namespaced) meta.namespace = namespace ?? ns;
        else delete meta.namespace;
        return o;
      },
    };
  };
  const verbs = (e: Env) => e.entry.store.verbs;
  const create = (e: Env, o: KubeObject, dryRun = false, ctx = e.ctx) => e.entry.store.create(ctx, o, dryRun ? { dryRun: true } : {});
  // A PUT: the object's uid is a precondition (kube's DefaultUpdatedObjectInfo).
  const replace = (e: Env, o: KubeObject, opts: { dryRun?: boolean } = {}, ctx = e.ctx) =>
    e.entry.store.update(ctx, o.metadata?.name ?? '', () => clone(o), {
      ...(opts.dryRun ? { dryRun: true } : {}),
      ...(o.metadata?.uid ? { preconditions: { uid: o.metadata.uid } } : {}),
    });

  describe(`REST tester: ${label}`, () => {
    describe('create', () => {
      it('creates with system fields set (testCreateHasMetadata, testCreateEquals)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        const created = await create(e, e.obj('foo1'));
        expect(created.metadata?.uid).toBeTruthy();
        expect(created.metadata?.creationTimestamp).toBeTruthy();
        expect(created.metadata?.resourceVersion).toMatch(/^\d+$/);
        const got = await e.entry.store.get(e.ctx, n('foo1'));
        expect(got).toEqual(created);
      });

      it('generates names from generateName (testCreateGeneratesName)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get') || h.skipGenerateName) return;
        const o = e.obj('');
        delete o.metadata!.name;
        o.metadata!.generateName = 'test-';
        const created = await create(e, o);
        expect(created.metadata?.name).toMatch(/^test-[a-z0-9]{5}$/);
      });

      it('creates nothing on dry run, and answers what a real create would (testCreateDryRun, testCreateDryRunEquals)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        const fake = await create(e, e.obj('foo2'), true);
        expect(isNotFound(await failure(e.entry.store.get(e.ctx, n('foo2'))))).toBe(true);
        const real = await create(e, e.obj('foo2'));
        const strip = (o: KubeObject) => {
          const c = clone(o);
          delete c.metadata!.uid;
          delete c.metadata!.creationTimestamp;
          delete c.metadata!.resourceVersion;
          for (const f of c.metadata?.managedFields ?? []) delete f.time;
          h.volatile?.(c);
          return c;
        };
        expect(strip(fake)).toEqual(strip(real));
      });

      it('refuses an existing name with AlreadyExists, dry run or not (testCreateAlreadyExisting)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        await create(e, e.obj('foo1'));
        expect(reason(await failure(create(e, e.obj('foo1'), true)))).toBe('AlreadyExists');
        expect(isAlreadyExists(await failure(create(e, e.obj('foo1'))))).toBe(true);
      });

      it('handles the namespace of the object and of the request as kube does', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        for (const dryRun of [true, false]) {
          if (e.namespaced) {
            // testCreateRejectsMismatchedNamespace
            const err = await failure(create(e, e.obj('foo1', 'not-default'), dryRun));
            expect(statusFromError(err).message).toContain('does not match the namespace sent on the request');
          } else {
            // testCreateDiscardsObjectNamespace, testCreateIgnoresContextNamespace, testCreateIgnoresMismatchedNamespace
            const withNs = e.obj(`a${dryRun}`);
            withNs.metadata!.namespace = 'not-default';
            expect((await create(e, withNs, dryRun)).metadata?.namespace).toBeUndefined();
            expect((await create(e, e.obj(`b${dryRun}`), dryRun, { namespace: 'not-default2' })).metadata?.namespace).toBeUndefined();
            const both = e.obj(`c${dryRun}`);
            both.metadata!.namespace = 'not-default';
            expect((await create(e, both, dryRun, { namespace: 'not-default2' })).metadata?.namespace).toBeUndefined();
          }
        }
      });

      it('resets uid and creationTimestamp a client sets (testCreateResetsUserData)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        const o = e.obj('foo1');
        o.metadata!.uid = 'bad-uid';
        o.metadata!.creationTimestamp = '2001-02-03T04:05:06Z';
        const created = await create(e, o);
        expect(created.metadata?.uid).not.toBe('bad-uid');
        expect(created.metadata?.creationTimestamp).not.toBe('2001-02-03T04:05:06Z');
      });

      it('invokes validation, dry run or not (testCreateInvokesValidation)', async () => {
        const e = await setup();
        for (const [i, bad] of (h.invalid ?? []).entries()) {
          for (const dryRun of [true, false]) {
            const err = await failure(create(e, clone(bad), dryRun));
            expect(isInvalid(err), `invalid object ${i}: ${statusFromError(err).message}`).toBe(true);
          }
        }
      });

      it('refuses names that cannot be a path segment (testCreateValidatesNames)', async () => {
        const e = await setup();
        if (!verbs(e).includes('get')) return;
        const names = [...nameMayNotBe, ...nameMayNotContain.map((s) => `foo${s}`)];
        for (const name of names) {
          for (const dryRun of [true, false]) {
            const o = e.obj('foo1');
            o.metadata!.name = name;
            const err = await failure(create(e, o, dryRun));
            // A kind whose validation takes any name (a CSR's) fails at kube's key function: 400.
            const keyRefused = isBadRequest(err) && (statusFromError(err).message ?? '').startsWith('Name parameter invalid');
            expect(isInvalid(err) || keyRefused, `${JSON.stringify(name)}: ${statusFromError(err).message}`).toBe(true);
          }
        }
      });
    });

    describe('update', () => {
      const served = (e: Env) => verbs(e).includes('update') && verbs(e).includes('get');

      it('stores what it answers (testUpdateEquals)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo2'));
        const toUpdate = await e.entry.store.get(e.ctx, n('foo2'));
        toUpdate.metadata!.labels = { ...(toUpdate.metadata!.labels ?? {}), updated: 'yes' };
        h.update?.(toUpdate);
        const { object, created } = await replace(e, toUpdate);
        expect(created).toBe(false);
        expect(await e.entry.store.get(e.ctx, n('foo2'))).toEqual(object);
      });

      it('refuses a stale resourceVersion with Conflict (testUpdateFailsOnVersionTooOld)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo3'));
        const older = await e.entry.store.get(e.ctx, n('foo3'));
        older.metadata!.resourceVersion = '1';
        expect(isConflict(await failure(replace(e, older)))).toBe(true);
      });

      it('answers NotFound for a missing object unless the kind creates on update (testUpdateOnNotFound)', async () => {
        const e = await setup();
        if (!served(e)) return;
        for (const dryRun of [true, false]) {
          const o = e.obj(`foo0${dryRun ? 'd' : ''}`);
          if (e.entry.store.strategy.allowCreateOnUpdate) {
            const { created } = await replace(e, o, { dryRun });
            expect(created).toBe(true);
          } else {
            expect(isNotFound(await failure(replace(e, o, { dryRun })))).toBe(true);
          }
        }
      });

      it('refuses an object of another namespace (testUpdateRejectsMismatchedNamespace)', async () => {
        const e = await setup();
        if (!served(e) || !e.namespaced) return;
        await create(e, e.obj('foo1'));
        const stored = await e.entry.store.get(e.ctx, n('foo1'));
        stored.metadata!.namespace = 'not-default';
        const err = await failure(replace(e, stored));
        expect(statusFromError(err).message).toContain('does not match the namespace sent on the request');
      });

      it('invokes validation (testUpdateInvokesValidation)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo4'));
        for (const [i, change] of (h.invalidUpdates ?? []).entries()) {
          const o = await e.entry.store.get(e.ctx, n('foo4'));
          change(o);
          const err = await failure(replace(e, o));
          expect(isInvalid(err) || isBadRequest(err), `invalid update ${i}: ${statusFromError(err).message}`).toBe(true);
        }
      });

      it('refuses another uid with Conflict, dry run or not (testUpdateWithWrongUID)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo5'));
        for (const dryRun of [true, false]) {
          const o = await e.entry.store.get(e.ctx, n('foo5'));
          o.metadata!.uid = 'UID1111';
          expect(isConflict(await failure(replace(e, o, { dryRun })))).toBe(true);
        }
      });

      it('hands the stored object to the update, once (testUpdateRetrievesOldObject)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const o = e.obj('foo6');
        o.metadata!.annotations = { A: '1' };
        await create(e, o);
        const stored = await e.entry.store.get(e.ctx, n('foo6'));
        const withUpdates = clone(stored);
        withUpdates.metadata!.annotations = { A: '2' };
        let calls = 0;
        const { object } = await e.entry.store.update(e.ctx, n('foo6'), (old) => {
          calls++;
          expect(old).toEqual(stored);
          return clone(withUpdates);
        });
        expect(calls).toBe(1);
        expect(object.metadata?.annotations).toMatchObject({ A: '2' });
      });

      it('propagates the error of the update function (testUpdatePropagatesUpdatedObjectError)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo7'));
        const mine = new Error('custom updated object error');
        for (const dryRun of [true, false]) {
          const err = await failure(
            e.entry.store.update(e.ctx, n('foo7'), () => {
              throw mine;
            }, dryRun ? { dryRun } : {}),
          );
          expect(err).toBe(mine);
        }
      });

      it('ignores a generation the client sets (testUpdateIgnoreGenerationUpdates)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const created = await create(e, e.obj('foo8'));
        const older = await e.entry.store.get(e.ctx, n('foo8'));
        older.metadata!.generation = 2;
        await replace(e, older);
        expect((await e.entry.store.get(e.ctx, n('foo8'))).metadata?.generation).toBe(created.metadata?.generation);
      });
    });

    describe('delete', () => {
      const served = (e: Env) => verbs(e).includes('delete') && verbs(e).includes('get') && !h.deletesGracefully;
      const expectDeleteAnswer = (result: { object: unknown; deleted: boolean }) => {
        expect(result.deleted).toBe(true);
        if (!h.returnDeletedObject) expect(result.object).toMatchObject({ kind: 'Status', status: 'Success' });
      };

      it('answers NotFound for a missing object, dry run or not (testDeleteNonExist)', async () => {
        const e = await setup();
        if (!served(e)) return;
        for (const dryRun of [true, false]) expect(isNotFound(await failure(e.entry.store.delete(e.ctx, n('foo'), dryRun ? { dryRun } : {})))).toBe(true);
      });

      it('deletes at once, and keeps the object on dry run (testDeleteNoGraceful)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo1'));
        expectDeleteAnswer(await e.entry.store.delete(e.ctx, n('foo1'), { dryRun: true, gracePeriodSeconds: 10 }));
        await e.entry.store.get(e.ctx, n('foo1'));
        expectDeleteAnswer(await e.entry.store.delete(e.ctx, n('foo1'), { gracePeriodSeconds: 10 }));
        expect(isNotFound(await failure(e.entry.store.get(e.ctx, n('foo1'))))).toBe(true);
      });

      it('checks a uid precondition (testDeleteWithUID)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const created = await create(e, e.obj('foo1'));
        for (const dryRun of [true, false]) {
          const err = await failure(e.entry.store.delete(e.ctx, n('foo1'), { preconditions: { uid: 'UID1111' }, ...(dryRun ? { dryRun } : {}) }));
          expect(isConflict(err)).toBe(true);
        }
        expectDeleteAnswer(await e.entry.store.delete(e.ctx, n('foo1'), { preconditions: { uid: created.metadata!.uid! } }));
        expect(isNotFound(await failure(e.entry.store.get(e.ctx, n('foo1'))))).toBe(true);
      });

      it('checks a resourceVersion precondition (testDeleteWithResourceVersion)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo1'));
        const stored = await e.entry.store.get(e.ctx, n('foo1'));
        for (const dryRun of [true, false]) {
          const err = await failure(e.entry.store.delete(e.ctx, n('foo1'), { preconditions: { resourceVersion: 'wrongVersion' }, ...(dryRun ? { dryRun } : {}) }));
          expect(isConflict(err)).toBe(true);
        }
        expectDeleteAnswer(await e.entry.store.delete(e.ctx, n('foo1'), { preconditions: { resourceVersion: stored.metadata!.resourceVersion! } }));
        expect(isNotFound(await failure(e.entry.store.get(e.ctx, n('foo1'))))).toBe(true);
      });
    });

    describe('get', () => {
      const served = (e: Env) => verbs(e).includes('get') && verbs(e).includes('create');

      it('gets what was created, and NotFound for another name (testGetFound, testGetNotFound)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const created = await create(e, e.obj('foo1'));
        expect(await e.entry.store.get(e.ctx, n('foo1'))).toEqual(created);
        await create(e, e.obj('foo2'));
        const err = await failure(e.entry.store.get(e.ctx, n('foo3')));
        expect(isNotFound(err)).toBe(true);
        const gr = h.qualifiedResource ?? (e.entry.info.group === '' ? e.entry.info.resource : `${e.entry.info.resource}.${e.entry.info.group}`);
        expect(statusFromError(err).message).toBe(`${gr} "${n('foo3')}" not found`);
      });

      it('keeps namespaces apart (testGetMimatchedNamespace, testGetDifferentNamespace)', async () => {
        const e = await setup();
        if (!served(e)) return;
        await create(e, e.obj('foo4', 'bar1'), false, e.namespaced ? { namespace: 'bar1' } : {});
        const other = e.entry.store.get(e.namespaced ? { namespace: 'bar2' } : {}, n('foo4'));
        if (e.namespaced) expect(isNotFound(await failure(other))).toBe(true);
        else await other;
        if (!e.namespaced) return;
        await create(e, e.obj('foo5', 'bar3'), false, { namespace: 'bar3' });
        await create(e, e.obj('foo5', 'bar4'), false, { namespace: 'bar4' });
        expect((await e.entry.store.get({ namespace: 'bar3' }, n('foo5'))).metadata).toMatchObject({ name: n('foo5'), namespace: 'bar3' });
        expect((await e.entry.store.get({ namespace: 'bar4' }, n('foo5'))).metadata).toMatchObject({ name: n('foo5'), namespace: 'bar4' });
      });
    });

    describe('list', () => {
      const served = (e: Env) => verbs(e).includes('list') && verbs(e).includes('create');

      it('lists nothing, then what was created, then by label (testListNotFound, testListFound, testListMatchLabels)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const before = (await e.entry.store.list(e.ctx)).items.map((o) => o.metadata?.name);
        const a = await create(e, e.obj('foo1'));
        const b = await create(e, e.obj('foo2'));
        // List items carry no kind or apiVersion of their own.
        const bare = (o: KubeObject) => {
          const { kind: _k, apiVersion: _v, ...rest } = o;
          return rest;
        };
        const items = (await e.entry.store.list(e.ctx)).items.filter((o) => !before.includes(o.metadata?.name));
        expect(items.map(bare)).toEqual([a, b].map(bare));
        const labelled = e.obj('foo4');
        labelled.metadata!.labels = { ...(labelled.metadata!.labels ?? {}), key: 'value' };
        const c = await create(e, labelled);
        expect((await e.entry.store.list(e.ctx, { labelSelector: parseLabelSelector('key=value') })).items.map(bare)).toEqual([bare(c)]);
        expect((await e.entry.store.list(e.ctx, { fieldSelector: parseFieldSelector(`metadata.name=${n('foo2')}`) })).items.map(bare)).toEqual([bare(b)]);
      });

      it('prints a Table kube\'s way (testListTableConversion)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const a = await create(e, e.obj('foo3'));
        const { columns } = e.entry.table;
        expect(columns.length).toBeGreaterThan(0);
        if (!h.nameColumnNotFirst) {
          expect(columns[0]).toMatchObject({ type: 'string', format: 'name' });
          expect(columns[0]!.name.toLowerCase()).toBe('name');
        }
        for (const c of columns) {
          expect(c.name).not.toBe('');
          expect(['string', 'date', 'integer', 'number', 'boolean']).toContain(c.type);
          expect(c.format === '' || (c.format === 'name' && c.type === 'string')).toBe(true);
          expect(c.priority ?? 0).toBeGreaterThanOrEqual(0);
          expect(c.priority ?? 0).toBeLessThanOrEqual(2);
          if (!h.undescribedColumns?.includes(c.name)) expect(c.description, `column ${c.name} has no description`).not.toBe('');
        }
        const cells = e.entry.table.cells(a, Date.now());
        if (h.extraTableCells) expect(cells.length).toBeGreaterThanOrEqual(columns.length);
        else expect(cells).toHaveLength(columns.length);
        for (const cell of cells) {
          const ok = cell === null || Array.isArray(cell) || ['number', 'string', 'boolean'].includes(typeof cell);
          expect(ok, `cell ${JSON.stringify(cell)}`).toBe(true);
        }
      });
    });

    describe('watch', () => {
      const served = (e: Env) => verbs(e).includes('watch') && verbs(e).includes('create') && verbs(e).includes('delete') && !h.deletesGracefully;

      it('sends an object\'s events to the watches whose selectors match it, and only to those (testWatchLabels, testWatchFields)', async () => {
        const e = await setup();
        if (!served(e)) return;
        const start = (await e.entry.store.list(e.ctx)).metadata?.resourceVersion ?? '0';
        const watch = async (opts: Parameters<ResourceEntry['store']['watch']>[1]) => (await e.entry.store.watch(e.ctx, { resourceVersion: start, ...opts }))[Symbol.asyncIterator]();
        const pass = [
          await watch({ labelSelector: parseLabelSelector('name=foo') }),
          await watch({ fieldSelector: parseFieldSelector(`metadata.name=${n('foo')}`) }),
          await watch({ fieldSelector: everythingFields }),
        ];
        const fail = [await watch({ labelSelector: parseLabelSelector('name=bar') }), await watch({ fieldSelector: parseFieldSelector(`metadata.name=${n('bar')}`) })];
        const o = e.obj('foo');
        o.metadata!.labels = { ...(o.metadata!.labels ?? {}), name: 'foo' };
        await create(e, o);
        const stored = await e.entry.store.get(e.ctx, n('foo'));
        stored.metadata!.annotations = { ...(stored.metadata!.annotations ?? {}), touched: 'yes' };
        await replace(e, stored).catch(() => undefined);
        await e.entry.store.delete(e.ctx, n('foo'));
        for (const w of pass) {
          expect((await nextEvent(w)).type).toBe('ADDED');
          let ev = await nextEvent(w);
          // The update, and for kinds deleted gracefully (pods, even with a period of 0) the deletion mark.
          while (ev.type === 'MODIFIED') ev = await nextEvent(w);
          expect(ev.type).toBe('DELETED');
          await w.return?.();
        }
        // A watch that must not see `foo` sees the next object it selects first.
        const b = e.obj('bar');
        b.metadata!.labels = { ...(b.metadata!.labels ?? {}), name: 'bar' };
        await create(e, b);
        for (const w of fail) {
          const ev = await nextEvent(w);
          expect(ev.type).toBe('ADDED');
          expect((ev.object as KubeObject).metadata?.name).toBe(n('bar'));
          await w.return?.();
        }
      });
    });
  });
}
