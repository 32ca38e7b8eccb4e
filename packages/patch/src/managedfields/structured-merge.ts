// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/structuredmerge.go and
// versionconverter.go (v0.33): the innermost layer, where structured-merge-diff computes ownership
// and merges applied configurations.
import { newBadRequest, type KubeObject } from '@kapi/apimachinery';
import { newUpdater, type Converter, type Filter, type TypedValue } from '@kapi/structured-merge-diff';
import { getManagedFields } from './managed.ts';
import type { Manager } from './manager.ts';
import { gvkString, isNoCorrespondingTypeError, newNoCorrespondingTypeError, type TypeConverter } from './type-converter.ts';

/** `namespace/name; group/version, Kind=kind` as kube names an object in these errors. */
function objectGVKNN(obj: KubeObject): string {
  const ns = obj.metadata?.namespace ?? '';
  const name = obj.metadata?.name ?? '';
  return `${ns}/${name}; ${gvkString(obj.apiVersion ?? '', obj.kind ?? '')}`;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A managed value in another version of its kind, through `convertObject` (kube's versionConverter
 * over the scheme). A version it cannot reach has no type here, so a manager recorded there is
 * dropped by the updater, as kube drops unknown versions.
 */
function versionConverter(typeConverter: TypeConverter, convertObject?: (obj: KubeObject, apiVersion: string) => KubeObject | undefined): Converter {
  return {
    convert(value: TypedValue, version: string): TypedValue {
      const obj = typeConverter.typedToObject(value);
      if (obj.apiVersion === version) return value;
      const converted = convertObject?.(obj, version);
      if (converted === undefined) throw newNoCorrespondingTypeError(version, obj.kind ?? '');
      return typeConverter.objectToTyped(converted, { allowDuplicates: true });
    },
    isMissingVersionError: (err: unknown) => isNoCorrespondingTypeError(err),
  };
}

export interface StructuredMergeOptions {
  readonly typeConverter: TypeConverter;
  /** The served group/version of the resource (`apps/v1`). */
  readonly apiVersion: string;
  /** Fields the strategy resets, which no manager may own, by apiVersion. */
  readonly resetFields?: ReadonlyMap<string, Filter>;
  /** See {@link FieldManagerOptions.asStructured}. */
  readonly asStructured?: (obj: KubeObject) => KubeObject;
  /** See {@link FieldManagerOptions.convertObject}. */
  readonly convertObject?: (obj: KubeObject, apiVersion: string) => KubeObject | undefined;
}

/** The structured-merge-diff layer of the field manager. */
export function structuredMergeManager(options: StructuredMergeOptions): Manager {
  const { typeConverter, apiVersion } = options;
  const structured = options.asStructured ?? ((obj: KubeObject) => obj);
  const updater = newUpdater({
    converter: versionConverter(typeConverter, options.convertObject),
    ...(options.resetFields ? { ignoreFilter: new Map(options.resetFields) } : {}),
  });
  return {
    update(live, obj, managed, manager) {
      let newTyped: TypedValue;
      let liveTyped: TypedValue;
      try {
        newTyped = typeConverter.objectToTyped(structured(obj), { allowDuplicates: true });
      } catch (err) {
        throw new Error(`failed to convert new object (${objectGVKNN(obj)}) to smd typed: ${message(err)}`);
      }
      try {
        liveTyped = typeConverter.objectToTyped(structured(live), { allowDuplicates: true });
      } catch (err) {
        throw new Error(`failed to convert live object (${objectGVKNN(live)}) to smd typed: ${message(err)}`);
      }
      let fields;
      try {
        fields = updater.update(liveTyped, newTyped, apiVersion, managed.fields, manager).managers;
      } catch (err) {
        throw new Error(`failed to update ManagedFields (${objectGVKNN(obj)}): ${message(err)}`);
      }
      return { object: obj, managed: { fields, times: managed.times } };
    },
    apply(live, applied, managed, manager, force) {
      if (applied.apiVersion !== apiVersion) {
        throw newBadRequest(`Incorrect version specified in apply patch. Specified patch version: ${applied.apiVersion ?? ''}, expected: ${apiVersion}`);
      }
      if (getManagedFields(applied) !== undefined) throw newBadRequest('metadata.managedFields must be nil');
      let patchTyped: TypedValue;
      let liveTyped: TypedValue;
      try {
        patchTyped = typeConverter.objectToTyped(applied);
      } catch (err) {
        throw new Error(`failed to create typed patch object (${objectGVKNN(applied)}): ${message(err)}`);
      }
      try {
        liveTyped = typeConverter.objectToTyped(structured(live), { allowDuplicates: true });
      } catch (err) {
        throw new Error(`failed to create typed live object (${objectGVKNN(live)}): ${message(err)}`);
      }
      const r = updater.apply(liveTyped, patchTyped, apiVersion, managed.fields, manager, force);
      const next = { fields: r.managers, times: managed.times };
      if (r.object === null) return { object: null, managed: next };
      return { object: typeConverter.typedToObject(r.object), managed: next };
    },
  };
}
