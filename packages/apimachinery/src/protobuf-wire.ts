// The protobuf wire format (varints, length-delimited fields) as Kubernetes' gogo-generated code
// reads and writes it. Integers are JS numbers; values beyond 2^53 are rejected, never rounded.

export const WireType = {
  Varint: 0,
  Fixed64: 1,
  LengthDelimited: 2,
  StartGroup: 3,
  EndGroup: 4,
  Fixed32: 5,
} as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

export class ProtoDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtoDecodeError';
  }
}

// ignoreBOM keeps a leading U+FEFF: a string field's bytes are its value, as in Go.
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Reads one message's bytes field by field. */
export class ProtoReader {
  pos = 0;
  constructor(readonly buf: Uint8Array, readonly end = buf.length) {}

  done(): boolean {
    return this.pos >= this.end;
  }

  /** Reads a varint as a safe integer (negative int64 values are read as their two's complement). */
  varint(): number {
    // Fast path: up to four bytes (28 bits) with bit operations, up to seven (49 bits) with
    // multiplication, both exact; longer ones (and negative numbers) with BigInt.
    const start = this.pos;
    let result = 0;
    for (let i = 0; i < 4; i++) {
      if (this.pos >= this.end) throw new ProtoDecodeError('unexpected end of data in varint');
      const b = this.buf[this.pos++]!;
      result |= (b & 0x7f) << (7 * i);
      if ((b & 0x80) === 0) return result;
    }
    let scale = 2 ** 28;
    for (let i = 4; i < 7; i++) {
      if (this.pos >= this.end) throw new ProtoDecodeError('unexpected end of data in varint');
      const b = this.buf[this.pos++]!;
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return result;
      scale *= 128;
    }
    this.pos = start;
    let low = 0;
    for (let i = 0; i < 4; i++) low |= (this.buf[this.pos++]! & 0x7f) << (7 * i);
    return this.varintSlow(BigInt(low), 28n);
  }

  /**
   * A reader of the length-delimited field at the position (a nested message), over the same bytes;
   * this reader moves past it.
   */
  nested(): ProtoReader {
    const len = this.varint();
    const end = this.pos + len;
    if (len < 0 || end > this.end) throw new ProtoDecodeError('length-delimited field overruns its message');
    const inner = new ProtoReader(this.buf, end);
    inner.pos = this.pos;
    this.pos = end;
    return inner;
  }

  private varintSlow(acc: bigint, shift: bigint): number {
    let result = acc;
    for (let i = 4; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtoDecodeError('unexpected end of data in varint');
      const b = this.buf[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        const signed = BigInt.asIntN(64, result);
        if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
          throw new ProtoDecodeError(`integer ${signed} is out of the exact range of a number`);
        }
        return Number(signed);
      }
      shift += 7n;
    }
    throw new ProtoDecodeError('varint is too long');
  }

  tag(): { no: number; wire: WireType } {
    const t = this.varint();
    return { no: Math.floor(t / 8), wire: (t & 7) as WireType };
  }

  bytes(): Uint8Array {
    const len = this.varint();
    if (len < 0 || this.pos + len > this.end) throw new ProtoDecodeError('length-delimited field overruns its message');
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  string(): string {
    const len = this.varint();
    const start = this.pos;
    const end = start + len;
    if (len < 0 || end > this.end) throw new ProtoDecodeError('length-delimited field overruns its message');
    this.pos = end;
    // Short ASCII strings (names, keys, most values) without a view and a TextDecoder call.
    if (len <= 24) {
      const buf = this.buf;
      let text = '';
      for (let i = start; i < end; i++) {
        const c = buf[i]!;
        if (c >= 0x80) return utf8Decoder.decode(buf.subarray(start, end));
        text += String.fromCharCode(c);
      }
      return text;
    }
    return utf8Decoder.decode(this.buf.subarray(start, end));
  }

  /** A little-endian IEEE 754 double (wire type Fixed64). */
  double(): number {
    if (this.pos + 8 > this.end) throw new ProtoDecodeError('unexpected end of data in double');
    const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true);
    this.pos += 8;
    return v;
  }

  skip(wire: WireType): void {
    switch (wire) {
      case WireType.Varint:
        this.varint();
        return;
      case WireType.Fixed64:
        this.pos += 8;
        break;
      case WireType.LengthDelimited:
        this.bytes();
        return;
      case WireType.Fixed32:
        this.pos += 4;
        break;
      default:
        throw new ProtoDecodeError(`unsupported wire type ${wire}`);
    }
    if (this.pos > this.end) throw new ProtoDecodeError('unexpected end of data');
  }
}

const utf8 = new TextEncoder();

/**
 * The buffer of the last finished writer, lent to the next one: most messages are written one
 * after the other, so a writer rarely grows or allocates. A writer made while another is writing
 * gets a buffer of its own.
 */
let spare: Uint8Array | undefined;
/** Buffers larger than this are not kept for the next writer. */
const spareMaxBytes = 1 << 20;

/** Writes a message; fields are appended in the order written. A writer is done once finished. */
export class ProtoWriter {
  private buf: Uint8Array;
  private pos = 0;

  constructor() {
    this.buf = spare ?? new Uint8Array(1024);
    spare = undefined;
  }

  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = Math.max(this.buf.length * 2, 256);
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  varint(value: number | bigint): this {
    if (typeof value === 'number' && value >= 0 && value <= 0x7fffffff) {
      this.reserve(5);
      let v = value;
      while (v > 0x7f) {
        this.buf[this.pos++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.pos++] = v;
      return this;
    }
    this.reserve(10);
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) b |= 0x80;
      this.buf[this.pos++] = b;
    } while (v !== 0n);
    return this;
  }

  tag(no: number, wire: WireType): this {
    return this.varint(no * 8 + wire);
  }

  /** Writes a double's 8 bytes (after its tag). */
  double(value: number): this {
    this.reserve(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).setFloat64(0, value, true);
    this.pos += 8;
    return this;
  }

  /** Appends bytes as they are (no tag, no length). */
  raw(data: Uint8Array): this {
    this.reserve(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
    return this;
  }

  bytes(no: number, data: Uint8Array): this {
    this.tag(no, WireType.LengthDelimited).varint(data.length);
    this.reserve(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
    return this;
  }

  string(no: number, s: string): this {
    const len = Buffer.byteLength(s, 'utf8');
    this.tag(no, WireType.LengthDelimited).varint(len);
    this.reserve(len);
    this.pos += utf8.encodeInto(s, this.buf.subarray(this.pos, this.pos + len)).written;
    return this;
  }

  /**
   * Starts a length-delimited field written in place: its tag and room for a one-byte length.
   * Returns the mark {@link endDelimited} needs once the field's content has been written.
   */
  beginDelimited(no: number): number {
    this.tag(no, WireType.LengthDelimited);
    this.reserve(1);
    return this.pos++;
  }

  /** Ends a field started with {@link beginDelimited}: writes its length, moving the content when it needs more than one byte. */
  endDelimited(mark: number): void {
    const len = this.pos - mark - 1;
    const size = varintSize(len);
    if (size > 1) {
      this.reserve(size - 1);
      this.buf.copyWithin(mark + size, mark + 1, this.pos);
      this.pos += size - 1;
    }
    let v = len;
    let p = mark;
    while (v > 0x7f) {
      this.buf[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[p] = v;
  }

  /** A map<string, string> entry (key 1, value 2) as field `no`, written in place. */
  stringEntry(no: number, key: string, value: string): this {
    const k = Buffer.byteLength(key, 'utf8');
    const v = Buffer.byteLength(value, 'utf8');
    this.tag(no, WireType.LengthDelimited).varint(1 + varintSize(k) + k + 1 + varintSize(v) + v);
    return this.string(1, key).string(2, value);
  }

  /** The message's bytes (a copy); the writer's buffer goes to the next writer. */
  finish(): Uint8Array {
    const out = this.buf.slice(0, this.pos);
    if (this.buf.length <= spareMaxBytes) spare = this.buf;
    this.buf = new Uint8Array(0);
    this.pos = 0;
    return out;
  }
}

/** Bytes a non-negative varint takes. */
export function varintSize(n: number): number {
  let size = 1;
  while (n > 0x7f) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}
