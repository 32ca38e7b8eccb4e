// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/customresource_handler.go
// (crdConversionRESTOptionsGetter, schemaCoercingConverter, unstructuredSchemaCoercer) and
// pkg/apiserver/conversion (v0.33): the storage codec of one served version of a CRD. A stored
// object is pruned, coerced and defaulted with the schema of the version it was stored in, converted
// to the served version (strategy None: its apiVersion rewritten; Webhook: by the CRD's conversion
// webhook), then pruned and coerced with the served version's schema; a write goes the other way.
import {
  applyDefaults,
  coerceEmbeddedResources,
  createWebhookConverter,
  createWebhookTransport,
  prune,
  pruneNonNullableNullsWithoutDefaults,
  type ConversionWebhookTransport,
  type CustomResourceConverter,
  type Structural,
  type WebhookClientConfig,
} from '@kapi/apiextensions';
import { failureStatus, fieldErrorString, metaOf, newStatusError, type KubeObject } from '@kapi/apimachinery';
import type { ObjectConversion } from '@kapi/storage';
import type { StorageConversion } from './builtin-resource.ts';
import type { CustomResourceInfo } from './customresource-info.ts';

/**
 * Prunes and defaults an object as kube's custom resource decoder does on every request body:
 * unknown fields go (not with x-kubernetes-preserve-unknown-fields), embedded resources' metadata is
 * coerced, nulls without defaults in non-nullable places go, then defaults apply.
 */
export function pruneAndDefault(obj: KubeObject, info: Pick<CustomResourceInfo, 'structural' | 'preserveUnknownFields'>): void {
  if (!info.preserveUnknownFields) prune(obj, info.structural, { isResourceRoot: true });
  coerceEmbeddedResources(undefined, obj, info.structural, true, { dropInvalidFields: true });
  pruneNonNullableNullsWithoutDefaults(obj, info.structural);
  applyDefaults(obj, info.structural);
}

/** How a CRD's objects are converted (spec.conversion of apiextensions.k8s.io/v1). */
export interface CustomResourceConversionSpec {
  strategy?: string;
  webhook?: { clientConfig?: WebhookClientConfig; conversionReviewVersions?: string[] };
}

/** Makes the transport to a CRD's conversion webhook (kube's webhook ClientManager). */
export type ConversionWebhookTransportFactory = (clientConfig: WebhookClientConfig) => ConversionWebhookTransport;

/** What one served version's storage conversion is made from. */
export interface VersionConversionContext {
  group: string;
  /** The served version's `group/version`. */
  apiVersion: string;
  storageVersion: string;
  /** Every version's structural schema, by version name (a version with none maps to undefined). */
  structurals: ReadonlyMap<string, Structural | undefined>;
  preserveUnknownFields: boolean;
}

/** The converter of a CRD with strategy Webhook, shared by its served versions; undefined for None. */
export function crdConverter(
  group: string,
  versions: readonly string[],
  conversion: CustomResourceConversionSpec | undefined,
  transportFor: ConversionWebhookTransportFactory = (config) => createWebhookTransport(config),
): CustomResourceConverter | undefined {
  if (conversion?.strategy !== 'Webhook') return undefined;
  const webhook = conversion.webhook ?? {};
  return createWebhookConverter({ group, versions, conversionReviewVersions: webhook.conversionReviewVersions ?? [], transport: transportFor(webhook.clientConfig ?? {}) });
}

/** The version of a stored object, when it belongs to the group ('' otherwise). */
function versionIn(group: string, obj: KubeObject): string {
  const av = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  return av.startsWith(`${group}/`) ? av.slice(group.length + 1) : '';
}

/** Pruning and defaulting with the schema of the version an object was stored in, and its generation repaired. */
function decodeStored(c: VersionConversionContext, obj: KubeObject): void {
  const stored = versionIn(c.group, obj);
  if (stored !== '' && c.structurals.has(stored)) pruneAndDefault(obj, { structural: c.structurals.get(stored), preserveUnknownFields: c.preserveUnknownFields });
  const meta = metaOf(obj);
  if ((meta.generation ?? 0) < 1) meta.generation = 1;
}

/** Strategy None, done by the codec: synchronous. */
export function noneStorageConversion(c: VersionConversionContext): StorageConversion {
  const structural = c.structurals.get(c.apiVersion.slice(c.group.length + 1));
  const storageApiVersion = `${c.group}/${c.storageVersion}`;
  return {
    decode(obj) {
      decodeStored(c, obj);
      if (obj.apiVersion !== c.apiVersion) {
        obj.apiVersion = c.apiVersion;
        if (!c.preserveUnknownFields) prune(obj, structural, { isResourceRoot: true });
      }
      return obj;
    },
    encode(obj) {
      if (obj.apiVersion === storageApiVersion) return obj;
      const out = { ...structuredClone(obj), apiVersion: storageApiVersion };
      if (!c.preserveUnknownFields) prune(out, c.structurals.get(c.storageVersion), { isResourceRoot: true });
      return out;
    },
  };
}

/**
 * A conversion error as the API answers it: kube's converters return plain errors, which its
 * handlers answer with a 500 Status carrying the message and no reason (ErrorToAPIStatus).
 */
function conversionFailure(err: unknown): Error {
  return newStatusError(failureStatus(500, '', err instanceof Error ? err.message : String(err)));
}

/**
 * kube's unstructuredSchemaCoercer on a converted object: pruned and coerced with its version's
 * schema; an embedded resource whose apiVersion, kind or metadata is malformed fails the conversion.
 */
function coerceConverted(obj: KubeObject, structural: Structural | undefined, preserveUnknownFields: boolean): void {
  if (!preserveUnknownFields) {
    prune(obj, structural, { isResourceRoot: true });
    pruneNonNullableNullsWithoutDefaults(obj, structural);
  }
  const { error } = coerceEmbeddedResources(undefined, obj, structural, false, { dropInvalidFields: false });
  if (error !== undefined) throw conversionFailure(fieldErrorString(error));
}

/**
 * Strategy Webhook, done by the Store after decoding and before encoding (see ObjectConversion):
 * an object already in the wanted version is not sent to the webhook.
 */
export function webhookStorageConversion(c: VersionConversionContext, converter: CustomResourceConverter): ObjectConversion {
  const structural = c.structurals.get(c.apiVersion.slice(c.group.length + 1));
  const storageApiVersion = `${c.group}/${c.storageVersion}`;
  return {
    async fromStorage(obj) {
      decodeStored(c, obj);
      if (obj.apiVersion === c.apiVersion) return obj;
      let out: KubeObject;
      try {
        out = await converter.convert(obj, c.apiVersion);
      } catch (err) {
        throw conversionFailure(err);
      }
      coerceConverted(out, structural, c.preserveUnknownFields);
      return out;
    },
    async toStorage(obj) {
      if (obj.apiVersion === storageApiVersion) return obj;
      let out: KubeObject;
      try {
        out = await converter.convert(obj, storageApiVersion);
      } catch (err) {
        throw conversionFailure(err);
      }
      coerceConverted(out, c.structurals.get(c.storageVersion), c.preserveUnknownFields);
      return out;
    },
  };
}
