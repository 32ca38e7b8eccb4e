// Behaviour of k8s.io/api core/v1 types.go + generated.proto (v0.33.13) and k8s.io/kubernetes
// pkg/apis/core/validation/validation.go ValidateResourceQuota, ValidateResourceQuotaUpdate and
// ValidateResourceQuotaStatusUpdate (v1.33): ResourceQuota (quota).
import type { z } from 'zod';
import { FieldPath, ObjectMeta, field, fieldErrors, nameIsDNSSubdomain, protoMessageOf, struct, types, type FieldError } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import {
  isResourceQuotaScopeValidForResource,
  isStandardQuotaResourceName,
  isStandardResourceQuotaScope,
  validateResourceQuantityValue,
  validateResourceQuotaResourceName,
} from './resource-names.ts';
import { validateCoreObjectMeta, validateCoreObjectMetaUpdate } from './validation-helpers.ts';

/** One scope requirement of a quota's scope selector. */
export const ScopedResourceSelectorRequirement = struct(coreV1('ScopedResourceSelectorRequirement', 'One scope requirement of a quota\'s scope selector.'), {
  scopeName: field(1, types.string(), { description: 'The scope the selector applies to.', required: true, default: '' }),
  operator: field(2, types.string(), { description: 'In, NotIn, Exists or DoesNotExist.', required: true, default: '' }),
  values: field(3, types.list(types.string()), { description: 'The values; none for Exists and DoesNotExist.', listType: 'atomic' }),
});
export type ScopedResourceSelectorRequirement = z.infer<typeof ScopedResourceSelectorRequirement>;

/** The AND of scope requirements. */
export const ScopeSelector = struct({ ...coreV1('ScopeSelector', 'The AND of scope requirements.'), mapType: 'atomic' }, {
  matchExpressions: field(1, types.list(ScopedResourceSelectorRequirement), { description: 'The requirements.', listType: 'atomic' }),
});
export type ScopeSelector = z.infer<typeof ScopeSelector>;

/** The hard limits of a quota and the objects it counts. */
export const ResourceQuotaSpec = struct(coreV1('ResourceQuotaSpec', 'The hard limits of a quota and the objects it counts.'), {
  hard: field(1, types.map(types.quantity()), { description: 'The most of each named resource the namespace may use.' }),
  scopes: field(2, types.list(types.string()), { description: 'The scopes every object counted must match.', listType: 'atomic' }),
  scopeSelector: field(3, ScopeSelector, { description: 'Scope requirements every object counted must match.', pointer: true }),
});
export type ResourceQuotaSpec = z.infer<typeof ResourceQuotaSpec>;

/** The enforced hard limits and the current use. */
export const ResourceQuotaStatus = struct(coreV1('ResourceQuotaStatus', 'The enforced hard limits and the current use.'), {
  hard: field(1, types.map(types.quantity()), { description: 'The enforced hard limits.' }),
  used: field(2, types.map(types.quantity()), { description: 'The current use of each resource in the namespace.' }),
});
export type ResourceQuotaStatus = z.infer<typeof ResourceQuotaStatus>;

/** Limits on the total use of resources in a namespace. */
export const ResourceQuota = struct(coreV1('ResourceQuota', 'Limits on the total use of resources in a namespace.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, ResourceQuotaSpec, { description: 'The desired quota.' }),
  status: field(3, ResourceQuotaStatus, { description: 'The enforced quota and its use. Read-only.' }),
});
export type ResourceQuota = z.infer<typeof ResourceQuota>;

function validateResourceList(list: Record<string, unknown> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(list ?? {})) {
    errs.push(...validateResourceQuotaResourceName(k, path.key(k)), ...validateResourceQuantityValue(k, v, path.key(k)));
  }
  return errs;
}

const compareStringsGo = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const conflictingScopes = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
];

/** validateResourceQuotaScopes. */
function validateScopes(spec: ResourceQuotaSpec, path: FieldPath): FieldError[] {
  const scopes = spec.scopes ?? [];
  if (scopes.length === 0) return [];
  const errs: FieldError[] = [];
  const hard = Object.keys(spec.hard ?? {}).sort(compareStringsGo);
  const at = path.child('scopes');
  for (const scope of scopes) {
    if (!isStandardResourceQuotaScope(scope)) errs.push(fieldErrors.invalid(at, scopes, 'unsupported scope'));
    for (const k of hard) {
      if (isStandardQuotaResourceName(k) && !isResourceQuotaScopeValidForResource(scope, k)) errs.push(fieldErrors.invalid(at, scopes, 'unsupported scope applied to resource'));
    }
  }
  for (const pair of conflictingScopes) if (pair.every((s) => scopes.includes(s))) errs.push(fieldErrors.invalid(at, scopes, 'conflicting scopes'));
  return errs;
}

const existsOnlyScopes = ['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity'];

/** validateScopeSelector / validateScopedResourceSelectorRequirement. */
function validateScopeSelector(spec: ResourceQuotaSpec, path: FieldPath): FieldError[] {
  const selector = spec.scopeSelector;
  if (selector === undefined) return [];
  const errs: FieldError[] = [];
  const hard = Object.keys(spec.hard ?? {}).sort(compareStringsGo);
  const at = path.child('scopeSelector', 'matchExpressions');
  const seen = new Set<string>();
  for (const req of selector.matchExpressions ?? []) {
    const scope = req.scopeName ?? '';
    const op = req.operator ?? '';
    if (!isStandardResourceQuotaScope(scope)) errs.push(fieldErrors.invalid(at.child('scopeName'), scope, 'unsupported scope'));
    for (const k of hard) {
      if (isStandardQuotaResourceName(k) && !isResourceQuotaScopeValidForResource(scope, k)) errs.push(fieldErrors.invalid(at, selector, 'unsupported scope applied to resource'));
    }
    if (existsOnlyScopes.includes(scope) && op !== 'Exists') {
      errs.push(
        fieldErrors.invalid(
          at.child('operator'),
          op,
          'must be \'Exists\' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity',
        ),
      );
    }
    const values = req.values ?? [];
    switch (op) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(fieldErrors.required(at.child('values'), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length !== 0) errs.push(fieldErrors.invalid(at.child('values'), values, "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
        break;
      default:
        errs.push(fieldErrors.invalid(at.child('operator'), op, 'not a valid selector operator'));
    }
    seen.add(scope);
  }
  for (const pair of conflictingScopes) if (pair.every((s) => seen.has(s))) errs.push(fieldErrors.invalid(at, spec.scopes ?? null, 'conflicting scopes'));
  return errs;
}

/** ValidateResourceQuotaSpec. */
export function validateResourceQuotaSpec(spec: ResourceQuotaSpec, path: FieldPath): FieldError[] {
  return [...validateResourceList(spec.hard, path.child('hard')), ...validateScopes(spec, path), ...validateScopeSelector(spec, path)];
}

/** ValidateResourceQuotaStatus. */
export function validateResourceQuotaStatus(status: ResourceQuotaStatus, path: FieldPath): FieldError[] {
  return [...validateResourceList(status.hard, path.child('hard')), ...validateResourceList(status.used, path.child('used'))];
}

/** ValidateResourceQuota. */
export function validateResourceQuota(rq: ResourceQuota): FieldError[] {
  return [
    ...validateCoreObjectMeta(rq.metadata, true, nameIsDNSSubdomain),
    ...validateResourceQuotaSpec(rq.spec ?? {}, FieldPath.of('spec')),
    ...validateResourceQuotaStatus(rq.status ?? {}, FieldPath.of('status')),
  ];
}

/** ValidateResourceQuotaUpdate: the spec again, and the scopes may not change. */
export function validateResourceQuotaUpdate(rq: ResourceQuota, old: ResourceQuota): FieldError[] {
  const errs = [...validateCoreObjectMetaUpdate(rq.metadata, old.metadata), ...validateResourceQuotaSpec(rq.spec ?? {}, FieldPath.of('spec'))];
  const next = new Set(rq.spec?.scopes ?? []);
  const prev = new Set(old.spec?.scopes ?? []);
  if (next.size !== prev.size || [...next].some((s) => !prev.has(s))) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'scopes'), rq.spec?.scopes ?? null, 'field is immutable'));
  return errs;
}

/** ValidateResourceQuotaStatusUpdate. */
export function validateResourceQuotaStatusUpdate(rq: ResourceQuota, old: ResourceQuota): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(rq.metadata, old.metadata);
  if (!rq.metadata?.resourceVersion) errs.push(fieldErrors.required(FieldPath.of('resourceVersion'), ''));
  errs.push(...validateResourceQuotaStatus(rq.status ?? {}, FieldPath.of('status')));
  return errs;
}

/** resourcequotas (quota). */
export const resourceQuotaKind = defineKind<ResourceQuota>({
  group: '',
  version: 'v1',
  kind: 'ResourceQuota',
  resource: 'resourcequotas',
  singular: 'resourcequota',
  shortNames: ['quota'],
  namespaced: true,
  schema: ResourceQuota,
  proto: protoMessageOf(ResourceQuota),
  description: 'Limits on the total use of resources in a namespace.',
  validate: validateResourceQuota,
  validateUpdate: validateResourceQuotaUpdate,
});
