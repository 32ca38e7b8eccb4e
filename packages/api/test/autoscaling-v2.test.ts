// autoscaling/v2 HorizontalPodAutoscaler as kube-apiserver v1.33 declares, defaults and validates it
// (k8s.io/api autoscaling/v2 types.go + generated.proto, pkg/apis/autoscaling/v2/defaults.go,
// pkg/apis/autoscaling/validation/validation.go and the cases of its validation_test.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  HorizontalPodAutoscaler,
  horizontalPodAutoscalerKind,
  quantitySign,
  validateHorizontalPodAutoscalerStatusUpdate,
  type MetricSpec,
} from '../src/autoscaling/v2/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const p = 'io.k8s.api.autoscaling.v2.';

describe('declarations', () => {
  it('match k8s.io/api autoscaling/v2: field order, protobuf numbers, pointers, required fields, list types', () => {
    checkUpstreamTable([HorizontalPodAutoscaler], {
      [`${p}HorizontalPodAutoscaler`]: [['metadata', 1], ['spec', 2], ['status', 3]],
      [`${p}HorizontalPodAutoscalerSpec`]: [['scaleTargetRef', 1, 'req'], ['minReplicas', 2, 'ptr'], ['maxReplicas', 3, 'req'], ['metrics', 4, 'list:atomic'], ['behavior', 5, 'ptr']],
      [`${p}CrossVersionObjectReference`]: [['kind', 1, 'req'], ['name', 2, 'req'], ['apiVersion', 3]],
      [`${p}MetricSpec`]: [['type', 1, 'req'], ['object', 2, 'ptr'], ['pods', 3, 'ptr'], ['resource', 4, 'ptr'], ['containerResource', 7, 'ptr'], ['external', 5, 'ptr']],
      [`${p}HorizontalPodAutoscalerBehavior`]: [['scaleUp', 1, 'ptr'], ['scaleDown', 2, 'ptr']],
      [`${p}HPAScalingRules`]: [['stabilizationWindowSeconds', 3, 'ptr'], ['selectPolicy', 1, 'ptr'], ['policies', 2, 'list:atomic'], ['tolerance', 4, 'ptr']],
      [`${p}HPAScalingPolicy`]: [['type', 1, 'req'], ['value', 2, 'req'], ['periodSeconds', 3, 'req']],
      [`${p}ObjectMetricSource`]: [['describedObject', 1, 'req'], ['target', 2, 'req'], ['metric', 3, 'req']],
      [`${p}PodsMetricSource`]: [['metric', 1, 'req'], ['target', 2, 'req']],
      [`${p}ResourceMetricSource`]: [['name', 1, 'req'], ['target', 2, 'req']],
      [`${p}ContainerResourceMetricSource`]: [['name', 1, 'req'], ['target', 2, 'req'], ['container', 3, 'req']],
      [`${p}ExternalMetricSource`]: [['metric', 1, 'req'], ['target', 2, 'req']],
      [`${p}MetricIdentifier`]: [['name', 1, 'req'], ['selector', 2, 'ptr']],
      [`${p}MetricTarget`]: [['type', 1, 'req'], ['value', 2, 'ptr'], ['averageValue', 3, 'ptr'], ['averageUtilization', 4, 'ptr']],
      [`${p}HorizontalPodAutoscalerStatus`]: [
        ['observedGeneration', 1, 'ptr'],
        ['lastScaleTime', 2, 'ptr'],
        ['currentReplicas', 3],
        ['desiredReplicas', 4, 'req'],
        ['currentMetrics', 5, 'list:atomic'],
        ['conditions', 6, 'merge:type list:map:type'],
      ],
      [`${p}HorizontalPodAutoscalerCondition`]: [['type', 1, 'req'], ['status', 2, 'req'], ['lastTransitionTime', 3], ['reason', 4], ['message', 5]],
      [`${p}MetricStatus`]: [['type', 1, 'req'], ['object', 2, 'ptr'], ['pods', 3, 'ptr'], ['resource', 4, 'ptr'], ['containerResource', 7, 'ptr'], ['external', 5, 'ptr']],
      [`${p}ObjectMetricStatus`]: [['metric', 1, 'req'], ['current', 2, 'req'], ['describedObject', 3, 'req']],
      [`${p}PodsMetricStatus`]: [['metric', 1, 'req'], ['current', 2, 'req']],
      [`${p}ResourceMetricStatus`]: [['name', 1, 'req'], ['current', 2, 'req']],
      [`${p}ContainerResourceMetricStatus`]: [['name', 1, 'req'], ['current', 2, 'req'], ['container', 3, 'req']],
      [`${p}ExternalMetricStatus`]: [['metric', 1, 'req'], ['current', 2, 'req']],
      [`${p}MetricValueStatus`]: [['value', 1, 'ptr'], ['averageValue', 2, 'ptr'], ['averageUtilization', 3, 'ptr']],
    });
  });

  it('serves horizontalpodautoscalers (hpa, category all) in autoscaling/v2 and v1', () => {
    const kinds = builtinKinds.filter((k) => k.group === 'autoscaling');
    expect(kinds.map((k) => [k.version, k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['v1', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers', 'horizontalpodautoscaler', true, 'HorizontalPodAutoscalerList', ['hpa'], ['all']],
      ['v2', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers', 'horizontalpodautoscaler', true, 'HorizontalPodAutoscalerList', ['hpa'], ['all']],
    ]);
  });
});

const ref = { kind: 'ReplicationController', name: 'myrc' };
const hpa = (spec: Partial<HorizontalPodAutoscaler['spec']> = {}, name = 'myautoscaler'): HorizontalPodAutoscaler => ({
  metadata: { name, namespace: 'default' },
  spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, metrics: [cpu(70)], ...spec } as HorizontalPodAutoscaler['spec'],
});
function cpu(utilization: number): MetricSpec {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

describe('defaults (SetDefaults_HorizontalPodAutoscaler)', () => {
  it('sets minReplicas 1 and an 80% CPU utilization metric', () => {
    const obj: HorizontalPodAutoscaler = { metadata: { name: 'a' }, spec: { scaleTargetRef: ref, maxReplicas: 3 } };
    horizontalPodAutoscalerKind.defaults(obj);
    expect(obj.spec).toEqual({ scaleTargetRef: ref, maxReplicas: 3, minReplicas: 1, metrics: [cpu(80)] });
  });

  it('leaves behavior unset when it is unset', () => {
    const obj = hpa();
    horizontalPodAutoscalerKind.defaults(obj);
    expect(obj.spec?.behavior).toBeUndefined();
  });

  it('fills both directions of a behavior that is set, keeping what was given', () => {
    const obj = hpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } });
    horizontalPodAutoscalerKind.defaults(obj);
    expect(obj.spec?.behavior).toEqual({
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [
          { type: 'Pods', value: 4, periodSeconds: 15 },
          { type: 'Percent', value: 100, periodSeconds: 15 },
        ],
      },
      // scale down has no default window: the controller's --horizontal-pod-autoscaler-downscale-stabilization decides.
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    });
    const empty = hpa({ behavior: {} });
    horizontalPodAutoscalerKind.defaults(empty);
    expect(empty.spec?.behavior?.scaleDown).toEqual({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
    const given = hpa({ behavior: { scaleUp: { selectPolicy: 'Disabled', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } } });
    horizontalPodAutoscalerKind.defaults(given);
    expect(given.spec?.behavior?.scaleUp).toEqual({ stabilizationWindowSeconds: 0, selectPolicy: 'Disabled', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] });
  });
});

describe('validation (ValidateHorizontalPodAutoscaler)', () => {
  it('accepts every metric source kube accepts', () => {
    const ok: MetricSpec[] = [
      cpu(70),
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 50 } } },
      { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '100' } } },
      { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main' }, metric: { name: 'hits' }, target: { type: 'Value', value: '1k' } } },
      { type: 'External', external: { metric: { name: 'queue', selector: { matchLabels: { q: 'a' } } }, target: { type: 'AverageValue', averageValue: '30' } } },
    ];
    expect(horizontalPodAutoscalerKind.validate(hpa({ metrics: ok, behavior: { scaleUp: { stabilizationWindowSeconds: 3600, selectPolicy: 'Min', policies: [{ type: 'Percent', value: 10, periodSeconds: 1800 }] } } }))).toEqual([]);
  });

  const cases: [string, HorizontalPodAutoscaler, string[]][] = [
    ['no scaleTargetRef kind', hpa({ scaleTargetRef: { kind: '', name: 'myrc' } }), ['spec.scaleTargetRef.kind: Required value']],
    ['a scaleTargetRef kind with a slash', hpa({ scaleTargetRef: { kind: '..', name: 'myrc' } }), ['spec.scaleTargetRef.kind: Invalid value: "..": may not be \'..\'']],
    ['no scaleTargetRef name', hpa({ scaleTargetRef: { kind: 'ReplicationController', name: '' } }), ['spec.scaleTargetRef.name: Required value']],
    ['minReplicas 0', hpa({ minReplicas: 0 }), ['spec.minReplicas: Invalid value: 0: must be greater than or equal to 1', 'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas']],
    ['maxReplicas below minReplicas', hpa({ minReplicas: 7 }), ['spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`']],
    ['maxReplicas 0', hpa({ minReplicas: 1, maxReplicas: 0 }), ['spec.maxReplicas: Invalid value: 0: must be greater than 0', 'spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`']],
    ['a zero CPU utilization', hpa({ metrics: [cpu(0)] }), ['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0']],
    [
      'a resource metric with neither target',
      hpa({ metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } }] }),
      ['spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization'],
    ],
    [
      'a resource metric with both targets',
      hpa({ metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70, averageValue: '300m' } } }] }),
      ['spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization'],
    ],
    [
      'a resource metric without a name and a bad target type',
      hpa({ metrics: [{ type: 'Resource', resource: { name: '', target: { type: 'Sometimes', averageValue: '-1' } } }] }),
      [
        'spec.metrics[0].resource.name: Required value: must specify a resource name',
        'spec.metrics[0].resource.target.type: Invalid value: "Sometimes": must be either Utilization, Value, or AverageValue',
        'spec.metrics[0].resource.target.averageValue: Invalid value: "-1": must be positive',
      ],
    ],
    [
      'a pods metric without a name or average value',
      hpa({ metrics: [{ type: 'Pods', pods: { metric: { name: '' }, target: { type: 'AverageValue' } } }] }),
      ['spec.metrics[0].pods.metric.name: Required value: must specify a metric name', 'spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue'],
    ],
    [
      'an object metric without a target value',
      hpa({ metrics: [{ type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main' }, metric: { name: 'hits' }, target: { type: 'Value' } } }] }),
      ['spec.metrics[0].object.target.averageValue: Required value: must set either a target value or averageValue'],
    ],
    [
      'an external metric with both targets',
      hpa({ metrics: [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '1', averageValue: '1' } } }] }),
      ['spec.metrics[0].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target'],
    ],
    [
      'a container resource metric without a container',
      hpa({ metrics: [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: '', target: { type: 'Utilization', averageUtilization: 10 } } }] }),
      ['spec.metrics[0].containerResource.container: Required value: must specify a container'],
    ],
    [
      'a metric of an unknown type',
      hpa({ metrics: [{ type: 'Magic' }] }),
      ['spec.metrics[0].type: Unsupported value: "Magic": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"', 'spec.metrics[0].type: Unsupported value: "Magic": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"'],
    ],
    ['a metric without its source', hpa({ metrics: [{ type: 'Pods' }] }), ['spec.metrics[0].pods: Required value: must populate information for the given metric source']],
    [
      'a metric with two sources',
      hpa({ metrics: [{ ...cpu(50), pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1' } } }] }),
      ['spec.metrics[0].pods: Forbidden: must populate the given metric source only'],
    ],
    [
      'bad scaling rules',
      hpa({ behavior: { scaleUp: { stabilizationWindowSeconds: -1, selectPolicy: 'Sometimes', policies: [] }, scaleDown: { stabilizationWindowSeconds: 3601, policies: [{ type: 'Nodes', value: 0, periodSeconds: 1801 }] } } }),
      [
        'spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero',
        'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Sometimes": supported values: "Disabled", "Max", "Min"',
        'spec.behavior.scaleUp.policies: Required value: must specify at least one Policy',
        'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600',
        'spec.behavior.scaleDown.policies[0].type: Unsupported value: "Nodes": supported values: "Percent", "Pods"',
        'spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
        'spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
      ],
    ],
    ['a name that is not a DNS subdomain', hpa({}, 'My_HPA'), [expect.stringMatching(/^metadata\.name: Invalid value: "My_HPA": a lowercase RFC 1123 subdomain/) as unknown as string]],
  ];

  it.each(cases)('rejects %s', (_name, obj, want) => {
    expect(msgs(horizontalPodAutoscalerKind.validate(obj))).toEqual(want);
  });

  it('lets an update keep minReplicas 0 when the stored object has it', () => {
    const withObject: MetricSpec = { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main' }, metric: { name: 'hits' }, target: { type: 'Value', value: '10' } } };
    const old = { ...hpa({ minReplicas: 0, metrics: [withObject] }), metadata: { name: 'myautoscaler', namespace: 'default', resourceVersion: '1' } };
    expect(horizontalPodAutoscalerKind.validateUpdate({ ...old, spec: { ...old.spec!, maxReplicas: 9 } }, old)).toEqual([]);
    const wasOne = { ...hpa(), metadata: old.metadata };
    expect(msgs(horizontalPodAutoscalerKind.validateUpdate({ ...wasOne, spec: { ...old.spec!, minReplicas: 0 } }, wasOne))).toEqual([
      'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
    ]);
  });

  it('checks status updates for negative replicas only (ValidateHorizontalPodAutoscalerStatusUpdate)', () => {
    const old = { ...hpa(), metadata: { name: 'a', namespace: 'default', resourceVersion: '1' } };
    expect(msgs(validateHorizontalPodAutoscalerStatusUpdate({ ...old, status: { currentReplicas: -1, desiredReplicas: -2 } }, old))).toEqual([
      'status.currentReplicas: Invalid value: -1: must be greater than or equal to 0',
      'status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0',
    ]);
  });

  it('reads the sign of quantities as resource.Quantity.Sign does', () => {
    expect(['1', '100m', '0.5', '+2Ki', '1e3'].map(quantitySign)).toEqual([1, 1, 1, 1, 1]);
    expect(['0', '0m', '-0', '0.0Gi'].map(quantitySign)).toEqual([0, 0, 0, 0]);
    expect(['-1', '-100m'].map(quantitySign)).toEqual([-1, -1]);
  });
});
