// The watch cache's objects held as bytes (no kube counterpart: kube's watch cache holds every object
// decoded). A decoded 1 KiB ConfigMap costs ~2.1 KB of heap in JavaScript, its protobuf ~1.1 KB; so a
// cached object keeps its codec's bytes and is decoded when read. The objects read again and again
// (and those just written) stay decoded in a pool of bounded size, so hot reads cost what they did.
import type { Codec, KubeObject } from '@kapi/apimachinery';
import type { ObjectAttrs } from '@kapi/storage';
import type { StoreElement } from './cache-store.ts';

/**
 * The decoded objects a pool keeps by default: a LIST of 10k objects read again and again stays
 * decoded, with room for the objects being written.
 */
export const defaultDecodedObjects = 16_384;

/** How one cache turns its objects into bytes and back. */
export interface CompactForm {
  readonly codec: Pick<Codec, 'encode' | 'decode'>;
  /** What a decoded object becomes before the cache hands it out (kube's field order, frozen; with its repeated values shared when `kept`). */
  readonly prepare: (obj: KubeObject, kept: boolean) => KubeObject;
  readonly pool: DecodedPool;
}

/** Bytes held as a one-byte string: 16 bytes of header, where a Uint8Array and its buffer take ~200. */
function toLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The bytes being decoded: codecs copy what they keep of their input, and decode synchronously. */
let scratch = Buffer.allocUnsafeSlow(16 * 1024);

function fromLatin1(s: string): Uint8Array {
  if (s.length > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(s.length, scratch.length * 2));
  scratch.write(s, 0, 'latin1');
  return scratch.subarray(0, s.length);
}

/** Read since the pool's hand last passed (CLOCK's reference bit). */
const used = 1;
/** Read once while held as bytes. */
const seen = 2;
/** Replaced or deleted in the store: the pool may drop it at once. */
const released = 4;

/**
 * The bytes of an object, or undefined when its codec cannot write it (an object read from a value
 * stored as JSON that the protobuf message cannot hold): such an object stays decoded.
 */
function encodeOrUndefined(form: CompactForm, obj: KubeObject): string | undefined {
  try {
    return toLatin1(form.codec.encode(obj));
  } catch {
    return undefined;
  }
}

/**
 * A cached object that is either decoded (in the pool) or only bytes. The first read of an object
 * held as bytes decodes it for that read only; a second read keeps it decoded: a scan of every
 * object (an informer's list, a watch from resourceVersion 0) does not push out what is read often.
 */
export class CompactElement implements StoreElement {
  private decoded: KubeObject | undefined;
  private bytes: string | undefined;
  /** The flags below, in one field (an element per cached object). */
  private flags = 0;

  constructor(
    readonly key: string,
    readonly attrs: ObjectAttrs | undefined,
    private readonly form: CompactForm,
    prepared: KubeObject | undefined,
    raw?: KubeObject,
  ) {
    if (prepared !== undefined) {
      this.decoded = prepared;
      form.pool.admit(this);
      return;
    }
    const bytes = encodeOrUndefined(form, raw!);
    if (bytes !== undefined) this.bytes = bytes;
    else this.decoded = form.prepare(raw!, true);
  }

  get object(): KubeObject {
    const d = this.decoded;
    if (d !== undefined) {
      this.flags |= used;
      return d;
    }
    if ((this.flags & (seen | released)) !== seen) {
      this.flags |= seen;
      return this.load(false);
    }
    const obj = this.load(true);
    this.decoded = obj;
    this.form.pool.admit(this);
    return obj;
  }

  /** The object, without counting as a read (an event's previous object, which watchers may never need). */
  peek(): KubeObject {
    return this.decoded ?? this.load(false);
  }

  private load(kept: boolean): KubeObject {
    return this.form.prepare(this.form.codec.decode(fromLatin1(this.bytes!)), kept);
  }

  /** For the pool: marks it read. */
  markUsed(): void {
    this.flags |= used;
  }

  /** For the pool's hand: true when it may go back to bytes now; otherwise clears its mark (its second chance). */
  takeChance(): boolean {
    if (this.decoded === undefined || (this.flags & (used | released)) !== used) return true;
    this.flags &= ~used;
    return false;
  }

  /** The pool's hand took it: keep only the bytes (an object its codec cannot write stays decoded). */
  evict(): void {
    const d = this.decoded;
    if (d === undefined) return;
    if (this.bytes === undefined && (this.flags & released) === 0) {
      const bytes = encodeOrUndefined(this.form, d);
      if (bytes === undefined) return;
      this.bytes = bytes;
    }
    this.decoded = undefined;
    this.flags &= released;
  }

  /** The store no longer holds it. */
  release(): void {
    this.flags |= released;
  }
}

/**
 * The decoded objects of one or more caches, at most `capacity` of them, replaced by the CLOCK
 * algorithm: admitting one into a full pool moves the hand past objects read since it last passed
 * (clearing their mark) to the first that was not, which goes back to bytes.
 */
export class DecodedPool {
  private readonly ring: CompactElement[] = [];
  private hand = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.ring.length;
  }

  admit(e: CompactElement): void {
    e.markUsed();
    if (this.capacity <= 0) {
      e.evict();
      return;
    }
    if (this.ring.length < this.capacity) {
      this.ring.push(e);
      return;
    }
    for (;;) {
      const victim = this.ring[this.hand]!;
      this.hand = (this.hand + 1) % this.capacity;
      if (victim.takeChance()) {
        victim.evict();
        this.ring[(this.hand + this.capacity - 1) % this.capacity] = e;
        return;
      }
    }
  }
}

/** The object of an element without counting it as a read. */
export function peekObject(e: StoreElement): KubeObject {
  return e instanceof CompactElement ? e.peek() : e.object;
}
