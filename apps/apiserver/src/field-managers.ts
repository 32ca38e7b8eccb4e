// Behaviour of k8s.io/apiserver/pkg/endpoints/installer.go (one field manager per resource and
// subresource, with the strategy's reset fields) and handlers/rest.go managerOrUserAgent (v1.33).
import type { Logger } from 'pino';
import { fillGoStructs, goZeroJson, newUnsupportedMediaType, type KubeObject } from '@kapi/apimachinery';
import { createCustomResourceTypeConverter, createFieldManager, createTypeConverter, type FieldManager, type TypeConverter } from '@kapi/patch/managedfields';
import { apiVersionOf, conversionOf, type Registry, type ResourceEntry } from '@kapi/registry';
import { FieldSet, newExcludeSetFilter, type Filter } from '@kapi/structured-merge-diff';
import type { OpenAPIV3 } from './openapi.ts';

/** The longest manager name kube derives from a User-Agent (validation.FieldManagerMaxLength). */
const fieldManagerMaxLength = 128;

/**
 * The manager of a write: `fieldManager` when given, else the User-Agent up to its first `/`
 * (`kubectl/v1.33.0 (linux/amd64) …` → `kubectl`), without unprintable characters, at most 128 bytes.
 */
export function managerOrUserAgent(fieldManager: string | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  const prefix = (userAgent ?? '').split('/')[0] ?? '';
  let out = '';
  let bytes = 0;
  for (const ch of prefix) {
    if (!/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) continue;
    const n = Buffer.byteLength(ch);
    if (bytes + n > fieldManagerMaxLength) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** The field managers of a server's resources, built on first use. */
export interface FieldManagers {
  /** The field manager of a resource (`subresource` '') or of one of its subresources. */
  of(entry: ResourceEntry, subresource: string): FieldManager;
  /** An empty object of the entry's kind: the live object of a create. */
  emptyOf(entry: ResourceEntry): KubeObject;
}

/**
 * Field managers that record nothing and refuse apply (415): a server without managedFields, which
 * kube-apiserver never is; only for measuring what tracking costs (`pnpm bench`).
 */
function untrackedFieldManager(): FieldManager {
  const refuse = (): never => {
    throw newUnsupportedMediaType('application/apply-patch+yaml', ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
  };
  return {
    update: (_live, next) => next,
    updateNoErrors: (_live, next) => next,
    apply: () => refuse(),
    applyWithResult: () => refuse(),
  };
}

/**
 * How the field manager of `entry` follows managers recorded at another version of its objects
 * (kube's versionConverter): through the storage version both convert to. Undefined for a version
 * that is not served, or that keeps other objects.
 */
function versionConverterOf(registry: Registry, entry: ResourceEntry): (obj: KubeObject, apiVersion: string) => KubeObject | undefined {
  const at = (apiVersion: string) => {
    const slash = apiVersion.indexOf('/');
    return registry.lookup(slash < 0 ? '' : apiVersion.slice(0, slash), apiVersion.slice(slash + 1), entry.info.resource);
  };
  const hubOf = (e: ResourceEntry) => conversionOf(e.store)?.storageApiVersion ?? apiVersionOf(e.info);
  return (obj, apiVersion) => {
    const source = at(obj.apiVersion ?? '');
    const target = at(apiVersion);
    if (!source || !target || target.definition.kind !== obj.kind || hubOf(source) !== hubOf(target)) return undefined;
    const from = conversionOf(source.store);
    const to = conversionOf(target.store);
    const stored = from ? from.toStorage(obj) : obj;
    const out = to ? to.fromStorage(stored) : stored;
    return fillGoStructs({ ...out, apiVersion, kind: target.definition.kind }, target.definition.schema);
  };
}

export function createFieldManagers(openapi: OpenAPIV3, logger: Logger, track = true, registry?: Registry): FieldManagers {
  const converters = new Map<string, TypeConverter>();
  const typeConverter = (entry: ResourceEntry): TypeConverter => {
    const key = `${entry.info.resource} ${entry.definition.group}/${entry.definition.version}/${entry.definition.kind}`;
    let converter = converters.get(key);
    if (converter) return converter;
    // The schemas of the built-in kinds served as this resource (in any group version: what
    // convertObject converts between) and of the kind typed (a custom resource's Scale is a
    // built-in kind), and the kinds they reach; custom resources have their own converter below.
    // Every kind's at once would hold the first write ~40 ms.
    converter = createTypeConverter(openapi.resourceSchemas(entry.info.resource, entry.definition));
    converters.set(key, converter);
    return converter;
  };
  // By the store serving the request (a resource's or a subresource's): a resource served again (a
  // CRD's new schema) has new stores, and so new field managers.
  const managers = new WeakMap<object, Map<string, FieldManager>>();
  const apiVersionOf = (e: ResourceEntry) => (e.definition.group === '' ? e.definition.version : `${e.definition.group}/${e.definition.version}`);
  return {
    of(entry, subresource) {
      const apiVersion = apiVersionOf(entry);
      const key = subresource;
      let byStore = managers.get(entry.store);
      if (!byStore) managers.set(entry.store, (byStore = new Map()));
      let fm = byStore.get(key);
      if (fm) return fm;
      if (!track) {
        fm = untrackedFieldManager();
        byStore.set(key, fm);
        return fm;
      }
      const paths = entry.store.strategy.resetFields ?? [];
      const resetFields = new Map<string, Filter>();
      if (paths.length > 0) resetFields.set(apiVersion, newExcludeSetFilter(FieldSet.of(...paths.map((p) => p.map((fieldName) => ({ fieldName }))))));
      const cr = entry.customResource;
      fm = createFieldManager({
        // A custom resource's version is typed by its CRD schema (kube's crdHandler type converter).
        typeConverter: cr
          ? createCustomResourceTypeConverter({
              group: entry.definition.group,
              version: entry.definition.version,
              kind: entry.definition.kind,
              ...(cr.schema ? { schema: cr.schema as Record<string, unknown> } : {}),
              preserveUnknownFields: cr.preserveUnknownFields,
            })
          : typeConverter(entry),
        apiVersion,
        kind: entry.definition.kind,
        subresource,
        resetFields,
        asStructured: (obj) => (cr ? obj : fillGoStructs(obj, entry.definition.schema)),
        ...(registry && !cr ? { convertObject: versionConverterOf(registry, entry) } : {}),
        emptyObject: () => (cr ? {} : goZeroJson(entry.definition.schema)),
        onError: (err, obj) =>
          logger.error(
            { err, namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '', kind: entry.definition.kind },
            '[SHOULD NOT HAPPEN] failed to update managedFields',
          ),
      });
      byStore.set(key, fm);
      return fm;
    },
    // The live object of a create: the kind's Go zero value, as kube's scheme.New gives it.
    emptyOf: (entry) => ({ apiVersion: apiVersionOf(entry), kind: entry.definition.kind, ...(entry.customResource ? {} : goZeroJson(entry.definition.schema)) }),
  };
}
