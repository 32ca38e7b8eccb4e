import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createLengthDelimitedReader,
  createNewlineDelimitedReader,
  decodeWatchEventProto,
  encodeWatchEventProto,
  frameLengthDelimited,
} from './framing.ts';
import { encodeEnvelope } from './protobuf.ts';

describe('length-delimited frames', () => {
  it('prefixes a 4-byte big-endian length', () => {
    expect([...frameLengthDelimited(Uint8Array.of(7, 8, 9))]).toEqual([0, 0, 0, 3, 7, 8, 9]);
  });

  it('reassembles frames from any split of the stream', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (frames, cuts) => {
        const stream = Buffer.concat(frames.map((f) => frameLengthDelimited(f)));
        const points = [...new Set(cuts.map((c) => (stream.length ? c % stream.length : 0)))].sort((a, b) => a - b);
        const reader = createLengthDelimitedReader();
        const got: Uint8Array[] = [];
        let prev = 0;
        for (const p of [...points, stream.length]) {
          got.push(...reader.push(stream.subarray(prev, p)));
          prev = p;
        }
        expect(got.map((g) => [...g])).toEqual(frames.map((f) => [...f]));
      }),
    );
  });

  it('rejects a frame larger than the limit', () => {
    expect(() => createLengthDelimitedReader(10).push(frameLengthDelimited(new Uint8Array(11)))).toThrow('exceeds the limit');
  });
});

describe('newline-delimited JSON', () => {
  it('yields one event per complete line, across chunk boundaries', () => {
    const r = createNewlineDelimitedReader();
    expect(r.push('{"type":"ADDED","object":{}}\n{"type":"MOD')).toEqual([{ type: 'ADDED', object: {} }]);
    expect(r.push('IFIED","object":{}}\n')).toEqual([{ type: 'MODIFIED', object: {} }]);
  });
});

describe('protobuf watch events', () => {
  it('round-trips type and the enveloped object', () => {
    const object = encodeEnvelope('v1', 'ConfigMap', Uint8Array.of(10, 0));
    const ev = decodeWatchEventProto(encodeWatchEventProto('ADDED', object));
    expect(ev.type).toBe('ADDED');
    expect([...ev.object]).toEqual([...object]);
  });
});
