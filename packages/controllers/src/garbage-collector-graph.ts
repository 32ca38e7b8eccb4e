// The garbage collector's dependency graph as graph.go and graph_builder.go hold it (v1.33): the
// identity and owners of each object, its dependents, the metadata its informers keep, and the
// owners known to be absent.
import type { KubeObject } from '@kapi/apimachinery';
import { apiVersionOf, type ResourceType } from './client.ts';

/** An ownerReference, its required fields present. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean | undefined;
  blockOwnerDeletion?: boolean | undefined;
}

/** The owners of every object that names none, shared (the graph keeps a list per object; nothing changes one in place). */
const noOwnerRefs = Object.freeze([]) as unknown as OwnerReference[];

export const ownerRefsOf = (o: KubeObject): OwnerReference[] => {
  const refs = o.metadata?.ownerReferences;
  if (refs === undefined || refs.length === 0) return noOwnerRefs;
  return refs.map((r) => ({ ...r, apiVersion: r.apiVersion ?? '', kind: r.kind ?? '', name: r.name ?? '', uid: r.uid ?? '' }));
};

/** An object as the graph knows it: where it is, and whom it names as owners. */
export interface Identity {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  namespace: string;
}

export interface GraphNode {
  identity: Identity;
  owners: OwnerReference[];
  /** noDependents until the first dependent is added. */
  dependents: Set<GraphNode>;
  /** Known only as some dependent's owner, not (yet) seen by an informer. */
  virtual: boolean;
  observed: boolean;
  beingDeleted: boolean;
  deletingDependents: boolean;
}

/**
 * The dependents of every node that has none, shared: most objects own nothing, and an empty Set
 * per node costs ~100 bytes. Only addDependent adds, and it first gives the node a Set of its own.
 */
export const noDependents: ReadonlySet<GraphNode> = new Set<GraphNode>();

export function addDependent(owner: GraphNode, dep: GraphNode): void {
  if (owner.dependents === noDependents) owner.dependents = new Set();
  owner.dependents.add(dep);
}

export const hasFinalizer = (o: KubeObject, f: string) => (o.metadata?.finalizers ?? []).includes(f);
export const beingDeleted = (o: KubeObject) => o.metadata?.deletionTimestamp !== undefined && o.metadata.deletionTimestamp !== null;
const identityKey = (i: Identity) => `${i.apiVersion}|${i.kind}|${i.namespace}|${i.name}|${i.uid}`;
export const coordinatesMatch = (ref: OwnerReference, i: Identity) => ref.uid === i.uid && ref.name === i.name && ref.kind === i.kind && ref.apiVersion === i.apiVersion;
export const sameIdentity = (a: Identity, b: Identity) => identityKey(a) === identityKey(b);
export const describe = (i: Identity) =>
  `[${i.apiVersion}/${i.kind}, namespace: ${i.namespace}, name: ${i.name}, uid: ${i.uid}]`;

/** What the collector keeps of an object: its metadata's graph fields (kube's metadata informers). */
export function metadataOnly(type: ResourceType): (o: KubeObject) => KubeObject {
  const apiVersion = apiVersionOf(type);
  return (o) => {
    const m = o.metadata ?? {};
    // One literal for what every object has (properties added later cost a second block each).
    const meta = { name: m.name ?? '', uid: m.uid ?? '', namespace: m.namespace || undefined, resourceVersion: m.resourceVersion || undefined } as NonNullable<KubeObject['metadata']>;
    if (m.ownerReferences?.length) meta.ownerReferences = m.ownerReferences;
    if (m.finalizers?.length) meta.finalizers = m.finalizers;
    if (m.deletionTimestamp) meta.deletionTimestamp = m.deletionTimestamp;
    return { apiVersion, kind: type.kind, metadata: meta };
  };
}

/** A bounded set of owners known to be absent (kube's absentOwnerCache, an LRU of 500). */
export class AbsentOwners {
  private readonly keys = new Map<string, true>();
  constructor(private readonly max = 500) {}
  add(i: Identity) {
    const k = identityKey(i);
    this.keys.delete(k);
    this.keys.set(k, true);
    if (this.keys.size > this.max) this.keys.delete(this.keys.keys().next().value!);
  }
  has(i: Identity) {
    return this.keys.has(identityKey(i));
  }
}
