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

/** The JSON codec of stored values: compact output, as kube-apiserver writes it. */
export const jsonCodec: Codec = {
  contentType: 'application/json',
  encode: (obj) => encoder.encode(JSON.stringify(obj)),
  decode: decodeTrustedJsonObject,
};
