// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/manager.go, stripmeta.go,
// managedfieldsupdater.go, buildmanagerinfo.go, capmanagers.go, skipnonapplied.go and
// versioncheck.go (v0.33): the layers of kube's field manager, each a decorator of the next.
import { newBadRequest, now, type KubeObject } from '@kapi/apimachinery';
import { FieldSet, newVersionedSet, type ManagedFields } from '@kapi/structured-merge-diff';
import { buildManagerIdentifier, removeObjectManagedFields, type Managed } from './managed.ts';
import { gvkString } from './type-converter.ts';

/** What an update or an apply made: the object (managedFields not yet encoded) and the new managed fields. */
export interface ManagerResult {
  readonly object: KubeObject;
  readonly managed: Managed;
}

/**
 * One layer of the field manager. `update` records what a non-apply write changed; `apply` merges
 * an applied configuration into the live object. Both may mutate `managed`, never `live`.
 */
export interface Manager {
  update(live: KubeObject, next: KubeObject, managed: Managed, manager: string): ManagerResult;
  /** `object` is null when the apply changes nothing (only the innermost layers return null). */
  apply(live: KubeObject, applied: KubeObject, managed: Managed, manager: string, force: boolean): { object: KubeObject | null; managed: Managed };
}

/** The fields of an object's type and identity that no manager owns. */
const stripSet = FieldSet.of(
  [{ fieldName: 'apiVersion' }],
  [{ fieldName: 'kind' }],
  [{ fieldName: 'metadata' }],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map((f) => [
    { fieldName: 'metadata' },
    { fieldName: f },
  ]),
);

function stripFields(fields: ManagedFields, manager: string): void {
  const vs = fields.get(manager);
  if (vs === undefined) return;
  const set = vs.set.difference(stripSet);
  if (set.empty()) fields.delete(manager);
  else fields.set(manager, newVersionedSet(set, vs.apiVersion, vs.applied));
}

/** Drops type and identity fields (apiVersion, kind, metadata.name, uid …) from the manager's set. */
export function stripMetaManager(next: Manager): Manager {
  return {
    update(live, obj, managed, manager) {
      const r = next.update(live, obj, managed, manager);
      stripFields(r.managed.fields, manager);
      return r;
    },
    apply(live, applied, managed, manager, force) {
      const r = next.apply(live, applied, managed, manager, force);
      stripFields(r.managed.fields, manager);
      return r;
    },
  };
}

/**
 * Merges what an update changed into its manager's set and stamps the manager's time; an apply that
 * changes nothing returns the live object unchanged (without managedFields) and keeps the times.
 */
export function managedFieldsUpdater(next: Manager): Manager {
  const self = 'current-operation';
  return {
    update(live, obj, managed, manager) {
      const r = next.update(live, obj, managed, self);
      const fields = r.managed.fields;
      const vs = fields.get(self);
      if (vs !== undefined) {
        fields.delete(self);
        const previous = fields.get(manager);
        fields.set(manager, previous ? newVersionedSet(vs.set.union(previous.set), vs.apiVersion, vs.applied) : vs);
        r.managed.times.set(manager, now());
      }
      return r;
    },
    apply(live, applied, managed, manager, force) {
      const r = next.apply(live, applied, managed, manager, force);
      if (r.object !== null) {
        r.managed.times.set(manager, now());
        return r;
      }
      const object = structuredClone(live);
      removeObjectManagedFields(object);
      unchangedByApply.add(object);
      return { object, managed: r.managed };
    },
  };
}

/**
 * Objects an apply merged into without changing them (structured-merge-diff found the live object
 * already as applied): kube neither defaults them again nor stamps the applier's time.
 */
const unchangedByApply = new WeakSet<KubeObject>();

/** True for the object of an apply whose merge changed nothing (only managedFields may differ). */
export function isUnchangedByApply(obj: KubeObject): boolean {
  return unchangedByApply.has(obj);
}

/** Turns the manager's name into its identifier: name, operation, apiVersion and subresource. */
export function buildManagerInfoManager(next: Manager, apiVersion: string, subresource: string): Manager {
  const id = (manager: string, operation: 'Apply' | 'Update') =>
    buildManagerIdentifier({ manager: manager || 'unknown', operation, apiVersion, subresource });
  return {
    update: (live, obj, managed, manager) => next.update(live, obj, managed, id(manager, 'Update')),
    apply: (live, applied, managed, manager, force) => next.apply(live, applied, managed, id(manager, 'Apply'), force),
  };
}

function unixSeconds(t: string | undefined): number {
  if (!t) return 0;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** The most Update entries an object keeps; older ones merge into `ancient-changes` per apiVersion. */
export const defaultMaxUpdateManagers = 10;

/** Caps the Update managers: the oldest merge, per apiVersion, into one `ancient-changes` entry. */
export function capManagersManager(next: Manager, maxUpdateManagers = defaultMaxUpdateManagers): Manager {
  const bucketName = 'ancient-changes';
  const cap = (managed: Managed): void => {
    const fields = managed.fields;
    const updaters = [...fields].filter(([, vs]) => !vs.applied).map(([m]) => m);
    if (updaters.length <= maxUpdateManagers) return;
    updaters.sort((a, b) => unixSeconds(managed.times.get(a)) - unixSeconds(managed.times.get(b)) || (a < b ? -1 : a > b ? 1 : 0));
    const firstOfVersion = new Map<string, string>();
    let length = updaters.length;
    for (let i = 0; i < updaters.length && length > maxUpdateManagers; i++) {
      const manager = updaters[i]!;
      const vs = fields.get(manager)!;
      const time = managed.times.get(manager);
      const version = vs.apiVersion;
      const bucket = buildManagerIdentifier({ manager: bucketName, operation: 'Update', apiVersion: version });
      const first = firstOfVersion.get(version);
      if (first === undefined) {
        firstOfVersion.set(version, manager);
        continue;
      }
      if (!fields.has(bucket)) {
        const s = fields.get(first)!;
        fields.delete(first);
        fields.set(bucket, s);
      }
      fields.set(bucket, newVersionedSet(vs.set.union(fields.get(bucket)!.set), vs.apiVersion, vs.applied));
      fields.delete(manager);
      length--;
      managed.times.set(bucket, time);
    }
  };
  return {
    update(live, obj, managed, manager) {
      const r = next.update(live, obj, managed, manager);
      cap(r.managed);
      return r;
    },
    apply: (live, applied, managed, manager, force) => next.apply(live, applied, managed, manager, force),
  };
}

/** The chance that a create starts tracking managed fields (kube's DefaultTrackOnCreateProbability). */
export const defaultTrackOnCreateProbability = 1;

/**
 * Leaves objects that predate tracking untracked by updates (an existing object without managed
 * fields); the first apply to such an object gives its existing fields to `before-first-apply`.
 * A create (a live object without uid) is tracked with `trackOnCreateProbability`: 1 (the default,
 * what kube-apiserver runs) always, 0 never (kube's NewSkipNonAppliedManager).
 */
export function skipNonAppliedManager(
  next: Manager,
  newEmpty: (apiVersion: string, kind: string) => KubeObject,
  trackOnCreateProbability = defaultTrackOnCreateProbability,
): Manager {
  return {
    update(live, obj, managed, manager) {
      if (managed.fields.size === 0) {
        if ((live.metadata?.uid ?? '') !== '') return { object: obj, managed };
        if (trackOnCreateProbability <= Math.random()) return { object: obj, managed };
      }
      return next.update(live, obj, managed, manager);
    },
    apply(live, applied, managed, manager, force) {
      if (managed.fields.size === 0) {
        const empty = newEmpty(applied.apiVersion ?? '', applied.kind ?? '');
        const r = next.update(empty, live, managed, 'before-first-apply');
        return next.apply(r.object, applied, r.managed, manager, force);
      }
      return next.apply(live, applied, managed, manager, force);
    },
  };
}

/** An apply of another kind or version than the resource's is a 400 (`invalid object type`). */
export function versionCheckManager(next: Manager, apiVersion: string, kind: string): Manager {
  return {
    update: (live, obj, managed, manager) => next.update(live, obj, managed, manager),
    apply(live, applied, managed, manager, force) {
      if (applied.apiVersion !== apiVersion || applied.kind !== kind) {
        throw newBadRequest(`invalid object type: ${gvkString(applied.apiVersion ?? '', applied.kind ?? '')}`);
      }
      return next.apply(live, applied, managed, manager, force);
    },
  };
}
