// Behaviour of go-yaml v2 decode.go (unmarshal into interface{}: aliases, `<<` merges, the alias
// expansion budget, strict duplicate keys) and of sigs.k8s.io/yaml yaml.go's convertToJSONableObject
// and the json.Marshal that follows it (non-string keys to strings, no NaN or Inf).
import { isAlias, isMap, isScalar, isSeq, type Alias, type Node, type Pair, type Scalar } from 'yaml';
import { GoMap, GoUint, goFormatFloat, goKeyId, goSyntax, goTypeOf } from './go-strconv.ts';
import type { ComposedDocument } from './yaml-compose.ts';
import { YamlError, binaryTag, decodeBinary, mergeTag, resolve, timestampTag } from './yaml-resolve.ts';

/** go-yaml v2's alias_ratio_range_low / _high. */
const aliasRatioLow = 400_000;
const aliasRatioHigh = 4_000_000;

/** The share of decode operations that may come from alias expansion, given how many there were. */
export function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= aliasRatioLow) return 0.99;
  if (decodeCount >= aliasRatioHigh) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - aliasRatioLow) / (aliasRatioHigh - aliasRatioLow));
}

type Sink = ((v: unknown) => void) | undefined;
type Task =
  | { readonly k: 'visit'; readonly n: Node | null; readonly sink: Sink; readonly into: GoMap | undefined }
  | { readonly k: 'aliasExit'; readonly n: Alias }
  | { readonly k: 'done'; readonly fn: () => void }
  | { readonly k: 'pair'; readonly pair: Pair; readonly m: GoMap }
  | { readonly k: 'mergeItem'; readonly n: Node | null; readonly m: GoMap };

function isPlainImplicit(s: Scalar): boolean {
  const tag = s.tag ?? '';
  return tag === '!' || (tag === '' && s.type === 'PLAIN');
}

function isMergeKey(n: Node | null): boolean {
  return n !== null && isScalar(n) && n.source === '<<' && (isPlainImplicit(n) || n.tag === mergeTag);
}

function failWantMap(): never {
  throw new YamlError('map merge requires map or sequence of maps as the value');
}

/** A scalar as go-yaml decodes it into interface{}. */
function scalarValue(s: Scalar): unknown {
  const text = s.source ?? String(s.value);
  const tag = s.tag ?? '';
  if (tag === '' && s.type !== 'PLAIN') return text;
  const r = resolve(tag, text);
  if (r.tag === binaryTag) return decodeBinary(text);
  if (r.tag === timestampTag) return text;
  return r.value;
}

class Decoder {
  private decodeCount = 1; // the document node
  private aliasCount = 0;
  private aliasDepth = 0;
  private readonly active = new Set<Alias>();
  private readonly targets = new Map<Alias, Node>();
  private readonly terrors: string[] = [];
  private readonly tasks: Task[] = [];

  constructor(
    private readonly doc: ComposedDocument,
    private readonly strict: boolean,
  ) {}

  private graft(n: Node | null): Node | null {
    if (n !== null && isScalar(n) && n.srcToken) return this.doc.grafts.get(n.srcToken) ?? n;
    return n;
  }

  /** go-yaml's parser: each alias refers to the latest anchor of that name before it. */
  private linkAliases(root: Node | null): void {
    const anchors = new Map<string, Node>();
    const stack: Array<Node | null> = [root];
    while (stack.length > 0) {
      const n = this.graft(stack.pop()!);
      if (n === null) continue;
      if (isAlias(n)) {
        const target = anchors.get(n.source);
        if (!target) throw new YamlError(`unknown anchor '${n.source}' referenced`);
        this.targets.set(n, target);
        continue;
      }
      if (n.anchor) anchors.set(n.anchor, n);
      if (isMap(n)) {
        for (let i = n.items.length - 1; i >= 0; i--) {
          const p = n.items[i] as Pair<Node | null, Node | null>;
          stack.push(p.value ?? null, p.key ?? null);
        }
      } else if (isSeq(n)) {
        for (let i = n.items.length - 1; i >= 0; i--) stack.push((n.items[i] as Node | null) ?? null);
      }
    }
  }

  private line(n: Node | null, fallback: Node | null): number {
    const range = (n ?? fallback)?.range;
    return range ? this.doc.lineOf(range[0]) : 1;
  }

  private count(): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1000 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      throw new YamlError('document contains excessive aliasing');
    }
  }

  private visit(node: Node | null, sink: Sink, into: GoMap | undefined): void {
    this.count();
    const n = this.graft(node);
    if (n === null) return sink?.(null);
    if (isAlias(n)) {
      if (this.active.has(n)) throw new YamlError(`anchor '${n.source}' value contains itself`);
      this.active.add(n);
      this.aliasDepth++;
      this.tasks.push({ k: 'aliasExit', n }, { k: 'visit', n: this.targets.get(n)!, sink, into });
      return;
    }
    if (isScalar(n)) return sink?.(scalarValue(n));
    if (isSeq(n)) {
      const arr: unknown[] = new Array(n.items.length);
      this.tasks.push({ k: 'done', fn: () => sink?.(arr) });
      for (let i = n.items.length - 1; i >= 0; i--) {
        this.tasks.push({ k: 'visit', n: (n.items[i] as Node | null) ?? null, sink: (v) => (arr[i] = v), into: undefined });
      }
      return;
    }
    if (isMap(n)) {
      const m = into ?? new GoMap();
      if (!into) this.tasks.push({ k: 'done', fn: () => sink?.(m) });
      for (let i = n.items.length - 1; i >= 0; i--) this.tasks.push({ k: 'pair', pair: n.items[i] as Pair, m });
    }
  }

  private pair(p: Pair, m: GoMap): void {
    const keyNode = (p.key as Node | null) ?? null;
    const valueNode = (p.value as Node | null) ?? null;
    if (isMergeKey(keyNode)) return this.merge(valueNode, m);
    if (keyNode !== null && isScalar(keyNode) && !this.doc.grafts.has(keyNode.srcToken!) && (valueNode === null || (isScalar(valueNode) && !this.doc.grafts.has(valueNode.srcToken!)))) {
      // Both sides are scalars: the same steps as below, without queueing them.
      this.count();
      const key = scalarValue(keyNode);
      this.count();
      const value = valueNode === null ? null : scalarValue(valueNode);
      return this.setMapIndex(this.line(valueNode, keyNode), m, key, value);
    }
    const onKey = (key: unknown) => {
      if (Array.isArray(key) || key instanceof GoMap) throw new YamlError(`invalid map key: ${goSyntax(key)}`);
      const onValue = (value: unknown) => this.setMapIndex(this.line(valueNode, keyNode), m, key, value);
      this.tasks.push({ k: 'visit', n: valueNode, sink: onValue, into: undefined });
    };
    this.tasks.push({ k: 'visit', n: keyNode, sink: onKey, into: undefined });
  }

  private setMapIndex(line: number, m: GoMap, key: unknown, value: unknown): void {
    const id = goKeyId(key) ?? `nan${m.entries.size}:${Math.random()}`;
    if (this.strict && m.entries.has(id)) {
      this.terrors.push(`line ${line}: key ${goSyntax(key)} already set in map`);
      return;
    }
    m.entries.set(id, { key, value });
  }

  private targetIsMap(n: Node): boolean {
    const t = this.graft(this.targets.get(n as Alias) ?? null);
    return t !== null && isMap(t);
  }

  private merge(node: Node | null, m: GoMap): void {
    const n = this.graft(node);
    if (n === null) failWantMap();
    if (isMap(n)) return void this.tasks.push({ k: 'visit', n, sink: undefined, into: m });
    if (isAlias(n)) {
      if (!this.targetIsMap(n)) failWantMap();
      return void this.tasks.push({ k: 'visit', n, sink: undefined, into: m });
    }
    if (isSeq(n)) {
      // Earlier maps take precedence, so the last is merged first.
      for (const item of n.items) this.tasks.push({ k: 'mergeItem', n: (item as Node | null) ?? null, m });
      return;
    }
    failWantMap();
  }

  private mergeItem(node: Node | null, m: GoMap): void {
    const n = this.graft(node);
    if (n === null) failWantMap();
    if (isAlias(n) ? !this.targetIsMap(n) : !isMap(n)) failWantMap();
    this.tasks.push({ k: 'visit', n, sink: undefined, into: m });
  }

  run(): unknown {
    const root = this.doc.root;
    if (root === null) return null;
    this.linkAliases(root);
    let result: unknown = null;
    this.tasks.push({ k: 'visit', n: root, sink: (v) => (result = v), into: undefined });
    for (let t = this.tasks.pop(); t; t = this.tasks.pop()) {
      switch (t.k) {
        case 'visit':
          this.visit(t.n, t.sink, t.into);
          break;
        case 'aliasExit':
          this.aliasDepth--;
          this.active.delete(t.n);
          break;
        case 'done':
          t.fn();
          break;
        case 'pair':
          this.pair(t.pair, t.m);
          break;
        case 'mergeItem':
          this.mergeItem(t.n, t.m);
          break;
      }
    }
    if (this.terrors.length > 0) throw new YamlError(`unmarshal errors:\n  ${this.terrors.join('\n  ')}`);
    return result;
  }
}

/** Go's json.Marshal order for map keys: by UTF-8 bytes, which is code point order. */
function compareCodePoints(a: string, b: string): number {
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca - cb;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** sigs.k8s.io/yaml's key conversion: int, bool and float keys become strings; others fail. */
function jsonKey(key: unknown, value: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'bigint') return key.toString();
  if (typeof key === 'boolean') return String(key);
  if (typeof key === 'number') {
    const s = goFormatFloat(key, 32);
    return s === '+Inf' ? '.inf' : s === '-Inf' ? '-.inf' : s === 'NaN' ? '.nan' : s;
  }
  throw new Error(`unsupported map key of type: ${goTypeOf(key)}, key: ${goSyntax(key)}, value: ${goSyntax(value)}`);
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Go-typed values to JSON values, objects keyed in json.Marshal's order; NaN and Inf fail as there. */
function toJson(value: unknown): unknown {
  let nonFinite = false;
  const convert = (v: unknown, set: (out: unknown) => void, stack: Array<() => void>): void => {
    if (typeof v === 'bigint') return set(Number(v));
    if (v instanceof GoUint) return set(Number(v.value));
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) nonFinite = true;
      return set(v);
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      set(out);
      for (let i = v.length - 1; i >= 0; i--) stack.push(() => convert(v[i], (x) => (out[i] = x), stack));
      return;
    }
    if (v instanceof GoMap) {
      const byKey = new Map<string, unknown>();
      for (const { key, value: item } of v.entries.values()) byKey.set(jsonKey(key, item), item);
      const out: Record<string, unknown> = {};
      const keys = [...byKey.keys()].sort(compareCodePoints);
      for (const k of keys) setOwn(out, k, null);
      set(out);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push(() => convert(byKey.get(k), (x) => setOwn(out, k, x), stack));
      }
      return;
    }
    set(v);
  };
  let result: unknown = null;
  const stack: Array<() => void> = [];
  convert(value, (x) => (result = x), stack);
  for (let job = stack.pop(); job; job = stack.pop()) job();
  if (nonFinite) {
    const walk: unknown[] = [result];
    while (walk.length > 0) {
      const v = walk.pop();
      if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`json: unsupported value: ${goFormatFloat(v)}`);
      if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) walk.push(v[i]);
      else if (v !== null && typeof v === 'object') {
        const vals = Object.values(v);
        for (let i = vals.length - 1; i >= 0; i--) walk.push(vals[i]);
      }
    }
  }
  return result;
}

/**
 * sigs.k8s.io/yaml YAMLToJSON (or YAMLToJSONStrict) of a composed document, as a JSON value.
 * Throws YamlError (`yaml: …`) or an Error worded as sigs.k8s.io/yaml / encoding/json word theirs.
 */
export function decodeComposed(doc: ComposedDocument, strict: boolean): unknown {
  return toJson(new Decoder(doc, strict).run());
}
