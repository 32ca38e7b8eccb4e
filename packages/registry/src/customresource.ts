// Behaviour of k8s.io/apiextensions-apiserver pkg/registry/customresource (strategy.go,
// status_strategy.go, etcd.go) and pkg/apiserver/customresource_handler.go (v0.33): how one served
// version of a CustomResourceDefinition is served — its names and scope, storage as JSON under
// `/registry/<group>/<plural>`, decoding (pruning, then defaulting), validation against the
// version's schema, the status subresource, printer columns.
import type { JSONSchemaProps, KindDefinition } from '@kapi/api';
import {
  createCustomResourceTableConvertor,
  newSchemaValidator,
  newStructural,
  printerColumnsOf,
  scalePrinterColumnsOf,
  validateCustomResourceContent,
  validateCustomResourceContentUpdate,
  type PrinterColumn,
  type SchemaValidator,
  type Structural,
} from '@kapi/apiextensions';
import type { CelSchema } from '@kapi/cel';
import type { CelValidator } from '@kapi/apiextensions';
import type { CustomResourceInfo } from './customresource-info.ts';
import { loadedCel, mayHoldRules } from './cel-loader.ts';
import { createCustomResourceScaleSubresource, splitReplicasPath, validateScaleSpec, validateScaleStatus } from './customresource-scale.ts';
import {
  jsonDeepEqual,
  metaOf,
  nameIsDNSSubdomain,
  newMethodNotSupported,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type KubeObject,
  type ProtoMessage,
} from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import {
  crdConverter,
  noneStorageConversion,
  pruneAndDefault,
  webhookStorageConversion,
  type ConversionWebhookTransportFactory,
  type CustomResourceConversionSpec,
} from './customresource-conversion.ts';
import type { GenericStore } from './generic-store.ts';
export type { CustomResourceInfo } from './customresource-info.ts';
export { pruneAndDefault, type ConversionWebhookTransportFactory, type CustomResourceConversionSpec } from './customresource-conversion.ts';
import { addWarning } from './warnings.ts';
import type { TableConvertor } from './table-convertor.ts';

/** The parts of a CustomResourceDefinition serving reads (its JSON form). */
export interface CustomResourceDefinitionObject extends KubeObject {
  spec?: {
    group?: string;
    scope?: string;
    names?: { plural?: string; singular?: string; kind?: string; listKind?: string; shortNames?: string[]; categories?: string[] };
    preserveUnknownFields?: boolean;
    conversion?: CustomResourceConversionSpec;
    versions?: {
      name: string;
      served?: boolean;
      storage?: boolean;
      schema?: { openAPIV3Schema?: JSONSchemaProps };
      subresources?: { status?: object; scale?: { specReplicasPath?: string; statusReplicasPath?: string; labelSelectorPath?: string } };
      additionalPrinterColumns?: PrinterColumn[];
      selectableFields?: { jsonPath: string }[];
    }[];
  };
  status?: {
    acceptedNames?: { plural?: string; singular?: string; kind?: string; listKind?: string; shortNames?: string[]; categories?: string[] };
    storedVersions?: string[];
  };
}

/** Custom resources have no protobuf form: a message with no fields stands for it (never encoded). */
const noProto: ProtoMessage = { name: 'kapi.customresource.Unstructured', fields: [] } as unknown as ProtoMessage;

/** A zod-like schema that accepts any object: custom resources are checked against their own schema. */
function anyObjectSchema(): KindDefinition['schema'] {
  const parse = (v: unknown) => v;
  const schema = {
    parse,
    safeParse: (v: unknown) => ({ success: true, data: v }),
    _zod: { def: { type: 'object', shape: {}, catchall: { _zod: { def: { type: 'unknown' } } } } },
  };
  return schema as unknown as KindDefinition['schema'];
}

const withoutMetadataAndStatus = (obj: KubeObject, dropStatus: boolean): Record<string, unknown> => {
  const { metadata: _m, status, ...rest } = obj;
  return dropStatus ? rest : { ...rest, status };
};

/**
 * The resources one CRD serves: one per served version, named by the CRD's accepted names (its
 * spec's until they are accepted), stored under `/<group>/<plural>`.
 */
export function customResourceResources(
  crd: CustomResourceDefinitionObject,
  options: {
    readonly terminating?: boolean;
    /** How a conversion webhook is called (strategy Webhook); default: an HTTPS transport that resolves no services. */
    readonly webhookTransport?: ConversionWebhookTransportFactory;
  } = {},
): (BuiltinResource & { customResource: CustomResourceInfo })[] {
  const spec = crd.spec ?? {};
  const group = spec.group ?? '';
  const names = { ...(spec.names ?? {}), ...(crd.status?.acceptedNames ?? {}) };
  const plural = names.plural ?? '';
  const kind = names.kind ?? '';
  const namespaced = spec.scope !== 'Cluster';
  const storageVersion = (spec.versions ?? []).find((v) => v.storage)?.name ?? '';
  // Where each version keeps the replicas its Scale shows, for moving their ownership (kube's replicasPathMapping).
  const replicasPaths = new Map(
    (spec.versions ?? []).map((v) => [`${group}/${v.name}`, v.subresources?.scale ? splitReplicasPath(v.subresources.scale.specReplicasPath ?? '') : null] as const),
  );
  // Every version's structural schema (the storage version's may not be served): stored objects are
  // pruned and defaulted with the schema of the version they were stored in.
  const structurals = new Map<string, Structural | undefined>();
  for (const v of spec.versions ?? []) {
    const schema = v.schema?.openAPIV3Schema;
    try {
      structurals.set(v.name, schema ? newStructural(schema) : undefined);
    } catch {
      structurals.set(v.name, undefined);
    }
  }
  const preserveUnknownFields = spec.preserveUnknownFields === true;
  // Strategy Webhook: one converter for every version (its webhook client is shared).
  const converter = crdConverter(group, (spec.versions ?? []).map((v) => v.name), spec.conversion, options.webhookTransport);
  return (spec.versions ?? [])
    .filter((v) => v.served)
    .map((v) => {
      const schema = v.schema?.openAPIV3Schema;
      const structural = structurals.get(v.name);
      const apiVersion = `${group}/${v.name}`;
      // kube's storage codec for this version (crdConversionRESTOptionsGetter): synchronous in the
      // codec for strategy None, asynchronous in the Store for a webhook.
      const conversionContext = { group, apiVersion, storageVersion, structurals, preserveUnknownFields };
      const conversion = converter
        ? { objectConversion: webhookStorageConversion(conversionContext, converter) }
        : { storageConversion: noneStorageConversion(conversionContext) };
      const validator: SchemaValidator | undefined = schema ? newSchemaValidator(schema) : undefined;
      // x-kubernetes-validations, compiled once per served version (the CRD was refused if they do not compile).
      // A schema without rules compiles to none; one with rules needs CEL loaded (the CRD controller awaits loadCel()).
      const rulesCel = schema && mayHoldRules(schema) ? loadedCel() : undefined;
      const compiled = rulesCel?.compileSchemaRules(schema as unknown as CelSchema).rules;
      // Failures ratcheted into warnings go to the response, as kube's warning.AddWarning does.
      const cel: CelValidator | undefined =
        rulesCel && compiled
          ? (value, old) => {
              const r = rulesCel.validateRules(compiled, value, old);
              for (const w of r.warnings) addWarning(w);
              return r.errors;
            }
          : undefined;
      const checks = { ...(validator ? { validator } : {}), ...(structural ? { structural } : {}), ...(cel ? { cel } : {}) };
      const info: CustomResourceInfo = {
        crdName: crd.metadata?.name ?? '',
        schema,
        structural,
        preserveUnknownFields,
        storageVersion,
      };
      const statusEnabled = v.subresources?.status !== undefined && v.subresources.status !== null;
      const scale = v.subresources?.scale ?? undefined;
      // Field selectors: metadata.name (and namespace), and the version's selectableFields (kube's selectableFields).
      const selectable = (v.selectableFields ?? []).map((f) => ({ name: f.jsonPath.replace(/^\./, ''), path: f.jsonPath.replace(/^\./, '').split('.') }));
      const getAttrs = (obj: KubeObject) => {
        const fields: Record<string, string> = { 'metadata.name': obj.metadata?.name ?? '' };
        if (namespaced) fields['metadata.namespace'] = obj.metadata?.namespace ?? '';
        for (const f of selectable) {
          let value: unknown = obj;
          for (const p of f.path) value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[p] : undefined;
          fields[f.name] = value === undefined || value === null ? '' : String(value);
        }
        return { labels: { ...(obj.metadata?.labels ?? {}) }, fields };
      };
      const validateMeta = (obj: KubeObject): FieldError[] => validateObjectMeta(obj.metadata ?? {}, { namespaced, nameValidator: nameIsDNSSubdomain });
      const definition: KindDefinition = {
        group,
        version: v.name,
        kind,
        listKind: names.listKind ?? `${kind}List`,
        resource: plural,
        singular: names.singular ?? kind.toLowerCase(),
        shortNames: names.shortNames ?? [],
        categories: names.categories ?? [],
        namespaced,
        schema: anyObjectSchema(),
        proto: noProto,
        description: '',
        defaults: (obj) => pruneAndDefault(obj, info),
        validate: (obj) => [...validateMeta(obj), ...validateCustomResourceContent(obj as never, checks), ...validateScaleSpec(obj, scale), ...validateScaleStatus(obj, scale)],
        validateUpdate: (obj, old) => [
          ...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}),
          ...validateMeta(obj),
          ...validateCustomResourceContentUpdate(obj as never, old as never, checks),
          ...validateScaleSpec(obj, scale),
          ...validateScaleStatus(obj, scale),
        ],
      };
      const { convertor } = createCustomResourceTableConvertor(printerColumnsOf(v));
      const resource: BuiltinResource & { customResource: CustomResourceInfo } = {
        definition,
        keyPrefix: `/${group}/${plural}`,
        table: convertor as unknown as TableConvertor,
        customResource: info,
        ...conversion,
        strategy: {
          getAttrs,
          selectableFields: [...(namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name']), ...selectable.map((f) => f.name)],
          allowCreateOnUpdate: false,
          allowUnconditionalUpdate: false,
          resetFields: statusEnabled ? [['status']] : [],
          prepareForCreate(obj) {
            // With the status subresource, status is its to write (kube's strategy.PrepareForCreate).
            if (statusEnabled) delete obj.status;
            metaOf(obj).generation = 1;
          },
          prepareForUpdate(obj, old) {
            if (statusEnabled) {
              if (old.status !== undefined) obj.status = old.status;
              else delete obj.status;
            }
            // Generation counts changes of anything but metadata (and status, when it has its
            // subresource), compared as unstructured content: a 0, "" or {} where nothing was is a change.
            const oldGen = old.metadata?.generation ?? 0;
            metaOf(obj).generation = jsonDeepEqual(withoutMetadataAndStatus(obj, statusEnabled), withoutMetadataAndStatus(old, statusEnabled)) ? oldGen : oldGen + 1;
          },
        },
        ...(statusEnabled
          ? {
              status: true,
              statusStrategy: {
                resetFields: [['metadata'], ['spec']],
                // kube's statusStrategy: only status (and metadata's labels, annotations …) change.
                prepareForUpdate(obj, old) {
                  const status = obj.status;
                  for (const k of Object.keys(obj)) if (k !== 'metadata' && k !== 'apiVersion' && k !== 'kind') delete obj[k];
                  for (const [k, val] of Object.entries(old)) if (k !== 'metadata' && k !== 'apiVersion' && k !== 'kind') obj[k] = val;
                  if (status !== undefined) obj.status = status;
                  else delete obj.status;
                  const meta = metaOf(obj);
                  if (old.metadata?.generation !== undefined) meta.generation = old.metadata.generation;
                },
                validateUpdate: (obj, old) => [
                  ...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}),
                  ...validateCustomResourceContentUpdate(obj as never, old as never, checks),
                  ...validateScaleStatus(obj, scale),
                ],
              },
            }
          : {}),
        // While the CRD is terminating its objects are read, changed and deleted, never created (kube's crdHandler).
        ...(options.terminating
          ? {
              wrapStore: (store: GenericStore): GenericStore => ({
                ...store,
                create: () => {
                  const err = newMethodNotSupported({ group, resource: plural }, 'create');
                  err.status.message = 'create not allowed while custom resource definition is terminating';
                  return Promise.reject(err);
                },
              }),
            }
          : {}),
        ...(scale
          ? {
              // The Scale's Table: Desired and Available where the version names their paths (getScaleColumnsForVersion).
              scale: (store: GenericStore) =>
                createCustomResourceScaleSubresource(store, scale, replicasPaths, createCustomResourceTableConvertor(scalePrinterColumnsOf(v)).convertor as unknown as TableConvertor),
            }
          : {}),
      };
      return resource;
    });
}
