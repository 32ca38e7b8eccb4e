// Behaviour of k8s.io/apimachinery/pkg/util/framer/framer.go and the watch stream encoding of
// k8s.io/apiserver/pkg/endpoints/handlers/watch.go (v1.33): how watch events travel.
//
// JSON watches: one JSON object per line. Protobuf watches (`application/vnd.kubernetes.protobuf;
// stream=watch`): frames of a 4-byte big-endian length and a raw metav1.WatchEvent message (no
// `k8s\0` envelope), whose object is a RawExtension holding the enveloped object.
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './protobuf-wire.ts';

/** Prefixes a frame with its length, 4 bytes big-endian. */
export function frameLengthDelimited(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + data.length);
  new DataView(out.buffer).setUint32(0, data.length, false);
  out.set(data, 4);
  return out;
}

/** Reassembles length-delimited frames from chunks as they arrive. */
export function createLengthDelimitedReader(maxFrameBytes = 16 * 1024 * 1024): { push(chunk: Uint8Array): Uint8Array[] } {
  let buf = new Uint8Array(0);
  return {
    push(chunk) {
      const joined = new Uint8Array(buf.length + chunk.length);
      joined.set(buf, 0);
      joined.set(chunk, buf.length);
      const frames: Uint8Array[] = [];
      let pos = 0;
      while (joined.length - pos >= 4) {
        const len = new DataView(joined.buffer, joined.byteOffset + pos, 4).getUint32(0, false);
        if (len > maxFrameBytes) throw new ProtoDecodeError(`frame of ${len} bytes exceeds the limit of ${maxFrameBytes}`);
        if (joined.length - pos - 4 < len) break;
        frames.push(joined.slice(pos + 4, pos + 4 + len));
        pos += 4 + len;
      }
      buf = joined.slice(pos);
      return frames;
    },
  };
}

/** Splits a newline-delimited JSON stream into parsed events as chunks arrive. */
export function createNewlineDelimitedReader(): { push(chunk: string): unknown[] } {
  let buf = '';
  return {
    push(chunk) {
      buf += chunk;
      const out: unknown[] = [];
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line !== '') out.push(JSON.parse(line));
      }
      return out;
    },
  };
}

/** metav1.WatchEvent in protobuf: type (1) and object (2, a RawExtension whose raw (1) is the enveloped object). */
export function encodeWatchEventProto(type: string, object: Uint8Array): Uint8Array {
  const raw = new ProtoWriter().bytes(1, object).finish();
  return new ProtoWriter().string(1, type).bytes(2, raw).finish();
}

export function decodeWatchEventProto(data: Uint8Array): { type: string; object: Uint8Array } {
  const r = new ProtoReader(data);
  let type = '';
  let object: Uint8Array = new Uint8Array();
  while (!r.done()) {
    const { no, wire } = r.tag();
    if (no === 1 && wire === WireType.LengthDelimited) type = r.string();
    else if (no === 2 && wire === WireType.LengthDelimited) {
      const ext = new ProtoReader(r.bytes());
      while (!ext.done()) {
        const t = ext.tag();
        if (t.no === 1 && t.wire === WireType.LengthDelimited) object = ext.bytes();
        else ext.skip(t.wire);
      }
    } else r.skip(wire);
  }
  return { type, object };
}
