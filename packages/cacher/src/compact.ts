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
  /**
   * What a decoded object becomes before the cache hands it out: kube's field order; frozen unless
   * `mode` is 'private' (one reader's own copy); its repeated values shared when 'kept'.
   */
  readonly prepare: (obj: KubeObject, mode: 'kept' | 'shared' | 'private') => KubeObject;
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

/** Markers for fields an element rebuilds from its key (the usual `metadata.name` and `metadata.namespace`). */
const nameFromKey: ObjectAttrs['fields'] = Object.freeze({});
const nameAndNamespaceFromKey: ObjectAttrs['fields'] = Object.freeze({});

/** A key's last segment (the name) and the one before it (the namespace, for a namespaced key). */
function lastSegments(key: string): { name: string; namespace: string } {
  const slash = key.lastIndexOf('/');
  return { name: key.slice(slash + 1), namespace: key.slice(key.lastIndexOf('/', slash - 1) + 1, slash) };
}

/**
 * The fields as one of the markers when they are exactly the key's last segments (a name and a
 * namespace, or a name), which the element then need not keep (~70 bytes per object); else as given.
 */
function fieldsToKeep(key: string, fields: ObjectAttrs['fields']): ObjectAttrs['fields'] {
  const names = Object.keys(fields);
  const { name, namespace } = lastSegments(key);
  if (names[0] !== 'metadata.name' || fields['metadata.name'] !== name) return fields;
  if (names.length === 1) return nameFromKey;
  if (names.length === 2 && names[1] === 'metadata.namespace' && fields['metadata.namespace'] === namespace) return nameAndNamespaceFromKey;
  return fields;
}

function fieldsFromKey(key: string, kept: ObjectAttrs['fields']): ObjectAttrs['fields'] {
  if (kept !== nameFromKey && kept !== nameAndNamespaceFromKey) return kept;
  const { name, namespace } = lastSegments(key);
  return kept === nameFromKey ? { 'metadata.name': name } : { 'metadata.name': name, 'metadata.namespace': namespace };
}

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
 * One of these per cached object, so it is kept small: the object or its bytes in one field, its
 * attributes' two parts without an object around them (the usual fields rebuilt from its key), its
 * flags in one number.
 */
export class CompactElement implements StoreElement {
  /** The decoded object, or its bytes (a string). */
  private value: KubeObject | string;
  private readonly labels: ObjectAttrs['labels'] | undefined;
  private readonly fields: ObjectAttrs['fields'] | undefined;
  /** The flags above. */
  private flags = 0;

  constructor(
    readonly key: string,
    attrs: ObjectAttrs | undefined,
    private readonly form: CompactForm,
    prepared: KubeObject | undefined,
    raw?: KubeObject,
  ) {
    this.labels = attrs?.labels;
    this.fields = attrs === undefined ? undefined : fieldsToKeep(key, attrs.fields);
    if (prepared !== undefined) {
      this.value = prepared;
      form.pool.admit(this);
      return;
    }
    this.value = encodeOrUndefined(form, raw!) ?? form.prepare(raw!, 'kept');
  }

  get attrs(): ObjectAttrs | undefined {
    return this.fields === undefined ? undefined : { labels: this.labels!, fields: fieldsFromKey(this.key, this.fields) };
  }

  get object(): KubeObject {
    const v = this.value;
    if (typeof v !== 'string') {
      this.flags |= used;
      return v;
    }
    if ((this.flags & (seen | released)) !== seen) {
      this.flags |= seen;
      return this.load(v, 'shared');
    }
    const obj = this.load(v, 'kept');
    this.value = obj;
    this.form.pool.admit(this);
    return obj;
  }

  /** The object, without counting as a read (an event's previous object, which watchers may never need). */
  peek(): KubeObject {
    const v = this.value;
    return typeof v === 'string' ? this.load(v, 'shared') : v;
  }

  /** The object for one reader of a scan (not counted as a read): decoded from bytes, its own unfrozen copy. */
  scan(): KubeObject {
    const v = this.value;
    return typeof v === 'string' ? this.load(v, 'private') : v;
  }

  private load(bytes: string, mode: 'kept' | 'shared' | 'private'): KubeObject {
    return this.form.prepare(this.form.codec.decode(fromLatin1(bytes)), mode);
  }

  /** For the pool: marks it read. */
  markUsed(): void {
    this.flags |= used;
  }

  /** For the pool's hand: true when it may go back to bytes now; otherwise clears its mark (its second chance). */
  takeChance(): boolean {
    if (typeof this.value === 'string' || (this.flags & (used | released)) !== used) return true;
    this.flags &= ~used;
    return false;
  }

  /** The pool's hand took it: keep only the bytes (an object its codec cannot write stays decoded). */
  evict(): void {
    const v = this.value;
    if (typeof v === 'string') return;
    this.flags &= released;
    // Replaced or deleted: no one reads it again; the store's new element holds the current object.
    if ((this.flags & released) !== 0) return;
    const bytes = encodeOrUndefined(this.form, v);
    if (bytes !== undefined) this.value = bytes;
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

/** The object of an element for one reader of a scan: not counted as a read, and not frozen when decoded for it. */
export function scanObject(e: StoreElement): KubeObject {
  return e instanceof CompactElement ? e.scan() : e.object;
}
