// Port of k8s.io/apimachinery/pkg/util/managedfields/scalehandler_test.go (v0.33.9): managedFields
// between a workload and its autoscaling/v1 Scale.
import { describe, expect, it } from 'vitest';
import type { ManagedFieldsEntry } from '@kapi/apimachinery';
import { makePathOrDie, type Path } from '@kapi/structured-merge-diff';
import { createScaleHandler } from './scale-handler.ts';

type Op = 'Apply' | 'Update';

/** An entry as upstream writes them: FieldsV1 from JSON text, subresource and time when given. */
function entry(manager: string, operation: Op, apiVersion: string, fields: string, extra: { subresource?: string; time?: string } = {}): ManagedFieldsEntry {
  return {
    manager,
    operation,
    apiVersion,
    fieldsType: 'FieldsV1',
    fieldsV1: JSON.parse(fields) as Record<string, unknown>,
    ...(extra.time !== undefined ? { time: extra.time } : {}),
    ...(extra.subresource !== undefined ? { subresource: extra.subresource } : {}),
  };
}

const defaultMappings = (): ReadonlyMap<string, Path | null> => new Map([['apps/v1', makePathOrDie('spec', 'replicas')]]);
const replicas = '{"f:spec":{"f:replicas":{}}}';
const replicasAndSelector = '{"f:spec":{"f:replicas":{},"f:selector":{}}}';
const selector = '{"f:spec":{"f:selector":{}}}';
const scale = { subresource: 'scale' };

describe('scalehandler_test.go', () => {
  describe('TestTransformManagedFieldsToSubresource', () => {
    // time.ParseInLocation("2006-Jan-02", "2013-Feb-03", time.Local), as metav1.Time writes it.
    const managedFieldTime = '2013-02-03T00:00:00Z';
    it.each<[string, ManagedFieldsEntry[], ManagedFieldsEntry[]]>([
      [
        'filter one entry and transform it into a subresource entry',
        [
          entry('manager-1', 'Apply', 'apps/v1', '{"f:spec":{"f:another-field":{}}}'),
          entry('manager-2', 'Apply', 'apps/v1', replicas, { time: managedFieldTime }),
        ],
        [entry('manager-2', 'Apply', 'autoscaling/v1', replicas, { time: managedFieldTime })],
      ],
      [
        'transform all entries',
        [entry('manager-1', 'Apply', 'apps/v1', replicas), entry('manager-2', 'Apply', 'apps/v1', replicas), entry('manager-3', 'Apply', 'apps/v1', replicas, scale)],
        [
          entry('manager-1', 'Apply', 'autoscaling/v1', replicas),
          entry('manager-2', 'Apply', 'autoscaling/v1', replicas),
          entry('manager-3', 'Apply', 'autoscaling/v1', replicas, scale),
        ],
      ],
      // Upstream expects nil; the handler answers an empty list.
      ['drops fields if the api version is unknown', [entry('manager-1', 'Apply', 'apps/v10', replicas)], []],
    ])('%s', (_desc, input, expected) => {
      const handler = createScaleHandler(input, 'apps/v1', defaultMappings());
      expect(handler.toSubresource()).toStrictEqual(expected);
    });
  });

  describe('TestTransformingManagedFieldsToParent', () => {
    it.each<[string, ManagedFieldsEntry[], ManagedFieldsEntry[], ManagedFieldsEntry[]]>([
      [
        'different-managers: apply -> update',
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector)],
        [entry('scale', 'Update', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Apply', 'apps/v1', selector), entry('scale', 'Update', 'apps/v1', replicas, scale)],
      ],
      [
        'different-managers: apply -> apply',
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector)],
        [entry('scale', 'Apply', 'autoscaling/v1', replicas, scale)],
        [entry('scale', 'Apply', 'apps/v1', replicas, scale), entry('test', 'Apply', 'apps/v1', selector)],
      ],
      [
        'different-managers: update -> update',
        [entry('test', 'Update', 'apps/v1', replicasAndSelector)],
        [entry('scale', 'Update', 'autoscaling/v1', replicas, scale)],
        [entry('scale', 'Update', 'apps/v1', replicas, scale), entry('test', 'Update', 'apps/v1', selector)],
      ],
      [
        'different-managers: update -> apply',
        [entry('test', 'Update', 'apps/v1', replicasAndSelector)],
        [entry('scale', 'Apply', 'autoscaling/v1', replicas, scale)],
        [entry('scale', 'Apply', 'apps/v1', replicas, scale), entry('test', 'Update', 'apps/v1', selector)],
      ],
      [
        'same manager: apply -> apply',
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector)],
        [entry('test', 'Apply', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Apply', 'apps/v1', selector), entry('test', 'Apply', 'apps/v1', replicas, scale)],
      ],
      [
        'same manager: update -> update',
        [entry('test', 'Update', 'apps/v1', replicasAndSelector)],
        [entry('test', 'Update', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Update', 'apps/v1', selector), entry('test', 'Update', 'apps/v1', replicas, scale)],
      ],
      [
        'same manager: update -> apply',
        [entry('test', 'Update', 'apps/v1', replicasAndSelector)],
        [entry('test', 'Apply', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Apply', 'apps/v1', replicas, scale), entry('test', 'Update', 'apps/v1', selector)],
      ],
      [
        'same manager: apply -> update',
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector)],
        [entry('test', 'Update', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Apply', 'apps/v1', selector), entry('test', 'Update', 'apps/v1', replicas, scale)],
      ],
      [
        "subresource doesn't own the path anymore",
        [entry('test', 'Apply', 'apps/v1', selector)],
        [entry('scale', 'Update', 'autoscaling/v1', '{"f:status":{"f:replicas":{}}}', scale)],
        [entry('test', 'Apply', 'apps/v1', selector)],
      ],
      [
        'Subresource steals all the fields of the parent resource',
        [entry('test', 'Apply', 'apps/v1', replicas)],
        [entry('scale', 'Update', 'autoscaling/v1', replicas, scale)],
        [entry('scale', 'Update', 'apps/v1', replicas, scale)],
      ],
      [
        'apply without stealing',
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector)],
        [entry('test', 'Apply', 'autoscaling/v1', replicas), entry('test', 'Apply', 'autoscaling/v1', replicas, scale)],
        [entry('test', 'Apply', 'apps/v1', replicasAndSelector), entry('test', 'Apply', 'apps/v1', replicas, scale)],
      ],
      [
        'drops the entry if the api version is unknown',
        [entry('test', 'Apply', 'apps/v1', replicas), entry('another-manager', 'Apply', 'apps/v10', selector)],
        [entry('scale', 'Update', 'autoscaling/v1', replicas)],
        [entry('scale', 'Update', 'apps/v1', replicas)],
      ],
    ])('%s', (_desc, parent, subresource, expected) => {
      const handler = createScaleHandler(parent, 'apps/v1', defaultMappings());
      expect(handler.toParent(subresource)).toStrictEqual(expected);
    });
  });

  describe('TestTransformingManagedFieldsToParentMultiVersion', () => {
    it.each<[string, string, ReadonlyMap<string, Path | null>, ManagedFieldsEntry[], ManagedFieldsEntry[], ManagedFieldsEntry[]]>([
      [
        'multi-version',
        'apps/v1',
        new Map([
          ['apps/v1', makePathOrDie('spec', 'the-replicas')],
          ['apps/v2', makePathOrDie('spec', 'not-the-replicas')],
        ]),
        [
          entry('test', 'Apply', 'apps/v1', '{"f:spec":{"f:the-replicas":{},"f:selector":{}}}'),
          entry('test-other', 'Apply', 'apps/v2', '{"f:spec":{"f:not-the-replicas":{},"f:selector":{}}}'),
        ],
        [entry('scale', 'Update', 'autoscaling/v1', replicas, scale)],
        [
          entry('test', 'Apply', 'apps/v1', selector),
          entry('test-other', 'Apply', 'apps/v2', selector),
          entry('scale', 'Update', 'apps/v1', '{"f:spec":{"f:the-replicas":{}}}', scale),
        ],
      ],
      [
        'Custom resource without scale subresource, scaling a version with `scale`',
        'mygroup/v1',
        new Map([
          ['mygroup/v1', makePathOrDie('spec', 'the-replicas')],
          ['mygroup/v2', null],
        ]),
        [
          entry('test', 'Apply', 'mygroup/v1', '{"f:spec":{"f:the-replicas":{},"f:selector":{}}}'),
          entry('test-other', 'Apply', 'mygroup/v2', '{"f:spec":{"f:test-other":{}}}'),
        ],
        [entry('scale', 'Update', 'autoscaling/v1', replicas, scale)],
        [
          entry('test', 'Apply', 'mygroup/v1', selector),
          entry('test-other', 'Apply', 'mygroup/v2', '{"f:spec":{"f:test-other":{}}}'),
          entry('scale', 'Update', 'mygroup/v1', '{"f:spec":{"f:the-replicas":{}}}', scale),
        ],
      ],
    ])('%s', (_desc, groupVersion, mappings, parent, subresource, expected) => {
      const handler = createScaleHandler(parent, groupVersion, mappings);
      expect(handler.toParent(subresource)).toStrictEqual(expected);
    });
  });
});
