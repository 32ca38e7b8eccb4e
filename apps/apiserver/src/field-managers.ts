// Behaviour of k8s.io/apiserver/pkg/endpoints/installer.go (one field manager per resource and
// subresource, with the strategy's reset fields) and handlers/rest.go managerOrUserAgent (v1.33).
import type { Logger } from 'pino';
import { fillGoStructs, goZeroJson, newUnsupportedMediaType, type KubeObject } from '@kapi/apimachinery';
import { createFieldManager, createTypeConverter, type FieldManager, type TypeConverter } from '@kapi/patch/managedfields';
import type { ResourceEntry } from '@kapi/registry';
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

export function createFieldManagers(openapi: OpenAPIV3, logger: Logger, track = true): FieldManagers {
  let converter: TypeConverter | undefined;
  const typeConverter = (): TypeConverter => {
    if (converter) return converter;
    const schemas: Record<string, unknown> = {};
    for (const doc of openapi.documents()) Object.assign(schemas, doc.components.schemas);
    converter = createTypeConverter(schemas);
    return converter;
  };
  const managers = new Map<string, FieldManager>();
  const apiVersionOf = (e: ResourceEntry) => (e.definition.group === '' ? e.definition.version : `${e.definition.group}/${e.definition.version}`);
  return {
    of(entry, subresource) {
      const apiVersion = apiVersionOf(entry);
      const key = `${entry.info.group}/${entry.info.version}/${entry.info.resource}/${subresource}`;
      let fm = managers.get(key);
      if (fm) return fm;
      if (!track) {
        fm = untrackedFieldManager();
        managers.set(key, fm);
        return fm;
      }
      const paths = entry.store.strategy.resetFields ?? [];
      const resetFields = new Map<string, Filter>();
      if (paths.length > 0) resetFields.set(apiVersion, newExcludeSetFilter(FieldSet.of(...paths.map((p) => p.map((fieldName) => ({ fieldName }))))));
      fm = createFieldManager({
        typeConverter: typeConverter(),
        apiVersion,
        kind: entry.definition.kind,
        subresource,
        resetFields,
        asStructured: (obj) => fillGoStructs(obj, entry.definition.schema),
        emptyObject: () => goZeroJson(entry.definition.schema),
        onError: (err, obj) =>
          logger.error(
            { err, namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '', kind: entry.definition.kind },
            '[SHOULD NOT HAPPEN] failed to update managedFields',
          ),
      });
      managers.set(key, fm);
      return fm;
    },
    // The live object of a create: the kind's Go zero value, as kube's scheme.New gives it.
    emptyOf: (entry) => ({ apiVersion: apiVersionOf(entry), kind: entry.definition.kind, ...goZeroJson(entry.definition.schema) }),
  };
}
