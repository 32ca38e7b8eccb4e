// Port of k8s.io/apimachinery/pkg/util/managedfields/internal/conflict_test.go (v0.33.9): apply
// conflicts as the 409 Status kube answers.
import { describe, expect, it } from 'vitest';
import { failureStatus, type Status } from '@kapi/apimachinery';
import { makePathOrDie, type Conflict } from '@kapi/structured-merge-diff';
import { newApplyConflictError } from './conflict.ts';

describe('conflict_test.go', () => {
  // NewConflictError makes the right StatusError for smd's conflicts.
  describe('TestNewConflictError', () => {
    const conflict = (manager: string, ...path: string[]): Conflict => ({ manager, path: makePathOrDie(...path) });
    const expected = (message: string, causes: { message: string; field: string }[]): Status =>
      failureStatus(409, 'Conflict', message, { causes: causes.map((c) => ({ reason: 'FieldManagerConflict', ...c })) });

    it.each<[string, Conflict[], Status]>([
      [
        'one conflict',
        [conflict('{"manager":"foo","operation":"Update","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', 'spec', 'replicas')],
        expected('Apply failed with 1 conflict: conflict with "foo" using v1 at 2001-02-03T04:05:06Z: .spec.replicas', [
          { message: 'conflict with "foo" using v1 at 2001-02-03T04:05:06Z', field: '.spec.replicas' },
        ]),
      ],
      [
        'two conflicts',
        [
          conflict('{"manager":"foo","operation":"Update","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', 'spec', 'replicas'),
          conflict('{"manager":"bar","operation":"Apply"}', 'metadata', 'labels', 'app'),
        ],
        expected(
          `Apply failed with 2 conflicts: conflicts with "bar":
- .metadata.labels.app
conflicts with "foo" using v1 at 2001-02-03T04:05:06Z:
- .spec.replicas`,
          [
            { message: 'conflict with "foo" using v1 at 2001-02-03T04:05:06Z', field: '.spec.replicas' },
            { message: 'conflict with "bar"', field: '.metadata.labels.app' },
          ],
        ),
      ],
      [
        'a conflict through a subresource',
        [conflict('{"manager":"foo","operation":"Update","subresource":"scale","apiVersion":"v1","time":"2001-02-03T04:05:06Z"}', 'spec', 'replicas')],
        expected('Apply failed with 1 conflict: conflict with "foo" with subresource "scale" using v1 at 2001-02-03T04:05:06Z: .spec.replicas', [
          { message: 'conflict with "foo" with subresource "scale" using v1 at 2001-02-03T04:05:06Z', field: '.spec.replicas' },
        ]),
      ],
    ])('%s', (_name, conflicts, status) => {
      const err = newApplyConflictError(conflicts);
      expect(err.status).toStrictEqual(status);
      expect(err.message).toBe(status.message);
    });
  });
});
