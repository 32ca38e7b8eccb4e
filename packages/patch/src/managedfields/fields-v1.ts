// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/fields.go (v0.33): FieldsV1 to
// field sets and back. kube decodes and re-encodes every entry on every write; most entries are
// unchanged, so both directions are cached here.
import { storedFieldsV1Text } from '@kapi/apimachinery';
import { deserializeFieldSet, serializeFieldSet, type FieldSet } from '@kapi/structured-merge-diff';

/** A decoded FieldsV1 text: its set, and whether the text is exactly the set's encoding. */
interface Decoded {
  readonly set: FieldSet;
  readonly canonical: boolean;
}

// Decoded sets by FieldsV1 JSON text, least recently used first, bounded by total text length.
const byText = new Map<string, Decoded>();
const byTextLimit = 2 * 1024 * 1024;
let byTextLength = 0;

// Per set, its encoding: the text, and the FieldsV1 object it was last read from or written as.
const texts = new WeakMap<FieldSet, string>();
// The text of each level of the sets written: a changed set shares most levels with the old one.
const levels = new WeakMap<FieldSet, string>();
const objects = new WeakMap<FieldSet, Record<string, unknown>>();

function remember(text: string, decoded: Decoded): void {
  byText.set(text, decoded);
  byTextLength += text.length;
  for (const [t] of byText) {
    if (byTextLength <= byTextLimit) break;
    byText.delete(t);
    byTextLength -= t.length;
  }
}

/**
 * The field set a FieldsV1 value stands for (see `deserializeFieldSet`). The set may be shared
 * with earlier and later calls: it must not be modified.
 */
export function decodeFieldsV1(fieldsV1: unknown): FieldSet {
  if (typeof fieldsV1 !== 'object' || fieldsV1 === null || Array.isArray(fieldsV1)) return deserializeFieldSet(fieldsV1 as never);
  const obj = fieldsV1 as Record<string, unknown>;
  // The text is the cache key (not the object: objects may be changed in place between writes).
  const text = storedFieldsV1Text(obj) ?? JSON.stringify(obj);
  let decoded = byText.get(text);
  if (decoded === undefined) {
    const set = deserializeFieldSet(obj);
    const encoded = serializeFieldSet(set, levels);
    decoded = { set, canonical: encoded === text };
    texts.set(set, encoded);
  } else {
    byText.delete(text);
    byTextLength -= text.length;
  }
  remember(text, decoded);
  // This object is what the set encodes to right now: an unchanged entry is written back as is.
  if (decoded.canonical) objects.set(decoded.set, obj);
  else objects.delete(decoded.set);
  return decoded.set;
}

/**
 * The FieldsV1 object of `set`. A set read by {@link decodeFieldsV1} gets back the very object it
 * was read from (objects in managedFields are shared, never modified in place), and so does a set
 * equal to `previous`, the set the manager had before the write.
 */
export function encodeFieldsV1(set: FieldSet, previous?: FieldSet): Record<string, unknown> {
  // Comparing is far cheaper than writing: most writes leave most managers' sets as they were.
  if (previous !== undefined && previous !== set && (objects.has(previous) || texts.has(previous)) && previous.equals(set)) {
    set = previous;
  }
  const known = objects.get(set);
  if (known !== undefined) return known;
  let text = texts.get(set);
  if (text === undefined) {
    text = serializeFieldSet(set, levels);
    texts.set(set, text);
    // The next write reads this entry back from storage.
    if (!byText.has(text)) remember(text, { set, canonical: true });
  }
  const obj = JSON.parse(text) as Record<string, unknown>;
  objects.set(set, obj);
  return obj;
}
