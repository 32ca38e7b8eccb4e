// Behaviour of k8s.io/api core/v1 types.go + generated.proto (v0.33.13), k8s.io/kubernetes
// pkg/apis/core/v1/defaults.go SetDefaults_LimitRangeItem and pkg/apis/core/validation/validation.go
// ValidateLimitRange (v1.33): LimitRange (limits).
import type { z } from 'zod';
import { FieldPath, ObjectMeta, field, fieldErrors, nameIsDNSSubdomain, protoMessageOf, struct, types, type FieldError } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { compareQuantities, formatQuantity, goQuantity, parseQuantity, quantityMilliValue, quantityValue, type Quantity } from './quantity.ts';
import { isOvercommitAllowed, validateLimitRangeResourceName, validateLimitRangeTypeName } from './resource-names.ts';
import { invalidGo, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from './validation-helpers.ts';

const resourceList = (no: number, description: string) => field(no, types.map(types.quantity()), { description });

/** The limits of one kind of object (Pod, Container or PersistentVolumeClaim). */
export const LimitRangeItem = struct(coreV1('LimitRangeItem', 'The limits of one kind of object (Pod, Container or PersistentVolumeClaim).'), {
  type: field(1, types.string(), { description: 'The kind of object the limits apply to.', required: true, default: '' }),
  max: resourceList(2, 'The most of each resource an object may use.'),
  min: resourceList(3, 'The least of each resource an object may use.'),
  default: resourceList(4, 'The limit a container gets when it sets none.'),
  defaultRequest: resourceList(5, 'The request a container gets when it sets none.'),
  maxLimitRequestRatio: resourceList(6, 'The largest limit / request ratio allowed for each resource.'),
});
export type LimitRangeItem = z.infer<typeof LimitRangeItem>;

/** The limits of a namespace. */
export const LimitRangeSpec = struct(coreV1('LimitRangeSpec', 'The limits of a namespace.'), {
  limits: field(1, types.list(LimitRangeItem), { description: 'The limits, one item per kind of object.', required: true, listType: 'atomic' }),
});
export type LimitRangeSpec = z.infer<typeof LimitRangeSpec>;

/** Resource limits and defaults of the objects in a namespace. */
export const LimitRange = struct(coreV1('LimitRange', 'Resource limits and defaults of the objects in a namespace.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, LimitRangeSpec, { description: 'The limits enforced.' }),
});
export type LimitRange = z.infer<typeof LimitRange>;

/** SetDefaults_LimitRangeItem: a Container item's default falls back to max, its defaultRequest to default, then to min. */
export function defaultLimitRange(lr: LimitRange): void {
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    const def = (item.default ??= {});
    const req = (item.defaultRequest ??= {});
    for (const [k, v] of Object.entries(item.max ?? {})) if (!(k in def)) def[k] = v;
    for (const [k, v] of Object.entries(def)) if (!(k in req)) req[k] = v;
    for (const [k, v] of Object.entries(item.min ?? {})) if (!(k in req)) req[k] = v;
  }
}

const str = (q: Quantity) => formatQuantity(q);
/** An Invalid error whose bad value is a Quantity (printed as Go's %#v). */
const invalidQ = (path: FieldPath, q: Quantity, detail: string) => invalidGo(path, goQuantity(q), detail);
const maxMilliValue = 2n ** 63n / 1000n;

/** Go's %f: six decimals. */
const goFloat = (n: number) => n.toFixed(6);

function quantities(list: Record<string, unknown> | undefined, type: string, path: FieldPath, keys: Set<string>, errs: FieldError[]): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  for (const [k, v] of Object.entries(list ?? {})) {
    errs.push(...validateLimitRangeResourceName(type, k, path.key(k)));
    keys.add(k);
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/** ValidateLimitRange. */
export function validateLimitRange(lr: LimitRange): FieldError[] {
  const errs = validateCoreObjectMeta(lr.metadata, true, nameIsDNSSubdomain);
  const path = FieldPath.of('spec', 'limits');
  const seen = new Set<string>();
  (lr.spec?.limits ?? []).forEach((limit, i) => {
    const at = path.index(i);
    const type = limit.type ?? '';
    errs.push(...validateLimitRangeTypeName(type, at.child('type')));
    if (seen.has(type)) errs.push(fieldErrors.duplicate(at.child('type'), type));
    seen.add(type);
    const keys = new Set<string>();
    const max = quantities(limit.max, type, at.child('max'), keys, errs);
    const min = quantities(limit.min, type, at.child('min'), keys, errs);
    let defaults = new Map<string, Quantity>();
    let defaultRequests = new Map<string, Quantity>();
    if (type === 'Pod') {
      if (Object.keys(limit.default ?? {}).length > 0) errs.push(fieldErrors.forbidden(at.child('default'), "may not be specified when `type` is 'Pod'"));
      if (Object.keys(limit.defaultRequest ?? {}).length > 0) errs.push(fieldErrors.forbidden(at.child('defaultRequest'), "may not be specified when `type` is 'Pod'"));
    } else {
      defaults = quantities(limit.default, type, at.child('default'), keys, errs);
      defaultRequests = quantities(limit.defaultRequest, type, at.child('defaultRequest'), keys, errs);
    }
    if (type === 'PersistentVolumeClaim' && !('storage' in (limit.min ?? {})) && !('storage' in (limit.max ?? {}))) {
      errs.push(fieldErrors.required(at.child('limits'), 'either minimum or maximum storage value is required, but neither was provided'));
    }
    const ratios = quantities(limit.maxLimitRequestRatio, type, at.child('maxLimitRequestRatio'), keys, errs);
    for (const k of keys) {
      const mn = min.get(k);
      const mx = max.get(k);
      const df = defaults.get(k);
      const dr = defaultRequests.get(k);
      const ratio = ratios.get(k);
      if (mn && mx && compareQuantities(mn, mx) > 0) errs.push(invalidQ(at.child('min').key(k), mn, `min value ${str(mn)} is greater than max value ${str(mx)}`));
      if (dr && mn && compareQuantities(mn, dr) > 0) {
        errs.push(invalidQ(at.child('defaultRequest').key(k), dr, `min value ${str(mn)} is greater than default request value ${str(dr)}`));
      }
      if (dr && mx && compareQuantities(dr, mx) > 0) {
        errs.push(invalidQ(at.child('defaultRequest').key(k), dr, `default request value ${str(dr)} is greater than max value ${str(mx)}`));
      }
      if (dr && df && compareQuantities(dr, df) > 0) {
        errs.push(invalidQ(at.child('defaultRequest').key(k), dr, `default request value ${str(dr)} is greater than default limit value ${str(df)}`));
      }
      if (df && mn && compareQuantities(mn, df) > 0) errs.push(invalidQ(at.child('default').key(k), mn, `min value ${str(mn)} is greater than default value ${str(df)}`));
      if (df && mx && compareQuantities(df, mx) > 0) errs.push(invalidQ(at.child('default').key(k), mx, `default value ${str(df)} is greater than max value ${str(mx)}`));
      if (ratio && compareQuantities(ratio, { num: 1n, scale: 0, text: '1' }) < 0) {
        errs.push(invalidQ(at.child('maxLimitRequestRatio').key(k), ratio, `ratio ${str(ratio)} is less than 1`));
      }
      if (ratio && mn && mx) {
        let ratioValue = Number(quantityValue(ratio));
        let minValue = Number(quantityValue(mn));
        let maxValue = Number(quantityValue(mx));
        if (quantityValue(ratio) < maxMilliValue && quantityValue(mn) < maxMilliValue && quantityValue(mx) < maxMilliValue) {
          ratioValue = Number(quantityMilliValue(ratio)) / 1000;
          minValue = Number(quantityMilliValue(mn));
          maxValue = Number(quantityMilliValue(mx));
        }
        const limit = maxValue / minValue;
        if (ratioValue > limit) {
          errs.push(invalidQ(at.child('maxLimitRequestRatio').key(k), ratio, `ratio ${str(ratio)} is greater than max/min = ${goFloat(limit)}`));
        }
      }
      if (!isOvercommitAllowed(k) && df && dr && compareQuantities(df, dr) !== 0) {
        errs.push(invalidQ(at.child('defaultRequest').key(k), dr, `default value ${str(df)} must equal to defaultRequest value ${str(dr)} in ${k}`));
      }
    }
  });
  return errs;
}

/** The update rules: metadata, then the create rules again (the strategy's ValidateUpdate). */
export function validateLimitRangeUpdate(lr: LimitRange, old: LimitRange): FieldError[] {
  return [...validateCoreObjectMetaUpdate(lr.metadata, old.metadata), ...validateLimitRange(lr)];
}

/** limitranges (limits). */
export const limitRangeKind = defineKind<LimitRange>({
  group: '',
  version: 'v1',
  kind: 'LimitRange',
  resource: 'limitranges',
  singular: 'limitrange',
  shortNames: ['limits'],
  namespaced: true,
  schema: LimitRange,
  proto: protoMessageOf(LimitRange),
  description: 'Resource limits and defaults of the objects in a namespace.',
  defaults: defaultLimitRange,
  validate: validateLimitRange,
  validateUpdate: validateLimitRangeUpdate,
});
