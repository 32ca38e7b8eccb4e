// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/json/json.go (v1.33): the JSON codec.
import type { KubeObject } from './meta.ts';
import { newBadRequest } from './errors.ts';

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

/** Decodes a JSON object; anything that is not one JSON object is a 400. */
export function decodeJsonObject(data: Uint8Array | string): KubeObject {
  let text: string;
  try {
    text = typeof data === 'string' ? data : decoder.decode(data);
  } catch {
    throw newBadRequest('the request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw newBadRequest(`couldn't get version/kind; json parse error: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw newBadRequest(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  }
  return value as KubeObject;
}

/** The JSON codec: compact output, as kube-apiserver writes it. */
export const jsonCodec: Codec = {
  contentType: 'application/json',
  encode: (obj) => encoder.encode(JSON.stringify(obj)),
  decode: decodeJsonObject,
};
