// The tables of `kubectl get hpa` (printHorizontalPodAutoscaler, formatHPAMetrics) in both versions,
// and of `kubectl get events.events.k8s.io` (printEvent of the core Event), as kube v1.33 prints them.
import { describe, expect, it } from 'vitest';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry } from '../src/index.ts';
import { formatHPAMetrics, horizontalPodAutoscalerPrinter, horizontalPodAutoscalerV1Printer } from '../src/printers/autoscaling.ts';

const now = Date.parse('2026-01-01T01:00:00Z');
const created = { creationTimestamp: '2026-01-01T00:00:00Z' };
const ref = { kind: 'Deployment', name: 'web' };

describe('horizontalpodautoscalers', () => {
  it('has kube\'s columns in both versions', () => {
    for (const p of [horizontalPodAutoscalerPrinter, horizontalPodAutoscalerV1Printer]) {
      expect(p.columns.map((c) => [c.name, c.type, c.priority])).toEqual([
        ['Name', 'string', 0],
        ['Reference', 'string', 0],
        ['Targets', 'string', 0],
        ['MinPods', 'string', 0],
        ['MaxPods', 'integer', 0],
        ['Replicas', 'integer', 0],
        ['Age', 'string', 0],
      ]);
    }
  });

  it('prints a v1 object as its v2 form: cpu: <unknown>/80%', () => {
    const v1: KubeObject = { metadata: { name: 'web', ...created }, spec: { scaleTargetRef: ref, maxReplicas: 5 }, status: { currentReplicas: 2, desiredReplicas: 2 } };
    expect(horizontalPodAutoscalerV1Printer.cells(v1, now)).toEqual(['web', 'Deployment/web', 'cpu: <unknown>/80%', '<unset>', 5, 2, '60m']);
    const v2: KubeObject = { metadata: { name: 'web', ...created }, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5 } };
    expect(horizontalPodAutoscalerPrinter.cells(v2, now)).toEqual(['web', 'Deployment/web', '<none>', '1', 5, 0, '60m']);
  });

  it('formats every metric source and cuts the list after two', () => {
    const text = formatHPAMetrics({
      spec: {
        scaleTargetRef: ref,
        maxReplicas: 1,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
          { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
          { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } },
        ],
      },
      status: {
        desiredReplicas: 1,
        currentMetrics: [
          { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 55, averageValue: '100m' } } },
          { type: 'Resource', resource: { name: 'memory', current: { averageValue: '90Mi' } } },
        ],
      },
    });
    expect(text).toBe('cpu: 55%/70%, memory: 90Mi/100Mi + 1 more...');
    expect(
      formatHPAMetrics({
        spec: {
          scaleTargetRef: ref,
          maxReplicas: 1,
          metrics: [
            { type: 'Object', object: { describedObject: ref, metric: { name: 'hits' }, target: { type: 'AverageValue', averageValue: '5' } } },
            { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '30' } } },
          ],
        },
      }),
    ).toBe('<unknown>/5 (avg), <unknown>/30');
  });
});

describe('events.k8s.io events', () => {
  it('print as the core Event they are', () => {
    const registry = createBuiltinRegistry(() => createStore(createMemoryKv(), { codec: jsonCodec, pathPrefix: '/registry' }));
    const table = registry.lookup('events.k8s.io', 'v1', 'events')!.table;
    const core = registry.lookup('', 'v1', 'events')!.table;
    expect(table.columns).toEqual(core.columns);
    const ev: KubeObject = {
      metadata: { name: 'web.1', namespace: 'default', ...created },
      eventTime: '2026-01-01T00:30:00.000000Z',
      reportingController: 'example.com/scaler',
      reportingInstance: 'scaler-1',
      reason: 'Scaled',
      regarding: { kind: 'Deployment', name: 'web' },
      note: 'scaled',
      type: 'Normal',
    };
    expect(table.cells(ev, now)).toEqual(['30m', 'Normal', 'Scaled', 'deployment/web', '', 'example.com/scaler, scaler-1', 'scaled', '30m', 1, 'web.1']);
  });
});
