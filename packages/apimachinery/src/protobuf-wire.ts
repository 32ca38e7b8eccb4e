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
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
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
    return utf8Decoder.decode(this.bytes());
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

/** Writes a message; fields are appended in the order written. */
export class ProtoWriter {
  private chunks: number[] = [];

  varint(value: number | bigint): this {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) b |= 0x80;
      this.chunks.push(b);
    } while (v !== 0n);
    return this;
  }

  tag(no: number, wire: WireType): this {
    return this.varint(no * 8 + wire);
  }

  bytes(no: number, data: Uint8Array): this {
    this.tag(no, WireType.LengthDelimited).varint(data.length);
    for (const b of data) this.chunks.push(b);
    return this;
  }

  string(no: number, s: string): this {
    return this.bytes(no, utf8.encode(s));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}
