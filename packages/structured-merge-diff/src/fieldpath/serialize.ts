// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/serialize.go (v4.6.0)
/**
 * FieldsV1, the JSON form of a field set that kube stores in `metadata.managedFields[].fieldsV1`:
 * one object member per path element, keyed by the serialized element, whose value is `{}` for a
 * member that has no children, or the children's object — with `".":{}` first when the element is
 * a member as well.
 */
import { quoteJSONString } from '../value/json.ts';
import { comparePathElementsByKey, type PathElement } from './element.ts';
import { deserializePathElement, ErrUnknownPathElementType } from './serialize-pe.ts';
import { FieldSet, type SetNode } from './set.ts';

// Object keys as Go writes them, for serialized keys that need escaping (all `k:` and string
// `v:` keys): the same few keys come up on every write.
const quotedKeys = new Map<string, string>();
const quotedKeysLimit = 8192;

function quoteKey(key: string): string {
  const c = key.charCodeAt(0);
  if (c !== 0x6b && c !== 0x76) return quoteJSONString(key, false);
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = quoteJSONString(key, false);
    if (quotedKeys.size >= quotedKeysLimit) quotedKeys.clear();
    quotedKeys.set(key, q);
  }
  return q;
}

function checkKey(key: string): string {
  if (key === '') throw new Error('invalid PathElement');
  return quoteKey(key);
}

/** Go's `emitContentsV1`: the members of one level's object, without the braces. */
function emitContents(s: FieldSet, cache: WeakMap<FieldSet, string> | undefined): string {
  // Only levels with children are worth remembering: leaves are written as fast as looked up.
  const nested = cache !== undefined && s.children.nodeCount !== 0;
  if (nested) {
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
  }
  const members = s.members.sorted();
  const memberKeys = s.members.sortedKeys();
  const children: readonly SetNode[] = s.children.sorted();
  const childKeys = s.children.sortedKeys();
  let out = '';
  let mi = 0;
  let ci = 0;
  while (mi < members.length && ci < children.length) {
    const mk = memberKeys[mi]!;
    const ck = childKeys[ci]!;
    const child = children[ci]!;
    const c = comparePathElementsByKey(mk, members[mi]!, ck, child.pathElement);
    if (out !== '') out += ',';
    if (c < 0) {
      out += `${checkKey(mk)}:{}`;
      mi++;
    } else {
      out += `${checkKey(ck)}:{${emitChild(child.set, c === 0, cache)}}`;
      if (c === 0) mi++;
      ci++;
    }
  }
  for (; mi < members.length; mi++) out += `${out === '' ? '' : ','}${checkKey(memberKeys[mi]!)}:{}`;
  for (; ci < children.length; ci++) out += `${out === '' ? '' : ','}${checkKey(childKeys[ci]!)}:{${emitChild(children[ci]!.set, false, cache)}}`;
  if (nested) cache.set(s, out);
  return out;
}

/** The object of a child: its contents, after `".":{}` when the element is a member too. */
function emitChild(s: FieldSet, includeSelf: boolean, cache: WeakMap<FieldSet, string> | undefined): string {
  const contents = emitContents(s, cache);
  return includeSelf && contents !== '' ? `".":{},${contents}` : contents;
}

/**
 * Go's `Set.ToJSON`: the FieldsV1 JSON of `set`, byte for byte as Go writes it — members in Go's
 * path element order, `".":{}` for an element that is both a member and a parent, no whitespace.
 * Throws `invalid PathElement` for an element with nothing set.
 *
 * With `cache`, the text of every level with children is remembered by its set, and reused: only
 * for sets that are never modified (as the sets of managedFields are not), which then may share
 * most of their levels.
 */
export function serializeFieldSet(set: FieldSet, cache?: WeakMap<FieldSet, string>): string {
  return `{${emitContents(set, cache)}}`;
}

function describe(v: unknown): string {
  if (v === undefined) return '';
  const s = JSON.stringify(v) ?? '';
  return s.charAt(0);
}

// Whether the level readV1 just read is a member of its parent (Go's second return value).
let lastIsMember = false;

/** Go's `readIterV1`: the children of one level (undefined when none); sets `lastIsMember`. */
function readV1(doc: unknown): FieldSet | undefined {
  if (doc === null) {
    lastIsMember = true;
    return undefined;
  }
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    throw new Error(`ReadMapCB: expect { or n, but found ${describe(doc)}`);
  }
  const obj = doc as Record<string, unknown>;
  let children: FieldSet | undefined;
  let isMember = false;
  for (const key of Object.keys(obj)) {
    if (key === '.') {
      isMember = true;
      continue;
    }
    let pe: PathElement;
    try {
      pe = deserializePathElement(key);
    } catch (e) {
      // Kinds a later version may define are dropped rather than kept half-understood.
      if (e === ErrUnknownPathElementType) continue;
      throw new Error(`parsing key as path element: ${e instanceof Error ? e.message : String(e)}`);
    }
    const grandchildren = readV1(obj[key]);
    if (lastIsMember) {
      children ??= new FieldSet();
      children.members.insert(pe);
    }
    if (grandchildren !== undefined) {
      children ??= new FieldSet();
      children.children.set(pe, grandchildren);
    }
  }
  lastIsMember = isMember || children === undefined;
  return children;
}

/**
 * Go's `Set.FromJSON`: the field set a FieldsV1 document stands for, given as JSON text or as the
 * already parsed object (how it sits in `managedFields`). Keys of unknown kinds are skipped; a
 * malformed key throws Go's message prefixed `parsing key as path element: ` (without
 * json-iterator's position suffix); `null` is the empty set.
 *
 * Text is parsed with `JSON.parse`, which is stricter than Go's reader: text after the document
 * is rejected (Go ignores it), and when a key repeats only its last value counts (Go merges the
 * member marks of all of them); the error texts for malformed JSON are `JSON.parse`'s.
 */
export function deserializeFieldSet(json: string | object | null): FieldSet {
  const doc: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  return readV1(doc) ?? new FieldSet();
}
