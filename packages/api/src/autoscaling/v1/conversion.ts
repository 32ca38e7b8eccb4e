// Behaviour of k8s.io/kubernetes pkg/apis/autoscaling/v1/conversion.go, pkg/apis/autoscaling/v2/
// conversion.go and pkg/apis/autoscaling/annotations.go (v1.33): an autoscaling/v1
// HorizontalPodAutoscaler to and from autoscaling/v2 (the internal shape). What v1 cannot say
// (metrics other than the CPU utilization target, the current metrics, the conditions, the
// behavior) round-trips through annotations, written as Go's encoding/json writes them.
import type { KubeObject } from '@kapi/apimachinery';
import type {
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerSpec,
  HorizontalPodAutoscalerStatus,
  MetricSpec,
  MetricStatus,
} from '../v2/types.ts';
import { defaultCPUUtilization } from '../v2/validation.ts';
import type { HorizontalPodAutoscalerV1 } from './hpa.ts';

/** MetricSpecsAnnotation: the v1 MetricSpecs of metrics other than the CPU utilization target. */
export const metricSpecsAnnotation = 'autoscaling.alpha.kubernetes.io/metrics';
/** MetricStatusesAnnotation: the v1 MetricStatuses of every current metric. */
export const metricStatusesAnnotation = 'autoscaling.alpha.kubernetes.io/current-metrics';
/** HorizontalPodAutoscalerConditionsAnnotation: the conditions. */
export const hpaConditionsAnnotation = 'autoscaling.alpha.kubernetes.io/conditions';
/** BehaviorSpecsAnnotation: the behavior, as the internal Go type marshals (field names capitalised). */
export const behaviorSpecsAnnotation = 'autoscaling.alpha.kubernetes.io/behavior';

const roundTripAnnotations = [metricSpecsAnnotation, behaviorSpecsAnnotation, metricStatusesAnnotation, hpaConditionsAnnotation];

type Json = Record<string, unknown>;
type Quantity = string | number;

/** DropRoundTripHorizontalPodAutoscalerAnnotations: a copy without the round-trip annotations, or the same map. */
function dropRoundTrip(annotations: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!annotations || !roundTripAnnotations.some((k) => k in annotations)) return annotations;
  const out = { ...annotations };
  for (const k of roundTripAnnotations) delete out[k];
  return out;
}

/** Object metadata with new annotations (none: the field goes, as Go omits an empty map). */
function withAnnotations(meta: KubeObject['metadata'], annotations: Record<string, string> | undefined): NonNullable<KubeObject['metadata']> {
  const out = { ...(meta ?? {}) };
  if (annotations && Object.keys(annotations).length > 0) {
    // Go writes map keys sorted.
    out.annotations = Object.fromEntries(Object.entries(annotations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  } else delete out.annotations;
  return out;
}

/** A quantity as Go marshals a non-pointer resource.Quantity (the zero value is "0"). */
const q = (v: Quantity | null | undefined): string => (v == null ? '0' : String(v));

/** Drops undefined members, keeping the order given (Go's field order). */
function compact(o: Json): Json {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

/** metav1.LabelSelector as Go marshals it. */
function selectorJson(sel: unknown): Json | undefined {
  if (sel == null || typeof sel !== 'object') return undefined;
  const s = sel as { matchLabels?: Record<string, string> | null; matchExpressions?: { key?: string; operator?: string; values?: string[] | null }[] | null };
  const out: Json = {};
  if (s.matchLabels && Object.keys(s.matchLabels).length > 0) out.matchLabels = Object.fromEntries(Object.entries(s.matchLabels).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (s.matchExpressions && s.matchExpressions.length > 0) {
    out.matchExpressions = s.matchExpressions.map((e) => compact({ key: e.key ?? '', operator: e.operator ?? '', values: e.values && e.values.length > 0 ? e.values : undefined }));
  }
  return out;
}

function refJson(ref: { kind?: string | undefined; name?: string | undefined; apiVersion?: string | undefined } | undefined): Json {
  return compact({ kind: ref?.kind ?? '', name: ref?.name ?? '', apiVersion: ref?.apiVersion ? ref.apiVersion : undefined });
}

/** Convert_autoscaling_MetricSpec_To_v1_MetricSpec, as JSON. */
function metricSpecToV1(m: MetricSpec): Json {
  const out: Json = { type: m.type ?? '' };
  if (m.object) {
    const o = m.object;
    out.object = compact({
      target: refJson(o.describedObject),
      metricName: o.metric?.name ?? '',
      targetValue: q(o.target?.value),
      selector: selectorJson(o.metric?.selector),
      averageValue: o.target?.averageValue ?? undefined,
    });
  }
  if (m.pods) {
    const p = m.pods;
    out.pods = compact({ metricName: p.metric?.name ?? '', targetAverageValue: q(p.target?.averageValue), selector: selectorJson(p.metric?.selector) });
  }
  if (m.resource) {
    const r = m.resource;
    out.resource = compact({ name: r.name ?? '', targetAverageUtilization: r.target?.averageUtilization ?? undefined, targetAverageValue: r.target?.averageValue ?? undefined });
  }
  if (m.containerResource) {
    const r = m.containerResource;
    out.containerResource = compact({
      name: r.name ?? '',
      targetAverageUtilization: r.target?.averageUtilization ?? undefined,
      targetAverageValue: r.target?.averageValue ?? undefined,
      container: r.container ?? '',
    });
  }
  if (m.external) {
    const e = m.external;
    out.external = compact({
      metricName: e.metric?.name ?? '',
      metricSelector: selectorJson(e.metric?.selector),
      targetValue: e.target?.value ?? undefined,
      targetAverageValue: e.target?.averageValue ?? undefined,
    });
  }
  return out;
}

/** Convert_autoscaling_MetricStatus_To_v1_MetricStatus, as JSON. */
function metricStatusToV1(m: MetricStatus): Json {
  const out: Json = { type: m.type ?? '' };
  if (m.object) {
    const o = m.object;
    out.object = compact({
      target: refJson(o.describedObject),
      metricName: o.metric?.name ?? '',
      currentValue: q(o.current?.value),
      selector: selectorJson(o.metric?.selector),
      averageValue: o.current?.averageValue ?? undefined,
    });
  }
  if (m.pods) {
    const p = m.pods;
    out.pods = compact({ metricName: p.metric?.name ?? '', currentAverageValue: q(p.current?.averageValue), selector: selectorJson(p.metric?.selector) });
  }
  if (m.resource) {
    const r = m.resource;
    out.resource = compact({ name: r.name ?? '', currentAverageUtilization: r.current?.averageUtilization ?? undefined, currentAverageValue: q(r.current?.averageValue) });
  }
  if (m.containerResource) {
    const r = m.containerResource;
    out.containerResource = compact({
      name: r.name ?? '',
      currentAverageUtilization: r.current?.averageUtilization ?? undefined,
      currentAverageValue: q(r.current?.averageValue),
      container: r.container ?? '',
    });
  }
  if (m.external) {
    const e = m.external;
    out.external = compact({
      metricName: e.metric?.name ?? '',
      metricSelector: selectorJson(e.metric?.selector),
      currentValue: q(e.current?.value),
      currentAverageValue: e.current?.averageValue ?? undefined,
    });
  }
  return out;
}

/** A v1 HorizontalPodAutoscalerCondition as Go marshals it (a zero lastTransitionTime is null). */
function conditionToV1(c: HorizontalPodAutoscalerCondition): Json {
  return compact({
    type: c.type ?? '',
    status: c.status ?? '',
    lastTransitionTime: c.lastTransitionTime ?? null,
    reason: c.reason ? c.reason : undefined,
    message: c.message ? c.message : undefined,
  });
}

/** The internal HPAScalingRules as encoding/json writes a struct without json tags. */
function rulesGoJson(r: HPAScalingRules | null | undefined): Json | null {
  if (r == null) return null;
  return {
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: r.policies == null ? null : r.policies.map((p) => ({ Type: p.type ?? '', Value: p.value ?? 0, PeriodSeconds: p.periodSeconds ?? 0 })),
    Tolerance: r.tolerance == null ? null : String(r.tolerance),
  };
}

/** Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler (from v2, the internal shape). */
export function hpaV2ToV1(hpa: HorizontalPodAutoscaler): HorizontalPodAutoscalerV1 {
  const spec: Partial<HorizontalPodAutoscalerSpec> = hpa.spec ?? {};
  const status: Partial<HorizontalPodAutoscalerStatus> = hpa.status ?? {};
  const metrics = spec.metrics ?? [];
  const isCPUUtilization = (m: MetricSpec) => m.type === 'Resource' && m.resource != null && m.resource.name === 'cpu' && m.resource.target?.averageUtilization != null;

  let annotations = dropRoundTrip(hpa.metadata?.annotations);
  const set = (k: string, v: string) => (annotations = { ...(annotations ?? {}), [k]: v });
  const others = metrics.filter((m) => !isCPUUtilization(m)).map(metricSpecToV1);
  const currentMetrics = status.currentMetrics ?? [];
  const conditions = status.conditions ?? [];
  if (others.length > 0) set(metricSpecsAnnotation, JSON.stringify(others));
  if (currentMetrics.length > 0) set(metricStatusesAnnotation, JSON.stringify(currentMetrics.map(metricStatusToV1)));
  if (spec.behavior != null) set(behaviorSpecsAnnotation, JSON.stringify({ ScaleUp: rulesGoJson(spec.behavior.scaleUp), ScaleDown: rulesGoJson(spec.behavior.scaleDown) }));
  if (conditions.length > 0) set(hpaConditionsAnnotation, JSON.stringify(conditions.map(conditionToV1)));

  const outSpec: NonNullable<HorizontalPodAutoscalerV1['spec']> = { scaleTargetRef: refJson(spec.scaleTargetRef) as { kind: string; name: string } };
  if (spec.minReplicas != null) outSpec.minReplicas = spec.minReplicas;
  outSpec.maxReplicas = spec.maxReplicas ?? 0;
  const cpu = metrics.find(isCPUUtilization);
  if (cpu) outSpec.targetCPUUtilizationPercentage = cpu.resource!.target!.averageUtilization!;

  const outStatus: NonNullable<HorizontalPodAutoscalerV1['status']> = {};
  if (status.observedGeneration != null) outStatus.observedGeneration = status.observedGeneration;
  if (status.lastScaleTime != null) outStatus.lastScaleTime = status.lastScaleTime;
  outStatus.currentReplicas = status.currentReplicas ?? 0;
  outStatus.desiredReplicas = status.desiredReplicas ?? 0;
  for (const m of currentMetrics) {
    if (m.type === 'Resource' && m.resource != null && m.resource.name === 'cpu' && m.resource.current?.averageUtilization != null) {
      outStatus.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
    }
  }

  const out: HorizontalPodAutoscalerV1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: withAnnotations(hpa.metadata, annotations), spec: outSpec, status: outStatus };
  return out;
}

/** The JSON of an annotation, or undefined when it does not parse (kube ignores such annotations). */
function parseAnnotation(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const asList = (v: unknown): Json[] | undefined => (Array.isArray(v) ? (v.filter((x) => x !== null && typeof x === 'object') as Json[]) : v === null ? [] : undefined);
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const optQ = (v: unknown): Quantity | undefined => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
const optInt = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function refFromV1(v: unknown): { kind: string; name: string; apiVersion?: string } {
  const r = obj(v);
  return { kind: str(r.kind), name: str(r.name), ...(str(r.apiVersion) ? { apiVersion: str(r.apiVersion) } : {}) };
}

function identifier(name: unknown, selector: unknown) {
  return { name: str(name), ...(selector != null && typeof selector === 'object' ? { selector: selector as never } : {}) };
}

/** Convert_v1_MetricSpec_To_autoscaling_MetricSpec, from JSON. */
function metricSpecFromV1(m: Json): MetricSpec {
  const out: MetricSpec = { type: str(m.type) };
  if (m.object != null) {
    const o = obj(m.object);
    const averageValue = optQ(o.averageValue);
    out.object = {
      describedObject: refFromV1(o.target),
      target: { type: averageValue === undefined ? 'Value' : 'AverageValue', value: q(optQ(o.targetValue)), ...(averageValue !== undefined ? { averageValue } : {}) },
      metric: identifier(o.metricName, o.selector),
    };
  }
  if (m.pods != null) {
    const p = obj(m.pods);
    out.pods = { metric: identifier(p.metricName, p.selector), target: { type: 'AverageValue', averageValue: q(optQ(p.targetAverageValue)) } };
  }
  if (m.resource != null) {
    const r = obj(m.resource);
    const utilization = optInt(r.targetAverageUtilization);
    const averageValue = optQ(r.targetAverageValue);
    out.resource = {
      name: str(r.name),
      target: { type: utilization === undefined ? 'AverageValue' : 'Utilization', ...(averageValue !== undefined ? { averageValue } : {}), ...(utilization !== undefined ? { averageUtilization: utilization } : {}) },
    };
  }
  if (m.containerResource != null) {
    const r = obj(m.containerResource);
    const utilization = optInt(r.targetAverageUtilization);
    const averageValue = optQ(r.targetAverageValue);
    out.containerResource = {
      name: str(r.name),
      target: { type: utilization === undefined ? 'AverageValue' : 'Utilization', ...(averageValue !== undefined ? { averageValue } : {}), ...(utilization !== undefined ? { averageUtilization: utilization } : {}) },
      container: str(r.container),
    };
  }
  if (m.external != null) {
    const e = obj(m.external);
    const value = optQ(e.targetValue);
    const averageValue = optQ(e.targetAverageValue);
    out.external = {
      metric: identifier(e.metricName, e.metricSelector),
      target: { type: value === undefined ? 'AverageValue' : 'Value', ...(value !== undefined ? { value } : {}), ...(averageValue !== undefined ? { averageValue } : {}) },
    };
  }
  return out;
}

/** Convert_v1_MetricStatus_To_autoscaling_MetricStatus, from JSON. */
function metricStatusFromV1(m: Json): MetricStatus {
  const out: MetricStatus = { type: str(m.type) };
  if (m.object != null) {
    const o = obj(m.object);
    const averageValue = optQ(o.averageValue);
    out.object = {
      metric: identifier(o.metricName, o.selector),
      current: { value: q(optQ(o.currentValue)), ...(averageValue !== undefined ? { averageValue } : {}) },
      describedObject: refFromV1(o.target),
    };
  }
  if (m.pods != null) {
    const p = obj(m.pods);
    out.pods = { metric: identifier(p.metricName, p.selector), current: { averageValue: q(optQ(p.currentAverageValue)) } };
  }
  if (m.resource != null) {
    const r = obj(m.resource);
    const utilization = optInt(r.currentAverageUtilization);
    out.resource = { name: str(r.name), current: { averageValue: q(optQ(r.currentAverageValue)), ...(utilization !== undefined ? { averageUtilization: utilization } : {}) } };
  }
  if (m.containerResource != null) {
    const r = obj(m.containerResource);
    const utilization = optInt(r.currentAverageUtilization);
    out.containerResource = {
      name: str(r.name),
      current: { averageValue: q(optQ(r.currentAverageValue)), ...(utilization !== undefined ? { averageUtilization: utilization } : {}) },
      container: str(r.container),
    };
  }
  if (m.external != null) {
    const e = obj(m.external);
    const averageValue = optQ(e.currentAverageValue);
    out.external = { metric: identifier(e.metricName, e.metricSelector), current: { value: q(optQ(e.currentValue)), ...(averageValue !== undefined ? { averageValue } : {}) } };
  }
  return out;
}

function conditionFromV1(c: Json): HorizontalPodAutoscalerCondition {
  const out: HorizontalPodAutoscalerCondition = { type: str(c.type), status: str(c.status) };
  if (typeof c.lastTransitionTime === 'string') out.lastTransitionTime = c.lastTransitionTime;
  if (str(c.reason)) out.reason = str(c.reason);
  if (str(c.message)) out.message = str(c.message);
  return out;
}

/** A member of a Go struct decoded by encoding/json, which matches field names case-insensitively. */
function goField(o: Json, name: string): unknown {
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  const key = Object.keys(o).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : o[key];
}

function rulesFromGoJson(v: unknown): HPAScalingRules | undefined {
  if (v == null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const r = v as Json;
  const out: HPAScalingRules = {};
  const window = goField(r, 'StabilizationWindowSeconds');
  if (typeof window === 'number') out.stabilizationWindowSeconds = window;
  const select = goField(r, 'SelectPolicy');
  if (typeof select === 'string') out.selectPolicy = select;
  const policies = goField(r, 'Policies');
  if (Array.isArray(policies)) {
    out.policies = policies.map((p) => {
      const o = obj(p);
      return { type: str(goField(o, 'Type')), value: optInt(goField(o, 'Value')) ?? 0, periodSeconds: optInt(goField(o, 'PeriodSeconds')) ?? 0 };
    });
  }
  const tolerance = optQ(goField(r, 'Tolerance'));
  if (tolerance !== undefined) out.tolerance = tolerance;
  return out;
}

/** Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler (to v2, the internal shape). */
export function hpaV1ToV2(hpa: HorizontalPodAutoscalerV1): HorizontalPodAutoscaler {
  const spec = hpa.spec ?? {};
  const status = hpa.status ?? {};
  const annotations = hpa.metadata?.annotations ?? {};

  const outSpec: HorizontalPodAutoscalerSpec = { scaleTargetRef: refFromV1(spec.scaleTargetRef) };
  if (spec.minReplicas != null) outSpec.minReplicas = spec.minReplicas;
  outSpec.maxReplicas = spec.maxReplicas ?? 0;
  let metrics: MetricSpec[] = [];
  if (spec.targetCPUUtilizationPercentage != null) {
    metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } }];
  }
  const outStatus: HorizontalPodAutoscalerStatus = {};
  if (status.observedGeneration != null) outStatus.observedGeneration = status.observedGeneration;
  if (status.lastScaleTime != null) outStatus.lastScaleTime = status.lastScaleTime;
  outStatus.currentReplicas = status.currentReplicas ?? 0;
  outStatus.desiredReplicas = status.desiredReplicas ?? 0;
  if (status.currentCPUUtilizationPercentage != null) {
    outStatus.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
  }

  const others = asList(parseAnnotation(annotations[metricSpecsAnnotation]));
  // The CPU target of the spec goes after the other metrics.
  if (others !== undefined) metrics = [...others.map(metricSpecFromV1), ...metrics];
  const behavior = parseAnnotation(annotations[behaviorSpecsAnnotation]);
  if (behavior !== null && typeof behavior === 'object' && !Array.isArray(behavior)) {
    const scaleUp = rulesFromGoJson(goField(behavior as Json, 'ScaleUp'));
    const scaleDown = rulesFromGoJson(goField(behavior as Json, 'ScaleDown'));
    if (scaleUp !== undefined || scaleDown !== undefined) {
      const b: HorizontalPodAutoscalerBehavior = {};
      if (scaleUp !== undefined) b.scaleUp = scaleUp;
      if (scaleDown !== undefined) b.scaleDown = scaleDown;
      outSpec.behavior = b;
    }
  }
  const current = asList(parseAnnotation(annotations[metricStatusesAnnotation]));
  if (current !== undefined) outStatus.currentMetrics = current.map(metricStatusFromV1);
  // autoscaling/v1's implicit default, explicit here since only here are all the metrics known.
  if (metrics.length === 0) metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: defaultCPUUtilization } } }];
  outSpec.metrics = metrics;
  const conditions = asList(parseAnnotation(annotations[hpaConditionsAnnotation]));
  if (conditions !== undefined) outStatus.conditions = conditions.map(conditionFromV1);
  if (outStatus.currentMetrics?.length === 0) delete outStatus.currentMetrics;
  if (outStatus.conditions?.length === 0) delete outStatus.conditions;

  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: withAnnotations(hpa.metadata, dropRoundTrip(hpa.metadata?.annotations)),
    spec: outSpec,
    status: outStatus,
  };
}

/** Convert_autoscaling_HorizontalPodAutoscaler_To_v2 / Convert_v2_..._To_autoscaling: round-trip annotations never reach v2. */
export function hpaV2Normalized(hpa: HorizontalPodAutoscaler): HorizontalPodAutoscaler {
  const annotations = dropRoundTrip(hpa.metadata?.annotations);
  if (annotations === hpa.metadata?.annotations) return hpa;
  return { ...hpa, metadata: withAnnotations(hpa.metadata, annotations) };
}
