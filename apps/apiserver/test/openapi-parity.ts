// Compares kapi's OpenAPI v3 documents with kube-apiserver's published ones
// (kubernetes/kubernetes api/openapi-spec/v3/<api|apis__group>__<version>_openapi.json): every leaf of
// kube's document (a schema field's type, description, default, x-kubernetes-* extension; an
// operation's id, parameters, responses and media types) counts once; kapi's document matches
// it when the same path holds the same value. Fields only kapi has count as differences too.

type Json = unknown;

/** Every leaf of a JSON value by its path (`a.b.0.c`); objects and arrays add no entry of their own except when empty. */
export function leaves(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(prefix, '[]');
    value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(prefix, '{}');
    for (const [k, v] of entries) leaves(v, prefix === '' ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

export interface ParityReport {
  /** Leaves in kube's document. */
  readonly total: number;
  /** Leaves of kube's document kapi has with the same value. */
  readonly same: number;
  /** Paths whose value differs: kube's value, then kapi's. */
  readonly differ: readonly [string, string, string][];
  /** Paths only kube has. */
  readonly missing: readonly string[];
  /** Paths only kapi has. */
  readonly extra: readonly string[];
}

/** Compares two documents leaf by leaf. */
export function compareDocuments(kube: Json, kapi: Json): ParityReport {
  const want = leaves(kube);
  const got = leaves(kapi);
  const differ: [string, string, string][] = [];
  const missing: string[] = [];
  let same = 0;
  for (const [path, v] of want) {
    const g = got.get(path);
    if (g === undefined) missing.push(path);
    else if (g === v) same++;
    else differ.push([path, v, g]);
  }
  const extra = [...got.keys()].filter((p) => !want.has(p));
  return { total: want.size, same, differ, missing, extra };
}

/** Identical leaves over every leaf either side has. */
export function parityRatio(r: ParityReport): number {
  const all = r.total + r.extra.length;
  return all === 0 ? 1 : r.same / all;
}

/** Groups paths by their first segments (`components.schemas.X`, `paths./apis/...`), for a short summary. */
export function summarize(paths: readonly string[], depth = 3, limit = 15): string[] {
  const counts = new Map<string, number>();
  for (const p of paths) {
    const head = p.split('.').slice(0, depth).join('.');
    counts.set(head, (counts.get(head) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([k, n]) => `${n}\t${k}`);
}
