// Strategic merge patch on Pod and Deployment shapes, as kubectl sends it. The expected documents
// are what k8s.io/apimachinery's strategicpatch (v1.36) answers for the same inputs.
import { describe, expect, it } from 'vitest';
import {
  applyStrategicMergePatch,
  createThreeWayMergePatch,
  createTwoWayMergePatch,
  isPatchError,
  patchErrorToStatusError,
  patchMetaFromOpenApiV3,
  type PatchError,
} from '../src/strategic.ts';
import { deploymentSchema, podDocument, podSchema } from './pod-openapi.ts';

const pod = patchMetaFromOpenApiV3(podDocument, podSchema);
const deployment = patchMetaFromOpenApiV3(podDocument, deploymentSchema);

function errorOf(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (err) {
    if (isPatchError(err)) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('applyStrategicMergePatch', () => {
  it.each<[string, object, object, object]>([
    [
      'kubectl set image: one container changes, the others keep their place',
      { spec: { containers: [{ name: 'a', image: 'a1' }, { name: 'b', image: 'b1' }] } },
      { spec: { containers: [{ name: 'b', image: 'b2' }] } },
      { spec: { containers: [{ name: 'a', image: 'a1' }, { name: 'b', image: 'b2' }] } },
    ],
    [
      'a new list item goes before the live items the patch does not name',
      { spec: { containers: [{ name: 'a', ports: [{ containerPort: 80, name: 'http' }, { containerPort: 443 }] }] } },
      { spec: { containers: [{ name: 'a', ports: [{ containerPort: 8080, name: 'alt' }] }] } },
      { spec: { containers: [{ name: 'a', ports: [{ containerPort: 8080, name: 'alt' }, { containerPort: 80, name: 'http' }, { containerPort: 443 }] }] } },
    ],
    [
      '$patch: replace in a list makes the other items the whole list',
      { spec: { containers: [{ name: 'a', image: 'x' }, { name: 'b' }] } },
      { spec: { containers: [{ name: 'only', image: 'o' }, { $patch: 'replace' }] } },
      { spec: { containers: [{ name: 'only', image: 'o' }] } },
    ],
    [
      '$patch: delete in a list removes the item with that merge key',
      { spec: { containers: [{ name: 'a', image: 'x' }, { name: 'b' }] } },
      { spec: { containers: [{ name: 'a', $patch: 'delete' }] } },
      { spec: { containers: [{ name: 'b' }] } },
    ],
    ['$patch: delete on a map empties it', { spec: { nodeSelector: { a: 'b' } } }, { spec: { nodeSelector: { $patch: 'delete' } } }, { spec: { nodeSelector: {} } }],
    [
      '$patch: replace on a map replaces it',
      { spec: { nodeSelector: { a: 'b', c: 'd' } } },
      { spec: { nodeSelector: { $patch: 'replace', e: 'f' } } },
      { spec: { nodeSelector: { e: 'f' } } },
    ],
    [
      '$deleteFromPrimitiveList and $setElementOrder on a merging list of scalars (finalizers)',
      { metadata: { finalizers: ['a', 'b', 'c'] } },
      { metadata: { '$deleteFromPrimitiveList/finalizers': ['b'], '$setElementOrder/finalizers': ['a'] } },
      { metadata: { finalizers: ['a', 'c'] } },
    ],
    [
      '$retainKeys clears the fields of a list item it does not name (volume source change)',
      { spec: { volumes: [{ name: 'v', emptyDir: {} }, { name: 'w', emptyDir: {} }] } },
      { spec: { volumes: [{ name: 'v', $retainKeys: ['configMap', 'name'], configMap: { name: 'cm' } }] } },
      { spec: { volumes: [{ name: 'v', configMap: { name: 'cm' } }, { name: 'w', emptyDir: {} }] } },
    ],
    ['null deletes a map key', { metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { b: null } } }, { metadata: { labels: { a: '1' } } }],
    ['a null patch changes nothing', { metadata: { name: 'x' } }, null as unknown as object, { metadata: { name: 'x' } }],
  ])('%s', (_, original, patch, expected) => {
    expect(applyStrategicMergePatch(original, patch, pod)).toEqual(expected);
  });

  it('clears a Deployment strategy field with $retainKeys (retainKeys on a map)', () => {
    const live = { spec: { replicas: 3, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } };
    const patch = { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } };
    expect(applyStrategicMergePatch(live, patch, deployment)).toEqual({ spec: { replicas: 3, strategy: { type: 'Recreate' } } });
  });

  it('does not modify its inputs, and shares nothing with them', () => {
    const live = { spec: { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }] }], nodeSelector: { a: 'b' } } };
    const patch = { spec: { containers: [{ name: 'a', env: [{ name: 'X', value: '2' }] }], tolerations: [{ key: 'k' }] } };
    const [liveCopy, patchCopy] = [structuredClone(live), structuredClone(patch)];
    const out = applyStrategicMergePatch(live, patch, pod) as { spec: { nodeSelector: unknown; tolerations: unknown[] } };
    expect(live).toEqual(liveCopy);
    expect(patch).toEqual(patchCopy);
    expect(out.spec.nodeSelector).not.toBe(live.spec.nodeSelector);
    expect(out.spec.tolerations[0]).not.toBe(patch.spec.tolerations[0]);
  });
});

describe('createTwoWayMergePatch and createThreeWayMergePatch, as kubectl', () => {
  it('deletes merging list items with $patch: delete and orders the list with $setElementOrder', () => {
    const original = { spec: { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] }] } };
    const modified = { spec: { containers: [{ name: 'a', env: [{ name: 'Y', value: '2' }, { name: 'Z', value: '3' }] }] } };
    expect(createTwoWayMergePatch(original, modified, pod)).toEqual({
      spec: {
        '$setElementOrder/containers': [{ name: 'a' }],
        containers: [{ name: 'a', '$setElementOrder/env': [{ name: 'Y' }, { name: 'Z' }], env: [{ name: 'Z', value: '3' }, { $patch: 'delete', name: 'X' }] }],
      },
    });
  });

  it('deletes map keys with null', () => {
    expect(createTwoWayMergePatch({ metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { a: '1', c: '3' } } }, pod)).toEqual({
      metadata: { labels: { b: null, c: '3' } },
    });
  });

  it('deletes from merging lists of scalars with $deleteFromPrimitiveList', () => {
    expect(createTwoWayMergePatch({ metadata: { finalizers: ['a', 'b'] } }, { metadata: { finalizers: ['a'] } }, pod)).toEqual({
      metadata: { '$deleteFromPrimitiveList/finalizers': ['b'], '$setElementOrder/finalizers': ['a'] },
    });
  });

  it('kubectl apply: a container injected by the server survives, and lands where kube puts it', () => {
    const env = (x: string) => [
      { name: 'X', value: x },
      { name: 'Y', value: '2' },
    ];
    const lastApplied = { spec: { containers: [{ name: 'a', image: 'a1', env: env('1') }, { name: 'b', image: 'b1' }] } };
    const live = { spec: { containers: [{ name: 'a', image: 'a1', env: env('1') }, { name: 'sidecar', image: 's1' }, { name: 'b', image: 'b1' }] } };
    const config = { spec: { containers: [{ name: 'c', image: 'c1' }, { name: 'a', image: 'a1', env: env('10') }] } };
    const patch = createThreeWayMergePatch(lastApplied, config, live, pod);
    expect(patch).toEqual({
      spec: {
        '$setElementOrder/containers': [{ name: 'c' }, { name: 'a' }],
        containers: [
          { name: 'c', image: 'c1' },
          { name: 'a', '$setElementOrder/env': [{ name: 'X' }, { name: 'Y' }], env: [{ name: 'X', value: '10' }] },
          { name: 'b', $patch: 'delete' },
        ],
      },
    });
    // Upstream deletes `b` by shifting the live list in place and appends `c` into the room that
    // frees, so the order it then reads sees `c` where `b` was: the sidecar comes first.
    expect(applyStrategicMergePatch(live, patch, pod)).toEqual({
      spec: { containers: [{ name: 'sidecar', image: 's1' }, { name: 'c', image: 'c1' }, { name: 'a', image: 'a1', env: env('10') }] },
    });
  });

  it('kubectl apply: switching a Deployment to Recreate clears rollingUpdate with $retainKeys', () => {
    const lastApplied = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } };
    const live = { spec: { replicas: 3, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } };
    const config = { spec: { strategy: { type: 'Recreate' } } };
    const patch = createThreeWayMergePatch(lastApplied, config, live, deployment);
    expect(patch).toEqual({ spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } });
    expect(applyStrategicMergePatch(live, patch, deployment)).toEqual({ spec: { replicas: 3, strategy: { type: 'Recreate' } } });
  });
});

describe('malformed patches', () => {
  const live = { metadata: { labels: { a: '1' }, finalizers: ['f'] }, spec: { containers: [{ name: 'a', image: 'x', args: ['1'] }] } };
  it.each<[string, unknown, PatchError['kind'], string]>([
    ['not an object', [1], 'BadRequest', 'json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['a string', 'x', 'BadRequest', 'json: cannot unmarshal string into Go value of type map[string]interface {}'],
    ['an unknown $patch', { spec: { $patch: 'bogus' } }, 'Unknown', 'unknown patch type: bogus in map: map[$patch:bogus]'],
    ['a $patch that is not a string', { spec: { $patch: 1 } }, 'Unknown', 'unknown patch type: %!s(int64=1) in map: map[$patch:1]'],
    ['a list item without its merge key', { spec: { containers: [{ image: 'y' }] } }, 'Unknown', 'map: map[image:y] does not contain declared merge key: name'],
    ['$patch: merge in a list', { spec: { containers: [{ name: 'a', $patch: 'merge' }] } }, 'Unknown', 'merging lists cannot yet be specified in the patch'],
    ['an unknown $patch in a list', { spec: { containers: [{ name: 'a', $patch: 'x' }] } }, 'Unknown', 'unknown patch type: x in map: map[$patch:x name:a]'],
    ['$patch: delete without the merge key', { spec: { containers: [{ $patch: 'delete' }] } }, 'Unknown', 'map: map[$patch:delete] does not contain declared merge key: name'],
    ['$retainKeys that is not a list', { spec: { volumes: [], $retainKeys: 'x' } }, 'BadRequest', 'invalid patch format of retainKeys'],
    ['$retainKeys without a key the patch sets', { metadata: { $retainKeys: ['name'], labels: {} } }, 'BadRequest', 'invalid patch format of retainKeys'],
    ['$setElementOrder that is not a list', { metadata: { '$setElementOrder/finalizers': 'x' } }, 'Unknown', 'expected a []interface {}, but received a string'],
    ['$setElementOrder without a list name', { metadata: { $setElementOrderfinalizers: [] } }, 'BadRequest', 'invalid patch format of setElementOrder list'],
    ['$deleteFromPrimitiveList without a list name', { metadata: { $deleteFromPrimitiveListx: [] } }, 'BadRequest', 'invalid patch format of primitive list'],
    ['items of different types', { metadata: { finalizers: ['x', 1] } }, 'Unknown', 'list element types are not identical: [[f] [x 1]]'],
    ['a null list item', { metadata: { finalizers: [null] } }, 'Unknown', 'list element types are not identical: [[f] [<nil>]]'],
    ['an order that does not match the list', { spec: { '$setElementOrder/containers': [{ name: 'b' }], containers: [{ name: 'a' }] } }, 'Unknown', "doesn't match $setElementOrder list"],
  ])('%s: a clear error, never a crash', (_, patch, kind, message) => {
    const err = errorOf(() => applyStrategicMergePatch(live, patch, pod));
    expect(err.kind).toBe(kind);
    expect(err.message).toContain(message);
  });

  it('a map-valued field the schema lacks, where the values differ', () => {
    const err = errorOf(() => applyStrategicMergePatch({ spec: { bogus: { y: 1 } } }, { spec: { bogus: { x: 1 } } }, pod));
    expect(err.kind).toBe('Unknown');
    expect(err.message).toBe('unable to find api field "bogus"');
    // Creating a patch tolerates it where nothing changed, as upstream does.
    expect(createTwoWayMergePatch({ spec: { bogus: { y: 1 } } }, { spec: { bogus: { y: 1 }, replicas: 1 } }, pod)).toEqual({ spec: { replicas: 1 } });
  });

  it('a list of lists: 422 Invalid', () => {
    const err = errorOf(() => applyStrategicMergePatch({ metadata: { finalizers: [] } }, { metadata: { finalizers: [['x']] } }, pod));
    expect(err.kind).toBe('Invalid');
    expect(err.message).toBe('lists of lists are not supported');
    expect(patchErrorToStatusError(err).status).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'the server rejected our request due to an error in our request',
    });
  });

  it('maps each kind to the Status kube-apiserver answers', () => {
    const status = (patch: unknown) => patchErrorToStatusError(errorOf(() => applyStrategicMergePatch(live, patch, pod))).status;
    expect(status({ spec: { volumes: [], $retainKeys: 'x' } })).toMatchObject({ code: 400, reason: 'BadRequest', message: 'invalid patch format of retainKeys' });
    const unknown = status({ spec: { containers: [{ image: 'y' }] } });
    expect(unknown).toMatchObject({ code: 500, message: 'map: map[image:y] does not contain declared merge key: name' });
    expect(unknown.reason).toBeUndefined();
  });
});
