// autoscaling/v1 HorizontalPodAutoscaler as kube-apiserver v1.33 declares, defaults and converts it
// (k8s.io/api autoscaling/v1 types.go + generated.proto, pkg/apis/autoscaling/v1/defaults.go and
// conversion.go, pkg/apis/autoscaling/v2/conversion.go): what v1 cannot say round-trips through
// annotations, written as Go's encoding/json writes them.
import { describe, expect, it } from 'vitest';
import { fieldErrorString } from '@kapi/apimachinery';
import {
  HorizontalPodAutoscalerV1,
  behaviorSpecsAnnotation,
  horizontalPodAutoscalerV1Kind,
  hpaConditionsAnnotation,
  hpaV1ToV2,
  hpaV2Normalized,
  hpaV2ToV1,
  metricSpecsAnnotation,
  metricStatusesAnnotation,
} from '../src/autoscaling/v1/index.ts';
import { horizontalPodAutoscalerKind, type HorizontalPodAutoscaler } from '../src/autoscaling/v2/index.ts';
import { checkUpstreamTable } from './upstream-table.ts';

const p = 'io.k8s.api.autoscaling.v1.';
const ref = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };
const meta = { name: 'web', namespace: 'default', resourceVersion: '7', uid: 'u-1', labels: { app: 'web' } };

describe('declarations', () => {
  it('match k8s.io/api autoscaling/v1: field order, protobuf numbers, pointers and required fields', () => {
    checkUpstreamTable([HorizontalPodAutoscalerV1], {
      [`${p}HorizontalPodAutoscaler`]: [['metadata', 1], ['spec', 2], ['status', 3]],
      [`${p}HorizontalPodAutoscalerSpec`]: [['scaleTargetRef', 1, 'req'], ['minReplicas', 2, 'ptr'], ['maxReplicas', 3, 'req'], ['targetCPUUtilizationPercentage', 4, 'ptr']],
      [`${p}CrossVersionObjectReference`]: [['kind', 1, 'req'], ['name', 2, 'req'], ['apiVersion', 3]],
      [`${p}HorizontalPodAutoscalerStatus`]: [
        ['observedGeneration', 1, 'ptr'],
        ['lastScaleTime', 2, 'ptr'],
        ['currentReplicas', 3, 'req'],
        ['desiredReplicas', 4, 'req'],
        ['currentCPUUtilizationPercentage', 5, 'ptr'],
      ],
    });
  });

  it('defaults minReplicas to 1 and nothing else (the CPU default is the conversion\'s)', () => {
    const obj: HorizontalPodAutoscalerV1 = { metadata: { name: 'a' }, spec: { scaleTargetRef: ref, maxReplicas: 3 } };
    horizontalPodAutoscalerV1Kind.defaults(obj);
    expect(obj.spec).toEqual({ scaleTargetRef: ref, maxReplicas: 3, minReplicas: 1 });
  });

  it('validates as the v2 object it converts to, with v2 field paths', () => {
    const obj: HorizontalPodAutoscalerV1 = { metadata: { name: 'a', namespace: 'default' }, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 0 } };
    expect(horizontalPodAutoscalerV1Kind.validate(obj).map(fieldErrorString)).toEqual(['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0']);
  });
});

describe('conversion from v2 (Convert_autoscaling_HorizontalPodAutoscaler_To_v1)', () => {
  it('maps a CPU utilization target to targetCPUUtilizationPercentage and adds no annotations', () => {
    const v2: HorizontalPodAutoscaler = {
      metadata: meta,
      spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 5, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }] },
      status: { currentReplicas: 3, desiredReplicas: 3 },
    };
    expect(hpaV2ToV1(v2)).toEqual({
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: meta,
      spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
      status: { currentReplicas: 3, desiredReplicas: 3 },
    });
  });

  it('keeps other metrics, current metrics, conditions and the behavior in annotations, as Go marshals them', () => {
    const v2: HorizontalPodAutoscaler = {
      metadata: { ...meta, annotations: { note: 'kept', [metricSpecsAnnotation]: 'stale' } },
      spec: {
        scaleTargetRef: ref,
        minReplicas: 1,
        maxReplicas: 10,
        metrics: [
          { type: 'Pods', pods: { metric: { name: 'qps', selector: { matchLabels: { b: '2', a: '1' } } }, target: { type: 'AverageValue', averageValue: '100' } } },
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
          { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main', apiVersion: 'networking.k8s.io/v1' }, metric: { name: 'hits' }, target: { type: 'AverageValue', averageValue: '2' } } },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } },
      },
      status: {
        currentReplicas: 2,
        desiredReplicas: 4,
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 65, averageValue: '130m' } } }],
        conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'SucceededRescale' }],
      },
    };
    const v1 = hpaV2ToV1(v2);
    expect(v1.spec).toEqual({ scaleTargetRef: ref, minReplicas: 1, maxReplicas: 10, targetCPUUtilizationPercentage: 50 });
    expect(v1.status).toEqual({ currentReplicas: 2, desiredReplicas: 4, currentCPUUtilizationPercentage: 65 });
    expect(Object.keys(v1.metadata!.annotations!)).toEqual([behaviorSpecsAnnotation, hpaConditionsAnnotation, metricStatusesAnnotation, metricSpecsAnnotation, 'note']);
    expect(v1.metadata!.annotations).toEqual({
      note: 'kept',
      [metricSpecsAnnotation]:
        '[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"100","selector":{"matchLabels":{"a":"1","b":"2"}}}},' +
        '{"type":"Object","object":{"target":{"kind":"Ingress","name":"main","apiVersion":"networking.k8s.io/v1"},"metricName":"hits","targetValue":"0","averageValue":"2"}}]',
      [metricStatusesAnnotation]: '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":65,"currentAverageValue":"130m"}}]',
      [hpaConditionsAnnotation]: '[{"type":"AbleToScale","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"SucceededRescale"}]',
      [behaviorSpecsAnnotation]: '{"ScaleUp":null,"ScaleDown":{"StabilizationWindowSeconds":60,"SelectPolicy":"Max","Policies":[{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null}}',
    });
    // And back: the same v2 object (the CPU target after the others), without the annotations.
    const back = hpaV1ToV2(v1);
    expect(back.metadata).toEqual({ ...meta, annotations: { note: 'kept' } });
    expect(back.spec?.metrics).toEqual([
      { type: 'Pods', pods: { metric: { name: 'qps', selector: { matchLabels: { a: '1', b: '2' } } }, target: { type: 'AverageValue', averageValue: '100' } } },
      // v1's ObjectMetricSource has a non-pointer targetValue: a zero value comes back.
      { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main', apiVersion: 'networking.k8s.io/v1' }, target: { type: 'AverageValue', value: '0', averageValue: '2' }, metric: { name: 'hits' } } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
    ]);
    expect(back.spec?.behavior).toEqual(v2.spec?.behavior);
    expect(back.status).toEqual(v2.status);
  });
});

describe('conversion to v2 (Convert_v1_HorizontalPodAutoscaler_To_autoscaling)', () => {
  it('makes targetCPUUtilizationPercentage a Resource metric, and defaults to 80% CPU without one', () => {
    const v1: HorizontalPodAutoscalerV1 = { metadata: meta, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3 }, status: { currentReplicas: 0, desiredReplicas: 0, currentCPUUtilizationPercentage: 12 } };
    const v2 = hpaV1ToV2(v1);
    expect(v2.spec?.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
    expect(v2.status?.currentMetrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 12 } } }]);
    horizontalPodAutoscalerKind.defaults(v2);
    expect(horizontalPodAutoscalerKind.validate(v2)).toEqual([]);
  });

  it('ignores annotations that do not parse, and reads the behavior\'s field names case-insensitively as Go does', () => {
    const v1: HorizontalPodAutoscalerV1 = {
      metadata: { name: 'a', annotations: { [metricSpecsAnnotation]: 'not json', [behaviorSpecsAnnotation]: '{"scaleUp":{"selectPolicy":"Disabled"}}', [hpaConditionsAnnotation]: '{' } },
      spec: { scaleTargetRef: ref, maxReplicas: 3, targetCPUUtilizationPercentage: 40 },
    };
    const v2 = hpaV1ToV2(v1);
    expect(v2.metadata?.annotations).toBeUndefined();
    expect(v2.spec?.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 40 } } }]);
    expect(v2.spec?.behavior).toEqual({ scaleUp: { selectPolicy: 'Disabled' } });
    expect(v2.status?.conditions).toBeUndefined();
  });

  it('drops the round-trip annotations a v2 object is sent with', () => {
    const v2: HorizontalPodAutoscaler = { metadata: { name: 'a', annotations: { [hpaConditionsAnnotation]: '[]', keep: 'yes' } }, spec: { scaleTargetRef: ref, maxReplicas: 1 } };
    expect(hpaV2Normalized(v2).metadata?.annotations).toEqual({ keep: 'yes' });
    const plain: HorizontalPodAutoscaler = { metadata: { name: 'a' } };
    expect(hpaV2Normalized(plain)).toBe(plain);
  });
});
