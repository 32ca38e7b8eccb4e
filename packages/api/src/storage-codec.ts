// Behaviour of k8s.io/apiserver/pkg/server/storage/storage_codec.go and the recognizing decoder of
// runtime/serializer (v1.33): built-in kinds are stored as protobuf (`k8s\0` + runtime.Unknown), as
// kube-apiserver stores them, so either server can read what the other wrote; values written as
// JSON (by earlier kapi versions, or by hand) are still read.
import {
  decodeEnvelope,
  decodeMessage,
  encodeMessage,
  encodeMessageInEnvelope,
  hasProtobufPrefix,
  jsonCodec,
  protobufContentType,
  type Codec,
  type KubeObject,
} from '@kapi/apimachinery';
import type { KindDefinition } from './kind.ts';

/** The storage codec of a built-in kind: protobuf out, protobuf or JSON in. */
export function storageCodecOf(def: KindDefinition): Codec {
  const apiVersion = def.group === '' ? def.version : `${def.group}/${def.version}`;
  return {
    contentType: protobufContentType,
    encode(obj) {
      const { apiVersion: _apiVersion, kind: _kind, ...rest } = obj as KubeObject;
      return encodeMessageInEnvelope(def.proto, rest, apiVersion, def.kind);
    },
    decode(data) {
      if (!hasProtobufPrefix(data)) return jsonCodec.decode(data);
      const env = decodeEnvelope(data);
      if (env.kind !== def.kind) throw new Error(`stored object is a ${env.apiVersion} ${env.kind}, not a ${apiVersion} ${def.kind}`);
      // kind first, as kube writes an object (and the watch cache keeps it).
      return { kind: env.kind, apiVersion: env.apiVersion, ...decodeMessage(def.proto, env.raw) } as KubeObject;
    },
  };
}

/**
 * A built-in kind's object as its bare protobuf message, without the envelope every stored value
 * repeats (`k8s\0`, apiVersion, kind: ~25 bytes): what the watch cache holds its objects as. Only
 * for objects of this kind; decode gives back kind and apiVersion.
 */
export function messageCodecOf(def: KindDefinition): Pick<Codec, 'encode' | 'decode'> {
  const apiVersion = def.group === '' ? def.version : `${def.group}/${def.version}`;
  return {
    encode(obj) {
      const { apiVersion: _apiVersion, kind: _kind, ...rest } = obj as KubeObject;
      return encodeMessage(def.proto, rest);
    },
    decode(data) {
      return { kind: def.kind, apiVersion, ...decodeMessage(def.proto, data) } as KubeObject;
    },
  };
}
