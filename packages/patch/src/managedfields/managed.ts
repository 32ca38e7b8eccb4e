// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/managedfields.go and fields.go
// (v0.33): metadata.managedFields decoded into field sets per manager and encoded back, sorted as kube sorts them.
import type { KubeObject, ManagedFieldsEntry } from '@kapi/apimachinery';
import { newVersionedSet, type FieldSet, type ManagedFields, type VersionedSet } from '@kapi/structured-merge-diff';
import { decodeFieldsV1, encodeFieldsV1 } from './fields-v1.ts';

/**
 * The managed fields of one object: each manager's field set (keyed by its identifier, see
 * {@link buildManagerIdentifier}) and the time of its last change (metav1.Time, or undefined).
 */
export interface Managed {
  readonly fields: ManagedFields;
  readonly times: Map<string, string | undefined>;
}

/** An empty Managed. */
export function newEmptyManaged(): Managed {
  return { fields: new Map(), times: new Map() };
}

/** A manager's identity as kube keys it: the entry without fields, fieldsType and time (and apiVersion for Apply), as JSON. */
export function buildManagerIdentifier(entry: Partial<ManagedFieldsEntry>): string {
  // Go marshals ManagedFieldsEntry with omitempty in declaration order; an Apply manager is one
  // manager across versions.
  const id: Record<string, string> = {};
  if (entry.manager) id.manager = entry.manager;
  if (entry.operation) id.operation = entry.operation;
  if (entry.apiVersion && entry.operation !== 'Apply') id.apiVersion = entry.apiVersion;
  if (entry.subresource) id.subresource = entry.subresource;
  return JSON.stringify(id);
}

/** The fields of an identifier made by {@link buildManagerIdentifier}. */
export function parseManagerIdentifier(id: string): { manager?: string; operation?: string; apiVersion?: string; subresource?: string } {
  try {
    const v = JSON.parse(id) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The managedFields of an object, decoded; an error names the first invalid entry as kube does. */
export function decodeManagedFields(entries: readonly ManagedFieldsEntry[] | undefined | null): Managed {
  const managed = newEmptyManaged();
  (entries ?? []).forEach((entry, i) => {
    if (entry.operation !== 'Apply' && entry.operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (!entry.apiVersion) throw new Error('apiVersion must not be empty');
    if (entry.fieldsType !== 'FieldsV1') {
      if (!entry.fieldsType) throw new Error(`missing fieldsType in managed fields entry ${i}`);
      throw new Error(`invalid fieldsType ${JSON.stringify(entry.fieldsType)} in managed fields entry ${i}`);
    }
    const id = buildManagerIdentifier(entry);
    let set: FieldSet;
    try {
      set = decodeFieldsV1(entry.fieldsV1 ?? {});
    } catch (err) {
      throw new Error(`error decoding versioned set from ${JSON.stringify(entry)}: error decoding set: ${(err as Error).message}`);
    }
    managed.fields.set(id, newVersionedSet(set, entry.apiVersion, entry.operation === 'Apply'));
    managed.times.set(id, entry.time ?? undefined);
  });
  return managed;
}

/**
 * An object's metadata.managedFields as Go's Unstructured.GetManagedFields reads them: undefined
 * (Go's nil) unless they are a list of objects — `null`, a string or a list holding a non-object
 * all read as no managedFields.
 */
export function getManagedFields(obj: KubeObject): ManagedFieldsEntry[] | undefined {
  const v: unknown = obj.metadata?.managedFields;
  if (!Array.isArray(v)) return undefined;
  return v.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) ? (v as ManagedFieldsEntry[]) : undefined;
}

/** The fields of a ManagedFieldsEntry; decoding drops any other key. */
const entryFields = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'] as const;

/** True when a client sent managedFields that reset them: `[]` or `[{}]` (isResetManagedFields). */
export function isResetManagedFields(entries: readonly ManagedFieldsEntry[] | undefined | null): boolean {
  if (entries === undefined || entries === null) return false;
  if (entries.length === 0) return true;
  if (entries.length === 1) {
    // Go compares the decoded entry with the zero ManagedFieldsEntry: unknown keys are gone by then.
    const e = entries[0] as Record<string, unknown>;
    return entryFields.every((k) => e[k] === undefined || e[k] === '' || e[k] === null);
  }
  return false;
}

function encodeEntry(id: string, vs: VersionedSet, time: string | undefined, previous: VersionedSet | undefined): ManagedFieldsEntry {
  const who = parseManagerIdentifier(id);
  // The field order of Go's ManagedFieldsEntry: manager, operation, apiVersion, time, fieldsType, fieldsV1, subresource.
  const entry: Record<string, unknown> = {};
  if (who.manager) entry.manager = who.manager;
  const operation = vs.applied ? 'Apply' : (who.operation ?? '');
  if (operation) entry.operation = operation;
  if (vs.apiVersion) entry.apiVersion = vs.apiVersion;
  if (time) entry.time = time;
  entry.fieldsType = 'FieldsV1';
  entry.fieldsV1 = encodeFieldsV1(vs.set, previous?.set);
  if (who.subresource) entry.subresource = who.subresource;
  return entry as ManagedFieldsEntry;
}

function seconds(t: string | undefined): number {
  if (!t) return 0;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sorts entries in place as kube stores them: by operation (Apply first), then time to the second
 * (no time first), then manager, apiVersion and subresource.
 */
export function sortEncodedManagedFields(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  return entries.sort(
    (p, q) =>
      compareStrings(p.operation ?? '', q.operation ?? '') ||
      seconds(p.time ?? undefined) - seconds(q.time ?? undefined) ||
      compareStrings(p.manager ?? '', q.manager ?? '') ||
      compareStrings(p.apiVersion ?? '', q.apiVersion ?? '') ||
      compareStrings(p.subresource ?? '', q.subresource ?? ''),
  );
}

/**
 * Encoded managedFields, or undefined when no manager owns anything (kube then drops the field).
 * `previous`, the fields the write started from, lets a manager whose set did not change keep
 * its earlier FieldsV1.
 */
export function encodeManagedFields(managed: Managed, previous?: ManagedFields): ManagedFieldsEntry[] | undefined {
  if (managed.fields.size === 0) return undefined;
  const out: ManagedFieldsEntry[] = [];
  for (const [id, vs] of managed.fields) out.push(encodeEntry(id, vs, managed.times.get(id), previous?.get(id)));
  return sortEncodedManagedFields(out);
}

/** Drops metadata.managedFields from an object (RemoveObjectManagedFields). */
export function removeObjectManagedFields(obj: KubeObject): void {
  if (obj.metadata) delete obj.metadata.managedFields;
}

/** Writes the encoded managed fields into an object's metadata (EncodeObjectManagedFields). */
export function encodeObjectManagedFields(obj: KubeObject, managed: Managed, previous?: ManagedFields): void {
  const entries = encodeManagedFields(managed, previous);
  const meta = (obj.metadata ??= {});
  if (entries === undefined) delete meta.managedFields;
  else meta.managedFields = entries;
}
