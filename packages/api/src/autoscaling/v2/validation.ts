// Behaviour of k8s.io/kubernetes pkg/apis/autoscaling/v2/defaults.go and
// pkg/apis/autoscaling/validation/validation.go (v1.33): the defaults of an autoscaling/v2
// HorizontalPodAutoscaler and the validation kube runs on the internal object (whose shape is v2's,
// so field paths are v2's whatever version a request uses). Feature gates at their 1.33 defaults:
// HPAScaleToZero off (minReplicas ≥ 1 unless the stored object already has 0).
import {
  FieldPath,
  fieldErrors,
  isDNS1123Label,
  isValidPathSegmentName,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { validateContainerResourceName } from '../../core/v1/resource-names.ts';
import type {
  CrossVersionObjectReference,
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerSpec,
  MetricIdentifier,
  MetricSpec,
  MetricTarget,
} from './types.ts';

/** autoscaling.DefaultCPUUtilization. */
export const defaultCPUUtilization = 80;
/** MaxPeriodSeconds: the largest scaling policy period. */
export const maxPeriodSeconds = 1800;
/** MaxStabilizationWindowSeconds: the largest stabilization window. */
export const maxStabilizationWindowSeconds = 3600;

/** The scale-up rules kube fills in (GenerateHPAScaleUpRules(nil)). */
function defaultScaleUpRules(): HPAScalingRules {
  return {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
}

/** The scale-down rules kube fills in (GenerateHPAScaleDownRules(nil)); no stabilization window (the controller's flag decides). */
function defaultScaleDownRules(): HPAScalingRules {
  return { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

/** copyHPAScalingRules: the set fields of `from` over the defaults. */
function fillScalingRules(from: HPAScalingRules | null | undefined, defaults: HPAScalingRules): HPAScalingRules {
  if (from == null) return defaults;
  const out: HPAScalingRules = { ...defaults };
  if (from.selectPolicy != null) out.selectPolicy = from.selectPolicy;
  if (from.stabilizationWindowSeconds != null) out.stabilizationWindowSeconds = from.stabilizationWindowSeconds;
  if (from.policies != null) out.policies = from.policies;
  if (from.tolerance != null) out.tolerance = from.tolerance;
  // Keep the order of the Go struct (stabilizationWindowSeconds, selectPolicy, policies, tolerance).
  return orderRules(out);
}

function orderRules(r: HPAScalingRules): HPAScalingRules {
  const out: HPAScalingRules = {};
  if (r.stabilizationWindowSeconds != null) out.stabilizationWindowSeconds = r.stabilizationWindowSeconds;
  if (r.selectPolicy != null) out.selectPolicy = r.selectPolicy;
  if (r.policies != null) out.policies = r.policies;
  if (r.tolerance != null) out.tolerance = r.tolerance;
  return out;
}

/** GenerateHPAScaleUpRules. */
export function generateHPAScaleUpRules(rules: HPAScalingRules | null | undefined): HPAScalingRules {
  return fillScalingRules(rules, defaultScaleUpRules());
}

/** GenerateHPAScaleDownRules. */
export function generateHPAScaleDownRules(rules: HPAScalingRules | null | undefined): HPAScalingRules {
  return fillScalingRules(rules, defaultScaleDownRules());
}

/**
 * SetDefaults_HorizontalPodAutoscaler: minReplicas 1, metrics 80% average CPU utilization, and a
 * behavior that is set gets both directions' rules filled in.
 */
export function defaultHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): void {
  const spec = (hpa.spec ??= {} as HorizontalPodAutoscalerSpec);
  spec.minReplicas ??= 1;
  if ((spec.metrics ?? []).length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: defaultCPUUtilization } } }];
  }
  if (spec.behavior != null) {
    const b: HorizontalPodAutoscalerBehavior = spec.behavior;
    spec.behavior = { scaleUp: generateHPAScaleUpRules(b.scaleUp), scaleDown: generateHPAScaleDownRules(b.scaleDown) };
  }
}

/** The sign of a resource.Quantity string: -1, 0 or 1 (Quantity.Sign()). */
export function quantitySign(q: string | number | null | undefined): number {
  if (q == null) return 0;
  if (typeof q === 'number') return Math.sign(q);
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?/.exec(q.trim());
  if (!m) return 0;
  const digits = `${m[2] ?? ''}${m[3] ?? ''}`;
  if (!/[1-9]/.test(digits)) return 0;
  return m[1] === '-' ? -1 : 1;
}

/** The value of a quantity as the Go field error prints it. */
function quantityValue(q: string | number): string {
  return String(q);
}

/** ValidateCrossVersionObjectReference. */
export function validateCrossVersionObjectReference(ref: CrossVersionObjectReference | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const kind = ref?.kind ?? '';
  if (kind === '') errs.push(fieldErrors.required(path.child('kind'), ''));
  else for (const msg of isValidPathSegmentName(kind)) errs.push(fieldErrors.invalid(path.child('kind'), kind, msg));
  const name = ref?.name ?? '';
  if (name === '') errs.push(fieldErrors.required(path.child('name'), ''));
  else for (const msg of isValidPathSegmentName(name)) errs.push(fieldErrors.invalid(path.child('name'), name, msg));
  return errs;
}

const validSelectPolicies = ['Disabled', 'Max', 'Min'];
const validPolicyTypes = ['Percent', 'Pods'];
const validMetricSourceTypes = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];

function validateScalingPolicy(policy: HPAScalingPolicy, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = policy.type ?? '';
  if (type !== 'Pods' && type !== 'Percent') errs.push(fieldErrors.notSupported(path.child('type'), type, validPolicyTypes));
  const value = policy.value ?? 0;
  if (value <= 0) errs.push(fieldErrors.invalid(path.child('value'), value, 'must be greater than zero'));
  const period = policy.periodSeconds ?? 0;
  if (period <= 0) errs.push(fieldErrors.invalid(path.child('periodSeconds'), period, 'must be greater than zero'));
  if (period > maxPeriodSeconds) errs.push(fieldErrors.invalid(path.child('periodSeconds'), period, `must be less than or equal to ${maxPeriodSeconds}`));
  return errs;
}

function validateScalingRules(rules: HPAScalingRules | null | undefined, path: FieldPath): FieldError[] {
  if (rules == null) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (window != null && window < 0) errs.push(fieldErrors.invalid(path.child('stabilizationWindowSeconds'), window, 'must be greater than or equal to zero'));
  if (window != null && window > maxStabilizationWindowSeconds) {
    errs.push(fieldErrors.invalid(path.child('stabilizationWindowSeconds'), window, `must be less than or equal to ${maxStabilizationWindowSeconds}`));
  }
  if (rules.selectPolicy != null && !validSelectPolicies.includes(rules.selectPolicy)) {
    errs.push(fieldErrors.notSupported(path.child('selectPolicy'), rules.selectPolicy, validSelectPolicies));
  }
  const policiesPath = path.child('policies');
  const policies = rules.policies ?? [];
  if (policies.length === 0) errs.push(fieldErrors.required(policiesPath, 'must specify at least one Policy'));
  policies.forEach((p, i) => errs.push(...validateScalingPolicy(p, policiesPath.index(i))));
  return errs;
}

function validateBehavior(behavior: HorizontalPodAutoscalerBehavior | null | undefined, path: FieldPath): FieldError[] {
  if (behavior == null) return [];
  return [...validateScalingRules(behavior.scaleUp, path.child('scaleUp')), ...validateScalingRules(behavior.scaleDown, path.child('scaleDown'))];
}

function validateMetricTarget(mt: MetricTarget | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = mt?.type ?? '';
  if (type === '') errs.push(fieldErrors.required(path.child('type'), 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') {
    errs.push(fieldErrors.invalid(path.child('type'), type, 'must be either Utilization, Value, or AverageValue'));
  }
  if (mt?.value != null && quantitySign(mt.value) !== 1) errs.push(fieldErrors.invalid(path.child('value'), quantityValue(mt.value), 'must be positive'));
  if (mt?.averageValue != null && quantitySign(mt.averageValue) !== 1) {
    errs.push(fieldErrors.invalid(path.child('averageValue'), quantityValue(mt.averageValue), 'must be positive'));
  }
  if (mt?.averageUtilization != null && mt.averageUtilization < 1) {
    errs.push(fieldErrors.invalid(path.child('averageUtilization'), mt.averageUtilization, 'must be greater than 0'));
  }
  return errs;
}

function validateMetricIdentifier(id: MetricIdentifier | undefined, path: FieldPath): FieldError[] {
  const name = id?.name ?? '';
  if (name === '') return [fieldErrors.required(path.child('name'), 'must specify a metric name')];
  return isValidPathSegmentName(name).map((msg) => fieldErrors.invalid(path.child('name'), name, msg));
}

function validateMetricSpec(spec: MetricSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if (type === '') errs.push(fieldErrors.required(path.child('type'), 'must specify a metric source type'));
  if (!validMetricSourceTypes.includes(type)) errs.push(fieldErrors.notSupported(path.child('type'), type, validMetricSourceTypes));
  const present: string[] = [];
  if (spec.object != null) {
    present.push('object');
    if (present.length === 1) {
      const p = path.child('object');
      const src = spec.object;
      errs.push(...validateCrossVersionObjectReference(src.describedObject, p.child('describedObject')));
      errs.push(...validateMetricIdentifier(src.metric, p.child('metric')));
      errs.push(...validateMetricTarget(src.target, p.child('target')));
      if (src.target?.value == null && src.target?.averageValue == null) {
        errs.push(fieldErrors.required(p.child('target', 'averageValue'), 'must set either a target value or averageValue'));
      }
    }
  }
  if (spec.external != null) {
    present.push('external');
    if (present.length === 1) {
      const p = path.child('external');
      const src = spec.external;
      errs.push(...validateMetricIdentifier(src.metric, p.child('metric')));
      errs.push(...validateMetricTarget(src.target, p.child('target')));
      if (src.target?.value == null && src.target?.averageValue == null) {
        errs.push(fieldErrors.required(p.child('target', 'averageValue'), 'must set either a target value for metric or a per-pod target'));
      }
      if (src.target?.value != null && src.target?.averageValue != null) {
        errs.push(fieldErrors.forbidden(p.child('target', 'value'), 'may not set both a target value for metric and a per-pod target'));
      }
    }
  }
  if (spec.pods != null) {
    present.push('pods');
    if (present.length === 1) {
      const p = path.child('pods');
      const src = spec.pods;
      errs.push(...validateMetricIdentifier(src.metric, p.child('metric')));
      errs.push(...validateMetricTarget(src.target, p.child('target')));
      if (src.target?.averageValue == null) errs.push(fieldErrors.required(p.child('target', 'averageValue'), 'must specify a positive target averageValue'));
    }
  }
  if (spec.resource != null) {
    present.push('resource');
    if (present.length === 1) {
      const p = path.child('resource');
      const src = spec.resource;
      if ((src.name ?? '') === '') errs.push(fieldErrors.required(p.child('name'), 'must specify a resource name'));
      errs.push(...validateMetricTarget(src.target, p.child('target')));
      errs.push(...utilizationOrValue(src.target, p));
    }
  }
  if (spec.containerResource != null) {
    present.push('containerResource');
    if (present.length === 1) {
      const p = path.child('containerResource');
      const src = spec.containerResource;
      const name = src.name ?? '';
      if (name === '') errs.push(fieldErrors.required(p.child('name'), 'must specify a resource name'));
      else errs.push(...validateContainerResourceName(name, p.child('name')));
      const container = src.container ?? '';
      if (container === '') errs.push(fieldErrors.required(p.child('container'), 'must specify a container'));
      else errs.push(...isDNS1123Label(container).map((msg) => fieldErrors.invalid(p.child('container'), container, msg)));
      errs.push(...validateMetricTarget(src.target, p.child('target')));
      errs.push(...utilizationOrValue(src.target, p));
    }
  }
  const expected: Record<string, string> = { Object: 'object', Pods: 'pods', Resource: 'resource', External: 'external', ContainerResource: 'containerResource' };
  const expectedField = expected[type] ?? '';
  if (expectedField === '') errs.push(fieldErrors.notSupported(path.child('type'), type, validMetricSourceTypes));
  else if (!present.includes(expectedField)) errs.push(fieldErrors.required(path.child(expectedField), 'must populate information for the given metric source'));
  if (present.length !== 1) {
    // sets.String iterates in no fixed order in Go; kube's tests sort nothing here: sorted is as good as any.
    for (const typ of present.filter((t) => t !== expectedField).sort()) {
      errs.push(fieldErrors.forbidden(path.child(typ), 'must populate the given metric source only'));
    }
  }
  return errs;
}

function utilizationOrValue(target: MetricTarget | undefined, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (target?.averageUtilization == null && target?.averageValue == null) {
    errs.push(fieldErrors.required(p.child('target', 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  }
  if (target?.averageUtilization != null && target?.averageValue != null) {
    errs.push(fieldErrors.forbidden(p.child('target', 'averageValue'), 'may not set both a target raw value and a target utilization'));
  }
  return errs;
}

function validateMetrics(metrics: readonly MetricSpec[] | undefined, path: FieldPath, minReplicas: number | null | undefined): FieldError[] {
  const errs: FieldError[] = [];
  let objectOrExternal = false;
  (metrics ?? []).forEach((m, i) => {
    errs.push(...validateMetricSpec(m, path.index(i)));
    if (m.type === 'Object' || m.type === 'External') objectOrExternal = true;
  });
  if (minReplicas === 0 && !objectOrExternal) {
    errs.push(fieldErrors.forbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  return errs;
}

function validateSpec(spec: HorizontalPodAutoscalerSpec | undefined, path: FieldPath, minReplicasLowerBound: number): FieldError[] {
  const errs: FieldError[] = [];
  const min = spec?.minReplicas;
  const max = spec?.maxReplicas ?? 0;
  if (min != null && min < minReplicasLowerBound) {
    errs.push(fieldErrors.invalid(path.child('minReplicas'), min, `must be greater than or equal to ${minReplicasLowerBound}`));
  }
  if (max < 1) errs.push(fieldErrors.invalid(path.child('maxReplicas'), max, 'must be greater than 0'));
  if (min != null && max < min) errs.push(fieldErrors.invalid(path.child('maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(spec?.scaleTargetRef, path.child('scaleTargetRef')));
  errs.push(...validateMetrics(spec?.metrics, path.child('metrics'), min));
  errs.push(...validateBehavior(spec?.behavior, path.child('behavior')));
  return errs;
}

/** ValidateHorizontalPodAutoscaler (HPAScaleToZero off: minReplicas at least 1). */
export function validateHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): FieldError[] {
  return [
    ...validateObjectMeta(hpa.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateSpec(hpa.spec, FieldPath.of('spec'), 1),
  ];
}

/** ValidateHorizontalPodAutoscalerUpdate: minReplicas may stay 0 when the stored object has 0. */
export function validateHorizontalPodAutoscalerUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  const lowerBound = old.spec?.minReplicas === 0 ? 0 : 1;
  return [...validateObjectMetaUpdate(hpa.metadata ?? {}, old.metadata ?? {}), ...validateSpec(hpa.spec, FieldPath.of('spec'), lowerBound)];
}

/** ValidateHorizontalPodAutoscalerStatusUpdate. */
export function validateHorizontalPodAutoscalerStatusUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  const errs = validateObjectMetaUpdate(hpa.metadata ?? {}, old.metadata ?? {});
  const current = hpa.status?.currentReplicas ?? 0;
  const desired = hpa.status?.desiredReplicas ?? 0;
  if (current < 0) errs.push(fieldErrors.invalid(FieldPath.of('status', 'currentReplicas'), current, 'must be greater than or equal to 0'));
  if (desired < 0) errs.push(fieldErrors.invalid(FieldPath.of('status', 'desiredReplicas'), desired, 'must be greater than or equal to 0'));
  return errs;
}
