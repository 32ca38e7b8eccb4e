// Random objects of a protobuf message (from its descriptor) and the canonical form gogo's decoding
// gives them, for round-trip properties of the workload kinds.
import fc from 'fast-check';
import type { ProtoField, ProtoMessage } from '@kapi/apimachinery';

const fieldsOf = (m: ProtoMessage) => (typeof m.fields === 'function' ? m.fields() : m.fields) as readonly ProtoField[];

const text = fc.string({ minLength: 1, maxLength: 8 });
const key = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,8}[a-z0-9])?$/);
const seconds = fc.integer({ min: 1, max: 4102444800 });

function scalar(type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text;
    case 'bytes':
      return fc.uint8Array({ minLength: 1, maxLength: 8 }).map((b) => Buffer.from(b).toString('base64'));
    case 'bool':
      return fc.boolean();
    case 'int32':
      return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    case 'int64':
      return fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    case 'double':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'time':
      return seconds.map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));
    case 'microTime':
      return fc
        .tuple(seconds, fc.integer({ min: 0, max: 999_999 }))
        .map(([s, us]) => `${new Date(s * 1000).toISOString().slice(0, 19)}.${String(us).padStart(6, '0')}Z`);
    case 'quantity':
      return fc.constantFrom('1', '500m', '2Gi', '100Mi', '0.5');
    case 'intOrString':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom('25%', '1', 'http'));
    case 'rawExtension':
      return fc.dictionary(key, fc.oneof(text, fc.integer()), { minKeys: 1, maxKeys: 2 });
    case 'fieldsV1':
      return fc.constant({ 'f:spec': {} });
    case 'json': {
      // Any JSON value but a top-level null (a null pointer is no value at all).
      const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)));
      const nested = fc.oneof(leaf, fc.constant(null));
      return fc.oneof(leaf, fc.array(nested, { maxLength: 3 }), fc.dictionary(key, nested, { maxKeys: 3 }));
    }
    default:
      throw new Error(`no arbitrary for ${type}`);
  }
}

/** Random objects of a message, depth-limited: every field may be absent; below maxDepth messages are empty. */
export function arbitraryMessage(m: ProtoMessage, maxDepth = 5, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  if (depth >= maxDepth) return fc.constant({});
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  // Embedded (Go inline) structs contribute their fields to this object.
  const inlined: fc.Arbitrary<Record<string, unknown>>[] = [];
  for (const f of fieldsOf(m)) {
    if (f.inline && typeof f.type !== 'string') {
      inlined.push(arbitraryMessage(f.type, maxDepth, depth));
      continue;
    }
    const codec = f.codec;
    const value =
      typeof f.type === 'string'
        ? scalar(f.type)
        : codec
          ? // A custom JSON form: a random wire message in the JSON form its codec gives.
            arbitraryMessage(f.type, maxDepth, depth + 1).map((m) => codec.fromWire(canonical(f.type as ProtoMessage, m)))
          : arbitraryMessage(f.type, maxDepth, depth + 1);
    entries[f.name] = f.map ? fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 }) : f.repeated ? fc.array(value, { minLength: 1, maxLength: 2 }) : value;
  }
  const own = fc.record(entries, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
  if (inlined.length === 0) return own;
  return fc.tuple(own, ...inlined).map((parts) => Object.assign({}, ...parts.slice(1), parts[0]) as Record<string, unknown>);
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false || v === null;
}

/**
 * What decoding the encoding of `obj` gives: absent non-pointer messages become `{}` (gogo writes
 * them), zero non-pointer scalars and empty lists and maps disappear, pointers keep zero values,
 * and required scalars (no omitempty) are always there, zero when absent.
 */
export function canonical(m: ProtoMessage, obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(m)) {
    if (f.inline && typeof f.type !== 'string') {
      Object.assign(out, canonical(f.type, obj));
      continue;
    }
    const v = obj[f.name];
    const msg = typeof f.type === 'string' ? undefined : f.type;
    if (f.codec && msg) {
      // The JSON form decoding gives: through the wire message and back; a null is no value.
      const viaWire = (x: unknown) => f.codec!.fromWire(canonical(msg, f.codec!.toWire(x)));
      if (v === undefined || v === null) continue;
      if (f.map) out[f.name] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, viaWire(x)]));
      else if (f.repeated) out[f.name] = (v as unknown[]).map(viaWire);
      else if (viaWire(v) !== null) out[f.name] = viaWire(v);
      continue;
    }
    if (v === undefined || v === null) {
      if (msg && !f.pointer && !f.repeated && !f.map) out[f.name] = canonical(msg, {});
      // A required scalar is written as its zero value and kept when read back (Go's JSON has it).
      if (f.always) out[f.name] = f.type === 'bool' ? false : f.type === 'string' || f.type === 'bytes' ? '' : 0;
      // An absent RawExtension is written as an empty object.
      if (f.type === 'rawExtension' && !f.pointer && !f.repeated && !f.map) out[f.name] = {};
      continue;
    }
    if (f.map) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length > 0) out[f.name] = Object.fromEntries(entries.map(([k, x]) => [k, msg ? canonical(msg, x as Record<string, unknown>) : x]));
    } else if (f.repeated) {
      const list = v as unknown[];
      if (list.length > 0) out[f.name] = list.map((x) => (msg ? canonical(msg, x as Record<string, unknown>) : x));
    } else if (msg) out[f.name] = canonical(msg, v as Record<string, unknown>);
    else if (f.pointer || f.always || !isZero(v)) out[f.name] = v;
  }
  return out;
}
