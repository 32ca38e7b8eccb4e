// Behaviour of k8s.io/apiextensions-apiserver pkg/registry/customresource/etcd.go (ScaleREST,
// scaleFromCustomResource, scaleUpdatedObjectInfo) and validator.go (ValidateScaleSpec,
// ValidateScaleStatus) (v0.33): a custom resource's `scale` subresource reads and writes the
// replicas at the paths its CRD version names, through an autoscaling/v1 Scale.
import { scaleKind, type KindDefinition } from '@kapi/api';
import {
  fieldErrors,
  goTypeName,
  metaOf,
  newBadRequest,
  newInternalError,
  newMethodNotSupported,
  newNotFound,
  type FieldError,
  type KubeObject,
} from '@kapi/apimachinery';
import { createScaleHandler } from '@kapi/patch/managedfields';
import type { GenericStore } from './generic-store.ts';
import { apiVersionOf, groupResourceOf } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { TableConvertor } from './table-convertor.ts';

/** A CRD version's `subresources.scale`. */
export interface CustomResourceScale {
  readonly specReplicasPath?: string;
  readonly statusReplicasPath?: string;
  readonly labelSelectorPath?: string;
}

const minInt32 = -2147483648;
const maxInt32 = 2147483647;

/** A replicas path without its leading period, split on periods (splitReplicasPath). */
export function splitReplicasPath(path: string): string[] {
  return (path.startsWith('.') ? path.slice(1) : path).split('.');
}

/** Go's `%v` of a value decoded from JSON into interface{}. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([k, x]) => `${k}:${goValue(x)}`).join(' ')}]`;
  }
  return String(v);
}

type Nested = { value: unknown; found: boolean; error?: string };

/** unstructured.NestedFieldNoCopy. */
function nestedField(obj: unknown, fields: readonly string[]): Nested {
  let val: unknown = obj;
  for (let i = 0; i < fields.length; i++) {
    if (val === null || val === undefined) return { value: undefined, found: false };
    if (typeof val !== 'object' || Array.isArray(val)) {
      return { value: undefined, found: false, error: `.${fields.slice(0, i + 1).join('.')} accessor error: ${goValue(val)} is of the type ${goTypeName(val)}, expected map[string]interface{}` };
    }
    const m = val as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(m, fields[i]!)) return { value: undefined, found: false };
    val = m[fields[i]!];
  }
  return { value: val, found: true };
}

/** unstructured.NestedInt64: 0 when absent; an error when the value is not an integer. */
function nestedInt64(obj: unknown, fields: readonly string[]): { value: number; found: boolean; error?: string } {
  const r = nestedField(obj, fields);
  if (!r.found || r.error !== undefined) return { value: 0, found: r.found, ...(r.error !== undefined ? { error: r.error } : {}) };
  if (typeof r.value !== 'number' || !Number.isInteger(r.value)) {
    return { value: 0, found: true, error: `.${fields.join('.')} accessor error: ${goValue(r.value)} is of the type ${goTypeName(r.value)}, expected int64` };
  }
  return { value: r.value, found: true };
}

/** unstructured.NestedString: '' when absent; an error when the value is not a string. */
function nestedString(obj: unknown, fields: readonly string[]): { value: string; error?: string } {
  const r = nestedField(obj, fields);
  if (!r.found || r.error !== undefined) return { value: '', ...(r.error !== undefined ? { error: r.error } : {}) };
  if (typeof r.value !== 'string') return { value: '', error: `.${fields.join('.')} accessor error: ${goValue(r.value)} is of the type ${goTypeName(r.value)}, expected string` };
  return { value: r.value };
}

/** scaleFromCustomResource: the Scale view of a custom resource, and whether spec replicas were there. */
export function scaleFromCustomResource(cr: KubeObject, scale: CustomResourceScale): { scale: KubeObject; replicasFound: boolean } {
  const spec = nestedInt64(cr, splitReplicasPath(scale.specReplicasPath ?? ''));
  if (spec.error !== undefined) throw newBadRequest(spec.error);
  const status = nestedInt64(cr, splitReplicasPath(scale.statusReplicasPath ?? ''));
  if (status.error !== undefined) throw newBadRequest(status.error);
  let selector = '';
  if (scale.labelSelectorPath) {
    const s = nestedString(cr, splitReplicasPath(scale.labelSelectorPath));
    if (s.error !== undefined) throw newBadRequest(s.error);
    selector = s.value;
  }
  const m = cr.metadata ?? {};
  const meta: Record<string, unknown> = { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion };
  if (m.creationTimestamp) meta.creationTimestamp = m.creationTimestamp;
  // Go's int32 conversion of the int64 values.
  const int32 = (n: number) => Number(BigInt.asIntN(32, BigInt(n)));
  const status_: Record<string, unknown> = { replicas: int32(status.value) };
  if (selector !== '') status_.selector = selector;
  return {
    scale: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: meta, spec: { replicas: int32(spec.value) }, status: status_ },
    replicasFound: spec.found,
  };
}

function checkReplicas(obj: KubeObject, path: string | undefined): FieldError[] {
  if (path === undefined) return [];
  const r = nestedInt64(obj, splitReplicasPath(path));
  if (r.error !== undefined) return [fieldErrors.invalid(path, r.value, r.error)];
  if (r.value < 0) return [fieldErrors.invalid(path, r.value, 'should be a non-negative integer')];
  if (r.value > maxInt32) return [fieldErrors.invalid(path, r.value, `should be less than or equal to ${maxInt32}`)];
  return [];
}

/** ValidateScaleSpec: the spec replicas are an integer in [0, MaxInt32]. */
export function validateScaleSpec(obj: KubeObject, scale: CustomResourceScale | undefined): FieldError[] {
  return scale ? checkReplicas(obj, scale.specReplicasPath) : [];
}

/** ValidateScaleStatus: the status replicas too, and the label selector is a string. */
export function validateScaleStatus(obj: KubeObject, scale: CustomResourceScale | undefined): FieldError[] {
  if (!scale) return [];
  const errs = checkReplicas(obj, scale.statusReplicasPath);
  if (scale.labelSelectorPath !== undefined) {
    const s = nestedString(obj, splitReplicasPath(scale.labelSelectorPath));
    if (s.error !== undefined) errs.push(fieldErrors.invalid(scale.labelSelectorPath, s.value, s.error));
  }
  return errs;
}

/**
 * The `scale` subresource of a custom resource whose store is `parent`. `replicasPaths` maps each
 * version of the CRD (`group/version`) to its spec replicas path, or null where that version has no
 * scale subresource, for moving ownership of the replicas between the resource and its Scale.
 */
export function createCustomResourceScaleSubresource(
  parent: GenericStore,
  scale: CustomResourceScale,
  replicasPaths: ReadonlyMap<string, readonly string[] | null>,
  table: TableConvertor,
): Subresource {
  const gr = groupResourceOf(parent.info);
  const apiVersion = apiVersionOf(parent.info);
  const mappings = new Map([...replicasPaths].map(([gv, p]) => [gv, p ? p.map((fieldName) => ({ fieldName })) : null]));
  const scaleGR = { group: gr.group, resource: `${gr.resource}/scale` };
  const specPath = scale.specReplicasPath ?? '';
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(scaleGR, verb));
  return {
    info: parent.info,
    strategy: parent.strategy,
    verbs: ['get', 'patch', 'update'],
    definition: scaleKind as KindDefinition,
    table,

    async get(ctx, name, options) {
      const obj = await parent.get(ctx, name, options);
      const { scale: s, replicasFound } = scaleFromCustomResource(obj, scale);
      if (!replicasFound) throw newInternalError(new Error(`the spec replicas field ${JSON.stringify(specPath)} does not exist`));
      return s;
    },

    async update(ctx, name, objInfo, options) {
      const result = await parent.update(
        ctx,
        name,
        async (old) => {
          if (old === undefined) throw newNotFound(gr, name);
          const cr = structuredClone(old);
          const managedFields = createScaleHandler(cr.metadata?.managedFields, apiVersion, mappings);
          const { scale: oldScale, replicasFound } = scaleFromCustomResource(cr, scale);
          // A Scale whose replicas were never set carries the smallest int32 as a marker.
          if (!replicasFound) (oldScale.spec as { replicas: number }).replicas = minInt32;
          const scaleEntries = managedFields.toSubresource();
          if (scaleEntries.length > 0) metaOf(oldScale).managedFields = scaleEntries;
          const updated = await objInfo(oldScale);
          if (updated === undefined || updated === null) throw newBadRequest('nil update passed to Scale');
          const meta = metaOf(updated);
          // The handler's checks of a PUT body (checkName, EnsureObjectNamespaceMatchesRequestNamespace).
          if ((meta.name ?? '') !== name) {
            throw newBadRequest(`the name of the object (${meta.name ?? ''}) does not match the name on the URL (${name})`);
          }
          const ns = ctx.namespace ?? '';
          if ((meta.namespace ?? '') === '') meta.namespace = ns;
          else if (meta.namespace !== ns) throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
          const replicas = (updated.spec as { replicas?: number } | undefined)?.replicas ?? 0;
          if (replicas === minInt32) throw newBadRequest(`the spec replicas field ${JSON.stringify(specPath)} cannot be empty`);
          setNested(cr, splitReplicasPath(specPath), replicas);
          const cm = metaOf(cr);
          // A resourceVersion on the Scale is a precondition on the owner.
          if (meta.resourceVersion) cm.resourceVersion = meta.resourceVersion;
          const parentEntries = managedFields.toParent(meta.managedFields);
          if (parentEntries.length > 0) cm.managedFields = parentEntries;
          else delete cm.managedFields;
          return cr;
        },
        options,
      );
      return { object: scaleFromCustomResource(result.object, scale).scale, created: false };
    },

    create: unsupported('create'),
    list: unsupported('list'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}

/** unstructured.SetNestedField: creates missing maps on the way; a value there that is not a map is an error. */
function setNested(obj: Record<string, unknown>, fields: readonly string[], value: unknown): void {
  let m = obj;
  fields.slice(0, -1).forEach((f, i) => {
    if (!Object.prototype.hasOwnProperty.call(m, f)) m[f] = {};
    const next = m[f];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      throw newInternalError(new Error(`value cannot be set because .${fields.slice(0, i + 1).join('.')} is not a map[string]interface{}`));
    }
    m = next as Record<string, unknown>;
  });
  m[fields[fields.length - 1]!] = value;
}
