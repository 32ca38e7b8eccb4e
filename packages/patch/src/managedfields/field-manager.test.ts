// Port of k8s.io/apimachinery/pkg/util/managedfields/fieldmanager_test.go (v0.33.9): the field
// manager end to end over OpenAPI types, through a TestFieldManager with a live object.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isConflict, isStatusError, now, type KubeObject } from '@kapi/apimachinery';
import {
  errorOf,
  fakeTypeConverter,
  getLastApplied,
  newTestFieldManager,
  objectFixture,
  setLastAppliedFromEncoded,
  yamlObject,
} from '../../test/managedfields-harness.ts';
import { createFieldManager } from './field-manager.ts';
import { setLastApplied } from './last-applied.ts';

const tc = fakeTypeConverter();

/** Upstream sleeps to make a changed timestamp visible; the clock moves instead. */
function sleep(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-05-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function statusCode(err: unknown): number | undefined {
  return isStatusError(err) ? err.status.code : undefined;
}

describe('fieldmanager_test.go', () => {
  // Applying to an object that was not created by apply gives conflicts.
  it('TestUpdateApplyConflict', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    const newObj = yamlObject(`{
      "apiVersion": "apps/v1",
      "kind": "Deployment",
      "metadata": {"name": "deployment", "labels": {"app": "nginx"}},
      "spec": {
        "replicas": 3,
        "selector": {"matchLabels": {"app": "nginx"}},
        "template": {
          "metadata": {"labels": {"app": "nginx"}},
          "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}
        }
      }
    }`);
    f.update(newObj, 'fieldmanager_test');

    const appliedObj = yamlObject(`{
      "apiVersion": "apps/v1",
      "kind": "Deployment",
      "metadata": {"name": "deployment",},
      "spec": {"replicas": 101,}
    }`);
    const err = errorOf(() => f.apply(appliedObj, 'fieldmanager_conflict', false));
    expect(isConflict(err), String(err)).toBe(true);
  });

  it('TestApplyStripsFields', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    const newObj: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'b',
        namespace: 'b',
        uid: 'b',
        resourceVersion: 'b',
        creationTimestamp: now(),
        managedFields: [{ manager: 'update', operation: 'Apply', apiVersion: 'apps/v1' }],
      },
    };
    // SetGeneration(0) leaves the field unset on an Unstructured.
    f.update(newObj, 'fieldmanager_test');
    expect(f.managedFields() ?? []).toHaveLength(0);
  });

  it('TestVersionCheck', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    // apiVersion apps/v1 as the live version: no error.
    f.apply(yamlObject(`{"apiVersion": "apps/v1", "kind": "Deployment",}`), 'fieldmanager_test', false);

    // apps/v1beta1 against a live apps/v1: a 400.
    const err = errorOf(() => f.apply(yamlObject(`{"apiVersion": "apps/v1beta1", "kind": "Deployment",}`), 'fieldmanager_test', false));
    expect(err).toBeDefined();
    expect(isStatusError(err), String(err)).toBe(true);
    expect(statusCode(err)).toBe(400);
  });

  it('TestVersionCheckDoesNotPanic', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    f.apply(yamlObject(`{"apiVersion": "apps/v1", "kind": "Deployment",}`), 'fieldmanager_test', false);

    // No apiVersion nor kind at all: a 400, not a crash.
    const err = errorOf(() => f.apply(yamlObject(`{\n}`), 'fieldmanager_test', false));
    expect(err).toBeDefined();
    expect(isStatusError(err), String(err)).toBe(true);
    expect(statusCode(err)).toBe(400);
  });

  it('TestApplyDoesNotStripLabels', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(yamlObject(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a": "b"},}}`), 'fieldmanager_test', false);
    expect(f.managedFields()).toHaveLength(1);
  });

  describe('TestApplyNewObject', () => {
    it.each([
      ['/v1, Kind=Pod', 'v1', 'Pod', 'pod.yaml'],
      ['/v1, Kind=Node', 'v1', 'Node', 'node.yaml'],
      ['/v1, Kind=Endpoints', 'v1', 'Endpoints', 'endpoints.yaml'],
    ])('%s', (_name, apiVersion, kind, file) => {
      const f = newTestFieldManager(tc, apiVersion, kind);
      f.apply(yamlObject(objectFixture(file)), 'fieldmanager_test', false);
    });
  });

  it('TestApplyFailsWithManagedFields', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    const appliedObj = yamlObject(`{
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {"managedFields": [{"manager": "test",}]}
    }`);
    expect(errorOf(() => f.apply(appliedObj, 'fieldmanager_test', false))).toBeDefined();
  });

  it('TestApplySuccessWithNoManagedFields', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(yamlObject(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a": "b"},}}`), 'fieldmanager_test', false);
  });

  // An update and an apply that change nothing leave the object as it was.
  it('TestNoOpChanges', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    const obj = yamlObject(`{
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {"labels": {"a": "b"}, "creationTimestamp": null,}
    }`);
    f.apply(structuredClone(obj), 'fieldmanager_test_apply', false);
    let before = f.live();
    sleep(1000);
    // Applying with a different field manager creates an entry.
    f.apply(structuredClone(obj), 'fieldmanager_test_apply_other', false);
    expect(f.live()).not.toStrictEqual(before);
    before = f.live();
    sleep(1000);
    f.update(structuredClone(obj), 'fieldmanager_test_update');
    expect(f.live(), 'a no-op update changed the object').toStrictEqual(before);
    before = f.live();
    sleep(1000);
    f.apply(structuredClone(obj), 'fieldmanager_test_apply', true);
    expect(f.live(), 'a no-op apply changed the object').toStrictEqual(before);
  });

  // managedFields reset by sending an empty list.
  it('TestResetManagedFieldsEmptyList', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(yamlObject(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a": "b"},}}`), 'fieldmanager_test_apply', false);
    const obj = yamlObject(`{
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {"managedFields": [], "labels": {"a": "b"},}
    }`);
    f.update(obj, 'update_manager');
    expect(f.managedFields() ?? []).toHaveLength(0);
  });

  // managedFields reset by sending a list with one empty item.
  it('TestResetManagedFieldsEmptyItem', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(yamlObject(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a": "b"},}}`), 'fieldmanager_test_apply', false);
    const obj = yamlObject(`{
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {"managedFields": [{}], "labels": {"a": "b"},}
    }`);
    f.update(obj, 'update_manager');
    expect(f.managedFields() ?? []).toHaveLength(0);
  });

  it('TestServerSideApplyWithInvalidLastApplied', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    // Created by client-side apply.
    const newObj = yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v1
spec:
  replicas: 1
`);
    const invalidLastApplied = 'invalid-object';
    setLastApplied(newObj, invalidLastApplied);
    f.update(newObj, 'kubectl-client-side-apply-test');
    expect(getLastApplied(f.live())).toBe(invalidLastApplied);

    // Upgrading from client-side to server-side apply.
    const appliedObj = yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2
spec:
  replicas: 100
`);
    const err = errorOf(() => f.apply(appliedObj, 'kubectl', false));
    expect(isConflict(err), `expected a conflict with an invalid last-applied annotation, got ${String(err)}`).toBe(true);
    expect(getLastApplied(f.live()), 'the annotation must not be updated').toBe(invalidLastApplied);

    // A forced server-side apply works and fixes the annotation.
    f.apply(appliedObj, 'kubectl', true);
    const lastApplied = getLastApplied(f.live());
    expect(lastApplied).not.toBe(invalidLastApplied);
    expect(lastApplied).toContain('my-app-v2');
  });

  it('TestInteropForClientSideApplyAndServerSideApply', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    // Created by client-side apply.
    const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: my-c
        image: my-image-v1
`;
    const newObj = yamlObject(deployment);
    setLastAppliedFromEncoded(newObj, deployment);
    f.update(newObj, 'kubectl-client-side-apply-test');
    expect(getLastApplied(f.live())).toContain('my-image-v1');

    // Upgrading from client-side to server-side apply.
    const appliedObj = yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2 # change
spec:
  replicas: 8 # change
  selector:
    matchLabels:
      app: my-app-v2 # change
  template:
    metadata:
      labels:
        app: my-app-v2 # change
    spec:
      containers:
      - name: my-c
        image: my-image-v2 # change
`);
    f.apply(appliedObj, 'kubectl', false);
    expect(getLastApplied(f.live())).toContain('my-image-v2');
  });

  it('TestNoTrackManagedFieldsForClientSideApply', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    // Create the object.
    f.update(
      yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
`),
      'test_kubectl_create',
    );
    expect(f.managedFields()?.length ?? 0).toBeGreaterThan(0);

    // Stop tracking managed fields.
    let newObj = yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  managedFields: [] # stop tracking managed fields
  labels:
    app: my-app
spec:
  replicas: 100
`);
    newObj.metadata!.uid = 'nonempty';
    f.update(newObj, 'test_kubectl_replace');
    expect(f.managedFields() ?? []).toHaveLength(0);

    // Still not tracked.
    const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app
spec:
  replicas: 100
`;
    newObj = yamlObject(deployment);
    setLastAppliedFromEncoded(newObj, deployment);
    f.update(newObj, 'test_k_client_side_apply');
    expect(f.managedFields() ?? [], 'expected to continue to not track managed fields').toHaveLength(0);
    expect(getLastApplied(f.live())).toContain('my-app');

    // An apply starts tracking.
    f.apply(yamlObject(deployment), 'test_server_side_apply_without_upgrade', false);
    const managed = f.managedFields() ?? [];
    expect(managed.length).toBeGreaterThanOrEqual(2);
    expect(managed[0]?.manager).toBe('test_server_side_apply_without_upgrade');
    expect(managed[1]?.manager).toBe('before-first-apply');

    // Upgrade management of the object from client-side to server-side apply.
    f.apply(
      yamlObject(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
  labels:
    app: my-app-v2 # change
spec:
  replicas: 8 # change
`),
      'kubectl',
      false,
    );
    expect(f.managedFields()?.length ?? 0).toBeGreaterThan(0);
    expect(getLastApplied(f.live())).toContain('my-app-v2');
  });

  it('TestUpdateViaSubresources', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod', 'scale');
    const obj = yamlObject(`{"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"a":"b"},}}`);
    obj.metadata!.managedFields = [
      {
        manager: 'test',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:labels': { 'f:another_field': {} } } },
      },
    ];

    // managedFields cannot be changed explicitly through a subresource.
    const expectedManager = 'fieldmanager_test_subresource';
    f.update(obj, expectedManager);
    const managedFields = f.managedFields() ?? [];
    expect(managedFields).toHaveLength(1);
    expect(managedFields[0]?.manager).toBe(expectedManager);

    // Nor reset through a subresource.
    const newObj = structuredClone(obj);
    newObj.metadata!.managedFields = [];
    f.update(newObj, expectedManager);
    expect(f.managedFields()).toHaveLength(1);
  });

  const nginxDeployment = `{
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "deployment", "labels": {"app": "nginx"}},
    "spec": {
      "selector": {"matchLabels": {"app": "nginx"}},
      "template": {
        "metadata": {"labels": {"app": "nginx"}},
        "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}
      }
    }
  }`;
  const replicas101 = `{
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "deployment",},
    "spec": {"replicas": 101,}
  }`;

  // A no-op apply does not change managedFields.
  it('TestApplyDoesNotChangeManagedFields', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    const newObj = yamlObject(nginxDeployment);
    // Agent A applies the initial configuration, agent B an additive one.
    f.apply(structuredClone(newObj), 'fieldmanager_z', false);
    f.apply(yamlObject(replicas101), 'fieldmanager_b', false);

    // Agent A applies its configuration again: no change to managedFields (nor their times).
    const original = structuredClone(f.managedFields());
    sleep(2000);
    f.apply(newObj, 'fieldmanager_z', false);
    expect(f.managedFields()).toStrictEqual(original);
  });

  // A no-op update does not change managedFields.
  it('TestUpdateDoesNotChangeManagedFields', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    const newObj = yamlObject(nginxDeployment);
    f.update(structuredClone(newObj), 'fieldmanager_z');
    const original = structuredClone(f.managedFields());
    sleep(2000);
    // The same configuration again: managedFields stay (a change of ownership would change them).
    f.update(newObj, 'fieldmanager_z');
    expect(f.managedFields()).toStrictEqual(original);
  });

  // The live object of a patch keeps its managed fields.
  it('TestLiveObjectManagedFieldsNotRemoved', () => {
    const f = newTestFieldManager(tc, 'apps/v1', 'Deployment');
    f.apply(yamlObject(nginxDeployment), 'fieldmanager_z', false);
    const originalLiveObj = f.live();
    expect(originalLiveObj.metadata?.managedFields?.length ?? 0).toBeGreaterThan(0);

    f.apply(yamlObject(replicas101), 'fieldmanager_z', false);
    expect(originalLiveObj.metadata?.managedFields?.length ?? 0).toBeGreaterThan(0);

    // Upstream's Live() is a copy, so the above cannot fail; the field manager itself must not
    // touch the live object it is given either.
    const fm = createFieldManager({ typeConverter: tc, apiVersion: 'apps/v1', kind: 'Deployment' });
    const live = fm.apply({ apiVersion: 'apps/v1', kind: 'Deployment' }, yamlObject(nginxDeployment), 'fieldmanager_z', false);
    const snapshot = structuredClone(live);
    fm.apply(live, yamlObject(replicas101), 'fieldmanager_z', false);
    expect(live).toStrictEqual(snapshot);
  });
});

// Not upstream: how managedFields in a request body are read (Go reads them through
// Unstructured.GetManagedFields, unstructured.go:452-476, and compares a single entry with the zero
// ManagedFieldsEntry after decoding).
describe('managedFields in the request', () => {
  const pod = (managedFields?: unknown): KubeObject =>
    ({ apiVersion: 'v1', kind: 'Pod', metadata: { labels: { a: 'b' }, ...(managedFields !== undefined ? { managedFields } : {}) } }) as unknown as KubeObject;

  it('an apply body with managedFields null is accepted, with [] it is a 400', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(pod(null), 'fieldmanager_test', false);
    expect(f.managedFields()?.map((e) => e.manager)).toStrictEqual(['fieldmanager_test']);
    const err = errorOf(() => f.apply(pod([]), 'fieldmanager_test', false));
    expect(statusCode(err)).toBe(400);
    expect((err as Error).message).toBe('metadata.managedFields must be nil');
  });

  it('one entry with only unknown keys resets like [{}]; a string does not', () => {
    const f = newTestFieldManager(tc, 'v1', 'Pod');
    f.apply(pod(), 'fieldmanager_test_apply', false);
    f.update(pod(''), 'update_manager');
    expect(f.managedFields()?.map((e) => e.manager)).toStrictEqual(['fieldmanager_test_apply']);
    f.update(pod([{ unknown: 'x' }]), 'update_manager');
    expect(f.managedFields() ?? []).toHaveLength(0);
  });
});
