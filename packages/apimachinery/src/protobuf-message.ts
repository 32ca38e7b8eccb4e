// Descriptor-driven conversion between Kubernetes protobuf messages (gogo encoding, as in
// k8s.io/api generated.proto) and the JSON form of objects. Descriptors carry the field numbers.
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './protobuf-wire.ts';
import { goMarshalJson } from './internal/go-json.ts';
import { formatTime } from './time.ts';

export type ScalarKind = 'string' | 'bytes' | 'bool' | 'int32' | 'int64' | 'double' | 'time' | 'microTime' | 'fieldsV1' | 'quantity' | 'intOrString' | 'rawExtension' | 'json';

/**
 * Maps a value between its JSON form and the JSON form of its protobuf message, for Go types that
 * marshal to JSON their own way (apiextensions' JSONSchemaPropsOrBool and the like).
 */
export interface ProtoCodec {
  toWire(value: unknown): Record<string, unknown>;
  fromWire(message: Record<string, unknown>): unknown;
}

/** One field of a message. */
export interface ProtoField {
  readonly name: string;
  readonly no: number;
  /** A scalar, or a message (by descriptor). `time` is metav1.Time; `fieldsV1` is metav1.FieldsV1 (JSON bytes in field 1, a JSON object in the JSON form). */
  readonly type: ScalarKind | ProtoMessage;
  readonly repeated?: boolean;
  /** A map<string, value>; `type` is the value's type. */
  readonly map?: boolean;
  /** A Go pointer field: zero values are kept (nil is absence), not dropped like omitempty. */
  readonly pointer?: boolean;
  /**
   * A non-pointer scalar without omitempty (e.g. a ContainerStatus's restartCount): Go's JSON
   * always has it, so its zero value is kept when decoded instead of being dropped.
   */
  readonly always?: boolean;
  /** A Go-embedded struct (`json:",inline"`): its fields are the parent's own in the JSON form. */
  readonly inline?: boolean;
  /** For a message type: the JSON form of the field differs from the message's, and this maps them. */
  readonly codec?: ProtoCodec;
  /**
   * The field's position in the JSON form (Go's declaration order, which the field numbers need
   * not follow); decoded objects have their keys in this order. Unset: field-number order.
   */
  readonly order?: number;
}

export interface ProtoMessage {
  /** Fully qualified name, e.g. `k8s.io.api.core.v1.ConfigMap`. */
  readonly name: string;
  /** Fields in field-number order. Thunks allow recursive messages. */
  readonly fields: readonly ProtoField[] | (() => readonly ProtoField[]);
}

function fieldsOf(m: ProtoMessage): readonly ProtoField[] {
  return typeof m.fields === 'function' ? m.fields() : m.fields;
}

const byNoCache = new WeakMap<ProtoMessage, Map<number, ProtoField>>();
function fieldByNo(m: ProtoMessage, no: number): ProtoField | undefined {
  let map = byNoCache.get(m);
  if (!map) byNoCache.set(m, (map = new Map(fieldsOf(m).map((f) => [f.no, f]))));
  return map.get(no);
}

/**
 * The bytes each FieldsV1 object was decoded from (large ones only). Objects in managedFields are
 * never changed in place by kapi; the bytes are used only for frozen objects, which cannot change.
 */
const fieldsV1Bytes = new WeakMap<object, Uint8Array>();
const fieldsV1CacheMinBytes = 512;

/**
 * The JSON text a FieldsV1 object was read from storage as, when it is frozen (immutable) and
 * large enough to be remembered; undefined otherwise.
 */
export function storedFieldsV1Text(obj: object): string | undefined {
  if (!Object.isFrozen(obj)) return undefined;
  const bytes = fieldsV1Bytes.get(obj);
  return bytes === undefined ? undefined : textDecoder.decode(bytes);
}

const textDecoder = new TextDecoder();

function decodeScalar(r: ProtoReader, kind: ScalarKind, wire: WireType): unknown {
  switch (kind) {
    case 'string':
      return r.string();
    case 'bytes':
      return Buffer.from(r.bytes()).toString('base64');
    case 'fieldsV1': {
      const inner = new ProtoReader(r.bytes());
      let raw: Uint8Array = new Uint8Array();
      while (!inner.done()) {
        const t = inner.tag();
        if (t.no === 1 && t.wire === WireType.LengthDelimited) raw = inner.bytes();
        else inner.skip(t.wire);
      }
      if (raw.length === 0) return {};
      let value: unknown;
      try {
        value = JSON.parse(textDecoder.decode(raw)) as unknown;
      } catch {
        throw new ProtoDecodeError('a FieldsV1 value is not JSON');
      }
      if (raw.length >= fieldsV1CacheMinBytes && typeof value === 'object' && value !== null) fieldsV1Bytes.set(value, raw.slice());
      return value;
    }
    case 'double': {
      if (wire !== WireType.Fixed64) throw new ProtoDecodeError(`expected a double, got wire type ${wire}`);
      return r.double();
    }
    case 'microTime': {
      const t = new ProtoReader(r.bytes());
      let seconds = 0;
      let nanos = 0;
      while (!t.done()) {
        const { no, wire: w } = t.tag();
        if (no === 1 && w === WireType.Varint) seconds = t.varint();
        else if (no === 2 && w === WireType.Varint) nanos = t.varint();
        else t.skip(w);
      }
      if (seconds === 0 && nanos === 0) return null;
      const base = new Date(seconds * 1000).toISOString().slice(0, 19);
      return `${base}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
    }
    case 'json': {
      // apiextensions' JSON: raw JSON bytes in field 1; none is a JSON null.
      const t = new ProtoReader(r.bytes());
      let raw: Uint8Array | undefined;
      while (!t.done()) {
        const { no, wire: w } = t.tag();
        if (no === 1 && w === WireType.LengthDelimited) raw = t.bytes();
        else t.skip(w);
      }
      if (raw === undefined || raw.length === 0) return null;
      try {
        return JSON.parse(new TextDecoder().decode(raw)) as unknown;
      } catch {
        throw new ProtoDecodeError('a JSON value does not hold JSON');
      }
    }
    case 'quantity':
    case 'rawExtension': {
      const t = new ProtoReader(r.bytes());
      let value: unknown = kind === 'quantity' ? '' : {};
      while (!t.done()) {
        const { no, wire: w } = t.tag();
        if (no === 1 && w === WireType.LengthDelimited) {
          if (kind === 'quantity') value = t.string();
          else {
            const raw = t.bytes();
            try {
              value = raw.length === 0 ? {} : (JSON.parse(new TextDecoder().decode(raw)) as unknown);
            } catch {
              throw new ProtoDecodeError('a RawExtension does not hold JSON');
            }
          }
        } else t.skip(w);
      }
      return value;
    }
    case 'intOrString': {
      const t = new ProtoReader(r.bytes());
      let type = 0;
      let intVal = 0;
      let strVal = '';
      while (!t.done()) {
        const { no, wire: w } = t.tag();
        if (no === 1 && w === WireType.Varint) type = t.varint();
        else if (no === 2 && w === WireType.Varint) intVal = t.varint();
        else if (no === 3 && w === WireType.LengthDelimited) strVal = t.string();
        else t.skip(w);
      }
      return type === 1 ? strVal : intVal;
    }
    case 'bool':
      return r.varint() !== 0;
    case 'int32':
    case 'int64':
      if (wire !== WireType.Varint) throw new ProtoDecodeError(`expected a varint, got wire type ${wire}`);
      return r.varint();
    case 'time': {
      const t = r.nested();
      const empty = t.done();
      let seconds = 0;
      while (!t.done()) {
        const key = t.varint();
        if (key === 8) seconds = t.varint();
        else t.skip((key & 7) as WireType);
      }
      return seconds === 0 && empty ? null : timeText(seconds);
    }
  }
}

/** metav1.Time text of a second, the last few remembered: objects written together share them. */
const recentTimes = new Map<number, string>();
function timeText(seconds: number): string {
  let text = recentTimes.get(seconds);
  if (text === undefined) {
    text = formatTime(new Date(seconds * 1000));
    if (recentTimes.size >= 64) recentTimes.delete(recentTimes.keys().next().value!);
    recentTimes.set(seconds, text);
  }
  return text;
}

/** The JSON form of a decoded message field (its codec's, if it has one). */
function fromWire(f: ProtoField, message: Record<string, unknown>): unknown {
  return f.codec ? f.codec.fromWire(message) : message;
}

/** The message form of a message field's JSON value (its codec's, if it has one). */
function toWire(f: ProtoField, value: unknown): Record<string, unknown> {
  return f.codec ? f.codec.toWire(value) : (value as Record<string, unknown>);
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false || v === null;
}

/** Decodes a message into its JSON form; omitempty zero values are left out, as kube's JSON is. */
export function decodeMessage(m: ProtoMessage, data: Uint8Array): Record<string, unknown> {
  return decodeFrom(m, new ProtoReader(data));
}

/** {@link decodeMessage} of the bytes a reader has left (a nested message's reader). */
function decodeFrom(m: ProtoMessage, r: ProtoReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Fields come in field-number order; the JSON form wants them in declaration order.
  let lastOrder = -1;
  let reorder = false;
  while (!r.done()) {
    const key = r.varint();
    const no = Math.floor(key / 8);
    const wire = (key & 7) as WireType;
    const f = fieldByNo(m, no);
    if (!f) {
      r.skip(wire);
      continue;
    }
    if (f.order !== undefined) {
      if (f.order < lastOrder) reorder = true;
      else lastOrder = f.order;
    }
    let value: unknown;
    if (f.map) {
      const entry = r.nested();
      let key = '';
      let val: unknown = typeof f.type === 'string' ? (f.type === 'string' || f.type === 'bytes' ? '' : 0) : fromWire(f, {});
      while (!entry.done()) {
        const t = entry.tag();
        if (t.no === 1) key = entry.string();
        else if (t.no === 2) val = typeof f.type === 'string' ? decodeScalar(entry, f.type, t.wire) : fromWire(f, decodeFrom(f.type, entry.nested()));
        else entry.skip(t.wire);
      }
      const obj = (out[f.name] ??= {}) as Record<string, unknown>;
      // `__proto__` (a valid ConfigMap key) must stay a key: assignment would set the prototype.
      if (key === '__proto__') Object.defineProperty(obj, key, { value: val, enumerable: true, writable: true, configurable: true });
      else obj[key] = val;
      continue;
    }
    if (typeof f.type === 'string') {
      if (f.repeated && wire === WireType.LengthDelimited && (f.type === 'int32' || f.type === 'int64' || f.type === 'bool')) {
        // Packed repeated scalars.
        const packed = r.nested();
        const arr = (out[f.name] ??= []) as unknown[];
        while (!packed.done()) arr.push(decodeScalar(packed, f.type, WireType.Varint));
        continue;
      }
      value = decodeScalar(r, f.type, wire);
    } else {
      if (wire !== WireType.LengthDelimited) throw new ProtoDecodeError(`field ${f.name} of ${m.name} must be length-delimited`);
      if (f.inline) {
        Object.assign(out, decodeFrom(f.type, r.nested()));
        continue;
      }
      value = fromWire(f, decodeFrom(f.type, r.nested()));
    }
    if (f.repeated) {
      ((out[f.name] ??= []) as unknown[]).push(value);
    } else if (!isZero(value) || f.pointer || (f.always && value !== null)) {
      out[f.name] = value;
    } else {
      delete out[f.name];
    }
  }
  return reorder ? inDeclarationOrder(m, out) : out;
}

/** The JSON position of each key of a message's JSON form (an embedded struct's keys at its own). */
const keyOrders = new WeakMap<ProtoMessage, Map<string, number>>();
function keyOrderOf(m: ProtoMessage): Map<string, number> {
  let map = keyOrders.get(m);
  if (map) return map;
  map = new Map();
  for (const f of fieldsOf(m)) {
    const at = f.order ?? f.no;
    if (f.inline && typeof f.type !== 'string') {
      // Keys of the embedded struct keep their own order within its position.
      for (const [k, inner] of keyOrderOf(f.type)) map.set(k, at + inner / 1e6);
    } else map.set(f.name, at);
  }
  keyOrders.set(m, map);
  return map;
}

function inDeclarationOrder(m: ProtoMessage, out: Record<string, unknown>): Record<string, unknown> {
  const orders = keyOrderOf(m);
  const keys = Object.keys(out).sort((a, b) => (orders.get(a) ?? Infinity) - (orders.get(b) ?? Infinity));
  const sorted: Record<string, unknown> = {};
  for (const k of keys) sorted[k] = out[k];
  return sorted;
}

const utf8 = new TextEncoder();

function encodeScalar(w: ProtoWriter, no: number, kind: ScalarKind, v: unknown): void {
  switch (kind) {
    case 'string':
      w.string(no, String(v));
      return;
    case 'bytes':
      w.bytes(no, Buffer.from(String(v), 'base64'));
      return;
    case 'bool':
      w.tag(no, WireType.Varint).varint(v ? 1 : 0);
      return;
    case 'double':
      w.tag(no, WireType.Fixed64).double(Number(v));
      return;
    case 'int32':
    case 'int64':
      w.tag(no, WireType.Varint).varint(Number(v));
      return;
  }
  // The rest are small messages of their own, written in place.
  const mark = w.beginDelimited(no);
  switch (kind) {
    case 'fieldsV1': {
      // A frozen FieldsV1 read from storage (the watch cache's) is written back as it was read.
      const known = typeof v === 'object' && v !== null && Object.isFrozen(v) ? fieldsV1Bytes.get(v) : undefined;
      w.bytes(1, known ?? utf8.encode(JSON.stringify(v)));
      break;
    }
    case 'rawExtension':
      w.bytes(1, utf8.encode(JSON.stringify(v)));
      break;
    case 'microTime':
      if (typeof v === 'string' && v !== '') {
        const seconds = Math.floor(Date.parse(v) / 1000);
        const micros = /\.(\d{1,6})/.exec(v)?.[1]?.padEnd(6, '0') ?? '000000';
        // gogo's Timestamp writes both fields, nanos even when 0.
        w.tag(1, WireType.Varint).varint(seconds);
        w.tag(2, WireType.Varint).varint(Number(micros) * 1000);
      }
      break;
    case 'time':
      // Whole seconds; gogo's Timestamp writes nanos too, always 0 for a metav1.Time.
      if (typeof v === 'string' && v !== '') w.tag(1, WireType.Varint).varint(Math.floor(Date.parse(v) / 1000)).tag(2, WireType.Varint).varint(0);
      break;
    case 'quantity':
      w.string(1, String(v));
      break;
    case 'json':
      // A JSON null is a message without raw bytes (Go's JSON.Raw is nil).
      if (v !== null && v !== undefined) w.bytes(1, utf8.encode(goMarshalJson(v)));
      break;
    case 'intOrString': {
      const isString = typeof v === 'string';
      w.tag(1, WireType.Varint).varint(isString ? 1 : 0);
      w.tag(2, WireType.Varint).varint(isString ? 0 : Number(v));
      w.string(3, isString ? v : '');
      break;
    }
  }
  w.endDelimited(mark);
}

/** The zero value gogo writes for an absent non-pointer field. */
function zeroOf(f: ProtoField): unknown {
  if (typeof f.type !== 'string') return {};
  switch (f.type) {
    case 'string':
    case 'bytes':
    case 'time':
    case 'microTime':
    case 'quantity':
      return '';
    case 'rawExtension':
      return {};
    case 'json':
      return null;
    case 'bool':
      return false;
    case 'fieldsV1':
      return {};
    default:
      return 0;
  }
}

/**
 * Encodes the JSON form of a message byte for byte as Kubernetes' gogo-generated code does: fields
 * in field-number order; non-pointer scalars and structs always written (empty or zero when
 * absent); pointers, repeated fields and maps only when present; map keys sorted.
 */
export function encodeMessage(m: ProtoMessage, obj: Record<string, unknown>): Uint8Array {
  const w = new ProtoWriter();
  encodeFields(w, m, obj);
  return w.finish();
}

/**
 * {@link encodeMessage} inside the `k8s\0` + runtime.Unknown envelope (what encodeEnvelope writes
 * around it), written in one pass into one buffer.
 */
export function encodeMessageInEnvelope(m: ProtoMessage, obj: Record<string, unknown>, apiVersion: string, kind: string): Uint8Array {
  const w = new ProtoWriter().raw(envelopePrefix);
  const typeMeta = w.beginDelimited(1);
  w.string(1, apiVersion).string(2, kind);
  w.endDelimited(typeMeta);
  const raw = w.beginDelimited(2);
  encodeFields(w, m, obj);
  w.endDelimited(raw);
  return w.string(3, '').string(4, '').finish();
}

/** `k8s\0` (protoEncodingPrefix of protobuf.ts). */
const envelopePrefix = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

/** A value of field `f` (one element of a repeated field), in place. */
function encodeValue(w: ProtoWriter, f: ProtoField, x: unknown): void {
  if (typeof f.type === 'string') {
    encodeScalar(w, f.no, f.type, x);
    return;
  }
  const mark = w.beginDelimited(f.no);
  encodeFields(w, f.type, toWire(f, x));
  w.endDelimited(mark);
}

function encodeFields(w: ProtoWriter, m: ProtoMessage, obj: Record<string, unknown>): void {
  for (const f of fieldsOf(m)) {
    let v = f.inline ? obj : obj[f.name];
    if (v === undefined || v === null) {
      if (f.pointer || f.repeated || f.map) continue;
      v = zeroOf(f);
    }
    if (f.map) {
      const map = v as Record<string, unknown>;
      for (const key of Object.keys(map).sort()) {
        const val = map[key];
        if (f.type === 'string' && typeof val === 'string') {
          w.stringEntry(f.no, key, val);
          continue;
        }
        const mark = w.beginDelimited(f.no);
        w.string(1, key);
        if (typeof f.type === 'string') encodeScalar(w, 2, f.type, val);
        else {
          const inner = w.beginDelimited(2);
          encodeFields(w, f.type, toWire(f, val));
          w.endDelimited(inner);
        }
        w.endDelimited(mark);
      }
    } else if (f.repeated) {
      for (const x of v as unknown[]) encodeValue(w, f, x);
    } else {
      encodeValue(w, f, v);
    }
  }
}
