// Behaviour of k8s.io/apiserver/pkg/storage/api_object_versioner.go (v1.33): resourceVersion <-> storage revision.
import type { KubeObject, ListMeta } from './meta.ts';
import { newBadRequest } from './errors.ts';

/**
 * Moves resourceVersions between API objects and storage revisions. Revisions are JS numbers, exact
 * up to 2^53 - 1; a resourceVersion that does not parse to a safe non-negative integer is rejected,
 * never rounded.
 */
export interface Versioner {
  /** Sets `metadata.resourceVersion` to the revision (removes it for 0). Mutates obj. */
  updateObject(obj: KubeObject, revision: number): void;
  /** Sets a list's resourceVersion, continue token and remaining count. Mutates meta. */
  updateList(meta: ListMeta, revision: number, continueToken?: string, remainingItemCount?: number): void;
  /** Clears what must never be persisted (resourceVersion, selfLink). Mutates obj. */
  prepareObjectForStorage(obj: KubeObject): void;
  /** The object's resourceVersion as a revision; 0 when unset. Throws a 400 when malformed. */
  objectResourceVersion(obj: KubeObject): number;
  /** Parses a resourceVersion string ('' is 0). Throws a 400 StatusError when malformed. */
  parseResourceVersion(resourceVersion: string): number;
}

const digits = /^[0-9]+$/;

/** Parses a resourceVersion; '' is 0. Rejects anything but a safe non-negative integer with a 400. */
export function parseResourceVersion(resourceVersion: string): number {
  if (resourceVersion === '') return 0;
  if (!digits.test(resourceVersion)) {
    throw newBadRequest(`resourceVersion: Invalid value: ${JSON.stringify(resourceVersion)}: strconv.ParseUint: parsing ${JSON.stringify(resourceVersion)}: invalid syntax`);
  }
  const n = Number(resourceVersion);
  if (!Number.isSafeInteger(n)) {
    throw newBadRequest(`resourceVersion: Invalid value: ${JSON.stringify(resourceVersion)}: value out of range (must be at most ${Number.MAX_SAFE_INTEGER})`);
  }
  return n;
}

/** The Versioner kube uses for every API object: the decimal revision in metadata.resourceVersion. */
export const apiObjectVersioner: Versioner = {
  updateObject(obj, revision) {
    const meta = (obj.metadata ??= {});
    if (revision === 0) delete meta.resourceVersion;
    else meta.resourceVersion = String(revision);
  },
  updateList(meta, revision, continueToken, remainingItemCount) {
    if (revision === 0) delete meta.resourceVersion;
    else meta.resourceVersion = String(revision);
    if (continueToken) meta.continue = continueToken;
    else delete meta.continue;
    if (remainingItemCount !== undefined) meta.remainingItemCount = remainingItemCount;
    else delete meta.remainingItemCount;
  },
  prepareObjectForStorage(obj) {
    if (obj.metadata) {
      delete obj.metadata.resourceVersion;
      delete obj.metadata.selfLink;
    }
  },
  objectResourceVersion(obj) {
    return parseResourceVersion(obj.metadata?.resourceVersion ?? '');
  },
  parseResourceVersion,
};
