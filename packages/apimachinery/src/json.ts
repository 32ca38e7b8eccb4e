// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/json/json.go (v1.33): the JSON codec.
import type { KubeObject } from './meta.ts';
import { newBadRequest } from './errors.ts';
import { isJsonSyntaxError, parseJson, type ParsedJson } from './json-scan.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A codec between objects and bytes. */
export interface Codec {
  readonly contentType: string;
  encode(obj: unknown): Uint8Array;
  decode(data: Uint8Array): KubeObject;
}

/** How Go's encoding/json names a JSON value's type in an UnmarshalTypeError. */
function goJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** Options of {@link decodeJsonObject}. */
export interface DecodeJsonOptions {
  /**
   * When set, the document is also scanned for fields that occur twice in one object, and this is
   * called once with their paths (kube's format, e.g. `data.a`) and their offsets in the decoded
   * text (for `strictDecodingErrors`), before the object is returned.
   */
  readonly onDuplicates?: (paths: string[], offsets: number[]) => void;
}

/**
 * Decodes a JSON object; anything that is not one JSON object is a 400 with Go's message, and so is
 * nesting deeper than kube's limit of 10,000.
 */
export function decodeJsonObject(data: Uint8Array | string, options: DecodeJsonOptions = {}): KubeObject {
  let text: string;
  try {
    text = typeof data === 'string' ? data : decoder.decode(data);
  } catch {
    throw newBadRequest('the request body is not valid UTF-8');
  }
  let parsed: ParsedJson;
  try {
    parsed = parseJson(text, { reportDuplicates: options.onDuplicates !== undefined });
  } catch (err) {
    if (!isJsonSyntaxError(err)) throw err;
    throw newBadRequest(`couldn't get version/kind; json parse error: ${err.status.message}`);
  }
  const { value } = parsed;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw newBadRequest(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  }
  options.onDuplicates?.(parsed.duplicates, parsed.duplicateOffsets);
  return value as KubeObject;
}

/**
 * Decodes JSON this process wrote (stored values): the engine's JSON.parse, which is several times
 * faster than the scanner that gives request bodies Go's error messages; only a value it rejects,
 * or one that is not an object, goes through decodeJsonObject for that message.
 */
function decodeTrustedJsonObject(data: Uint8Array): KubeObject {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(data));
  } catch {
    return decodeJsonObject(data);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return decodeJsonObject(data);
  return value as KubeObject;
}

/**
 * The JSON codec of stored values: compact output with every object's keys sorted, as kube-apiserver
 * writes unstructured objects (custom resources) with Go's encoding of maps. The bytes depend on the
 * content alone, never on the order keys were added in: an update that changes nothing encodes to
 * the stored bytes and writes nothing, whatever order the client or the watch cache holds keys in.
 */
export const jsonCodec: Codec = {
  contentType: 'application/json',
  encode: (obj) => encoder.encode(JSON.stringify(obj, sortedKeys)),
  decode: decodeTrustedJsonObject,
};

/** A JSON.stringify replacer writing each plain object with its keys in Go's order (by UTF-8 bytes). */
function sortedKeys(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if (goStringLess(keys[i]!, keys[i - 1]!)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return value;
  keys.sort((a, b) => (goStringLess(a, b) ? -1 : goStringLess(b, a) ? 1 : 0));
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    // `__proto__` (a valid key) must stay a key: assignment would set the prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out;
}

/**
 * Go's string order (UTF-8 bytes, i.e. code points): JS compares UTF-16 code units, which differs
 * only between a character above U+FFFF and one in U+E000–U+FFFF.
 */
function goStringLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return (a.codePointAt(i) ?? x) < (b.codePointAt(i) ?? y);
    return x < y;
  }
  return a.length < b.length;
}
