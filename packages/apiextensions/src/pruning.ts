// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning/algorithm.go (v0.33).
import type { Structural } from './structural.ts';
import { compareGoStrings, isJsonObject } from './internal/json.ts';

/** Options of {@link prune}. */
export interface PruneOptions {
  /**
   * The value is a whole resource (the root of a custom resource): apiVersion, kind and metadata
   * at its top are kept as if the schema were x-kubernetes-embedded-resource.
   */
  isResourceRoot?: boolean;
  /** Collect the paths of the pruned fields (for fieldValidation=Strict/Warn). */
  trackUnknownFieldPaths?: boolean;
}

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

/** A JSON-path-like location, as kube prints pruned fields: `spec.foo[1].bar`. */
class Tracker {
  readonly paths: string[] = [];
  private parent: string[] = [];
  constructor(readonly enabled: boolean) {}
  get depth(): number {
    return this.parent.length;
  }
  key(k: string): void {
    if (this.enabled) this.parent.push(this.parent.length === 0 ? k : `.${k}`);
    else this.parent.push('');
  }
  index(i: number): void {
    this.parent.push(`[${i}]`);
  }
  pop(to: number): void {
    this.parent.length = to;
  }
  record(k: string): void {
    if (!this.enabled) return;
    this.paths.push(this.parent.length === 0 ? k : `${this.parent.join('')}.${k}`);
  }
}

/**
 * Removes, in place, the object fields of `value` that `s` does not specify, honouring
 * x-kubernetes-preserve-unknown-fields (kept until properties or additionalProperties below switch
 * pruning back on) and x-kubernetes-embedded-resource (apiVersion, kind and metadata are kept).
 * Returns the pruned paths, sorted, when `trackUnknownFieldPaths` is set (else an empty list).
 * A missing schema prunes every field below it.
 */
export function prune(value: unknown, s: Structural | undefined, opts: PruneOptions = {}): string[] {
  if (opts.isResourceRoot) {
    s ??= {};
    if (!s.xEmbeddedResource) s = { ...s, xEmbeddedResource: true };
  }
  const t = new Tracker(opts.trackUnknownFieldPaths === true);
  pruneValue(value, s, t);
  return t.paths.sort(compareGoStrings);
}

function pruneValue(x: unknown, s: Structural | undefined, t: Tracker): void {
  if (s?.xPreserveUnknownFields) {
    skipPrune(x, s, t);
    return;
  }
  const depth = t.depth;
  if (isJsonObject(x)) {
    for (const k of Object.keys(x)) {
      if (s === undefined) {
        t.record(k);
        delete x[k];
        continue;
      }
      if (s.xEmbeddedResource && metaFields.has(k)) continue;
      const prop = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (prop !== undefined || s.additionalProperties !== undefined) {
        t.key(k);
        pruneValue(x[k], prop ?? s.additionalProperties?.structural, t);
        t.pop(depth);
      } else {
        // A misplaced apiVersion, kind or metadata at the very top is dropped without a report.
        if (!metaFields.has(k) || depth > 0) t.record(k);
        delete x[k];
      }
    }
  } else if (Array.isArray(x)) {
    x.forEach((v, i) => {
      t.index(i);
      pruneValue(v, s?.items, t);
      t.pop(depth);
    });
  }
}

function skipPrune(x: unknown, s: Structural | undefined, t: Tracker): void {
  if (s === undefined) return;
  const depth = t.depth;
  if (isJsonObject(x)) {
    for (const k of Object.keys(x)) {
      if (s.xEmbeddedResource && metaFields.has(k)) continue;
      const prop = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (prop !== undefined || s.additionalProperties !== undefined) {
        t.key(k);
        pruneValue(x[k], prop ?? s.additionalProperties?.structural, t);
        t.pop(depth);
      }
    }
  } else if (Array.isArray(x)) {
    x.forEach((v, i) => {
      t.index(i);
      skipPrune(v, s.items, t);
      t.pop(depth);
    });
  }
}
