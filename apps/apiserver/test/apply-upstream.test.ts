// Port of kubernetes/kubernetes test/integration/apiserver/apply/apply_test.go (@4a37f009, the
// 1.33-era file) and scale_test.go (@ddd467a0): server-side apply and managedFields as the Go
// integration tests see them over HTTP. Request bodies and expected values are upstream's; each
// `it` is one upstream test and runs against its own server, as upstream's setup(t) does.
//
// Upstream tests not ported here:
// - TestApplyGroupsManySeparateUpdates: applies and patches a ValidatingWebhookConfiguration
//   (admissionregistration.k8s.io/v1), a kind kapi does not serve.
// - TestApplyFormerlyAtomicFields: a PersistentVolume, a kind kapi does not serve.
// - TestApplyMatchesFakeClientsetApply: its oracle is client-go's fake clientset (an in-process Go
//   object tracker), not the server.
// - TestCreateOnApplyFailsWithForbidden: needs RBAC (--authorization-mode=RBAC, ClusterRoles,
//   RoleBindings) and impersonation.
// - BenchmarkServerSideApply: a Go benchmark (with getPodBytesWhenEnabled/bench* helpers), not a test.
// - TestScaleAllResources/ReplicationController: ReplicationControllers.
// - TestAllKnownVersionsAreInMappings: checks the Go scheme's versions against the registries'
//   ReplicasPathMappings() in-process; there is no HTTP surface to port.
//
// How the Go client is mirrored:
// - User-Agent: client-go's default, `<basename(os.Args[0])>/<version> (<os>/<arch>) kubernetes/<commit>`;
//   the test binary is `apply.test` built without ldflags, so writes without ?fieldManager are
//   recorded under manager `apply.test`.
// - Content-Type: the patch type for PATCH, `application/json` (setup sets config.ContentType) for
//   POST/PUT. Body([]byte) sends the bytes as they are; typed clients and Body(runtime.Object) send
//   the object with apiVersion and kind.
// - `err != nil` is a non-2xx answer; apierrors.IsConflict is 409 with reason Conflict.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

const goUserAgent = 'apply.test/v0.0.0 (linux/amd64) kubernetes/$Format';

const ApplyPatchType = 'application/apply-patch+yaml';
const MergePatchType = 'application/merge-patch+json';
const StrategicMergePatchType = 'application/strategic-merge-patch+json';
const JSONPatchType = 'application/json-patch+json';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

interface Response {
  status: number;
  text: string;
  json: any;
}

async function request(
  method: string,
  path: string,
  opts: { params?: Record<string, string>; contentType?: string; body?: string | object } = {},
): Promise<Response> {
  const url = new URL(server.url + path);
  for (const [k, v] of Object.entries(opts.params ?? {})) url.searchParams.append(k, v);
  const headers: Record<string, string> = { 'User-Agent': goUserAgent, Accept: 'application/json, */*' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['Content-Type'] = opts.contentType ?? 'application/json';
  }
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const patch = (type: string, path: string, body: string | object, params: Record<string, string> = {}) =>
  request('PATCH', path, { params, contentType: type, body });
const put = (path: string, body: string | object, params: Record<string, string> = {}) => request('PUT', path, { params, body });
const post = (path: string, body: string | object, params: Record<string, string> = {}) => request('POST', path, { params, body });
const get = (path: string) => request('GET', path);

/** client.CoreV1().RESTClient() paths in namespace default. */
const core = (resource: string, name?: string, subresource?: string) =>
  `/api/v1/namespaces/default/${resource}${name ? `/${name}` : ''}${subresource ? `/${subresource}` : ''}`;
/** AbsPath("/apis/apps/v1") paths in namespace default. */
const apps = (resource: string, name?: string, subresource?: string) =>
  `/apis/apps/v1/namespaces/default/${resource}${name ? `/${name}` : ''}${subresource ? `/${subresource}` : ''}`;

/** `if err != nil { t.Fatalf(...) }`: a 2xx answer, else fail with the response body. */
function ok(r: Response, what: string): any {
  expect(r.status, `${what}: ${r.text}`).toBeGreaterThanOrEqual(200);
  expect(r.status, `${what}: ${r.text}`).toBeLessThan(300);
  return r.json;
}

/** `apierrors.IsConflict(err)`. */
function expectConflict(r: Response, what: string) {
  expect(r.status, `${what}: ${r.text}`).toBe(409);
  expect(r.json?.reason, `${what}: ${r.text}`).toBe('Conflict');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drops apiVersion and kind: what a typed Go object decoded by the REST client marshals without. */
function withoutTypeMeta(obj: any): any {
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return rest;
}

// --- Go's json.Marshal of typed objects: struct field order and omitempty ---------------------

/** metav1.ManagedFieldsEntry as Go marshals it; `time: null` is expectManagedFields' `&metav1.Time{}`. */
function goManagedFieldsEntry(e: any, zeroTime = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (e.manager) out.manager = e.manager;
  if (e.operation) out.operation = e.operation;
  if (e.apiVersion) out.apiVersion = e.apiVersion;
  if (zeroTime) out.time = null;
  else if (e.time != null) out.time = e.time;
  if (e.fieldsType) out.fieldsType = e.fieldsType;
  if (e.fieldsV1 != null) out.fieldsV1 = e.fieldsV1; // FieldsV1 is raw bytes: the server's key order stays
  if (e.subresource) out.subresource = e.subresource;
  return out;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}

function sortedMap(m: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!m) return m;
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]]));
}

/** metav1.ObjectMeta as Go marshals it (creationTimestamp is a struct: never omitted, zero is null). */
function goObjectMeta(m: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const order = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];
  for (const k of order) {
    const v = m[k];
    if (k === 'creationTimestamp') out[k] = v ?? null;
    else if (k === 'labels' || k === 'annotations') {
      if (!isEmpty(v)) out[k] = sortedMap(v);
    } else if (k === 'managedFields') {
      if (!isEmpty(v)) out[k] = (v as any[]).map((e) => goManagedFieldsEntry(e));
    } else if (!isEmpty(v)) out[k] = v;
  }
  return out;
}

/** `json.MarshalIndent(*v1.ConfigMap, ...)` of a ConfigMap decoded by the REST client. */
function goConfigMap(cm: any): Record<string, unknown> {
  const out: Record<string, unknown> = { metadata: goObjectMeta(cm.metadata ?? {}) };
  if (cm.immutable != null) out.immutable = cm.immutable;
  if (!isEmpty(cm.data)) out.data = sortedMap(cm.data);
  if (!isEmpty(cm.binaryData)) out.binaryData = sortedMap(cm.binaryData);
  return out;
}

/** upstream expectManagedFields: every time set to the zero time, then compared as indented JSON. */
function expectManagedFields(managedFields: any[] | undefined, expected: string) {
  const got = JSON.stringify(managedFields ? managedFields.map((e) => goManagedFieldsEntry(e, true)) : null, null, 2);
  const want = JSON.stringify(JSON.parse(expected), null, 2);
  expect(got).toBe(want);
}

/** `string(entry.FieldsV1.Raw)`: the fieldsV1 bytes as the server sent them (compact JSON). */
const rawFieldsV1 = (e: any) => JSON.stringify(e?.fieldsV1);

// --- Shared upstream bodies ----------------------------------------------------------------------

/** The ConfigMap that TestApplyManagedFields and the TestClearManagedFields* tests apply. */
const testCMWithLabel = `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`;

/** The Deployment of TestApplyUpdateApplyConflictForced, TestApplyFailsWithVersionMismatch and TestSubresourceField. */
const nginxDeployment = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					 "app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;

/** The key prefix of the *VeryLargeObject tests. */
const largeKey = (i: number) => `this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-${i}`;

/** `client.CoreV1().ConfigMaps(ns).Create(ctx, cfg, metav1.CreateOptions{})` with cfg as upstream builds it. */
function typedConfigMap(name: string, data: Record<string, string>) {
  return { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name, namespace: 'default', creationTimestamp: null }, data: sortedMap(data) };
}

describe('apply_test.go', () => {
  it('TestApplyAlsoCreates', async () => {
    const testCases = [
      {
        resource: 'pods',
        name: 'test-pod',
        body: `{
				"apiVersion": "v1",
				"kind": "Pod",
				"metadata": {
					"name": "test-pod"
				},
				"spec": {
					"containers": [{
						"name":  "test-container",
						"image": "test-image"
					}]
				}
			}`,
      },
      {
        resource: 'services',
        name: 'test-svc',
        body: `{
				"apiVersion": "v1",
				"kind": "Service",
				"metadata": {
					"name": "test-svc"
				},
				"spec": {
					"ports": [{
						"port": 8080,
						"protocol": "UDP"
					}]
				}
			}`,
      },
    ];
    for (const tc of testCases) {
      ok(await patch(ApplyPatchType, core(tc.resource, tc.name), tc.body, { fieldManager: 'apply_test' }), `${tc.name}: Failed to create object using Apply patch`);
      ok(await get(core(tc.resource, tc.name)), `${tc.name}: Failed to retrieve object`);
      // Test that we can re apply with a different field manager and don't get conflicts
      ok(await patch(ApplyPatchType, core(tc.resource, tc.name), tc.body, { fieldManager: 'apply_test_2' }), `${tc.name}: Failed to re-apply object using Apply patch`);
    }
  });

  it('TestNoOpUpdateSameResourceVersion', async () => {
    const podName = 'no-op';
    const podBytes = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "${podName}",
			"labels": {
				"a": "one",
				"c": "two",
				"b": "three"
			}
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one"
			},{
				"name":  "test-container-c",
				"image": "test-image-two"
			},{
				"name":  "test-container-b",
				"image": "test-image-three"
			}]
		}
	}`;
    ok(await patch(ApplyPatchType, core('pods', podName), podBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    // Sleep for one second to make sure that the times of each update operation is different.
    await sleep(1000);
    const createdObject = ok(await get(core('pods', podName)), 'Failed to retrieve created object');
    // The Go test PUTs json.MarshalIndent of the typed object: no apiVersion and kind.
    const createdBytes = JSON.stringify(withoutTypeMeta(createdObject), null, '\t');
    ok(await put(core('pods', podName), createdBytes), 'Failed to apply no-op update');
    const updatedObject = ok(await get(core('pods', podName)), 'Failed to retrieve updated object');
    expect(updatedObject.metadata.resourceVersion, `Expected same resource version\nold object:\n${createdBytes}\nnew object:\n${JSON.stringify(updatedObject, null, '\t')}`).toBe(
      createdObject.metadata.resourceVersion,
    );
  });

  it('TestNoOpApplyWithEmptyMap', async () => {
    const deploymentName = 'no-op';
    const deploymentBytes = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "${deploymentName}",
			"labels": {
				"app": "nginx"
			}
		},
		"spec": {
			"replicas": 1,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"annotations": {},
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name": "nginx",
						"image": "nginx:1.14.2",
						"ports": [{
							"containerPort": 80
						}]
					}]
				}
			}
		}
	}`;
    ok(await patch(ApplyPatchType, apps('deployments', deploymentName), deploymentBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    // managedFields times have 1 second granularity.
    await sleep(1000);
    const createdObject = ok(await get(apps('deployments', deploymentName)), 'Failed to retrieve created object');
    // Test that we can apply the same object and don't change the RV
    ok(await patch(ApplyPatchType, apps('deployments', deploymentName), deploymentBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    const updatedObject = ok(await get(apps('deployments', deploymentName)), 'Failed to retrieve updated object');
    expect(updatedObject.metadata.resourceVersion, `Expected same resource version\nold object:\n${JSON.stringify(createdObject, null, '\t')}\nnew object:\n${JSON.stringify(updatedObject, null, '\t')}`).toBe(
      createdObject.metadata.resourceVersion,
    );
  });

  it('TestApplyEmptyMarkerStructDifferentFromNil', async () => {
    const podName = 'pod-with-empty-dir';
    // Upstream's bodies, trailing commas included (YAML flow collections allow them).
    const podBytesWithEmptyDir = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "${podName}"
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one",
				"volumeMounts": [{
					"mountPath": "/cache",
					"name": "cache-volume"
				}],
			}],
			"volumes": [{
				"name": "cache-volume",
				"emptyDir": {}
			}]
		}
	}`;
    ok(await patch(ApplyPatchType, core('pods', podName), podBytesWithEmptyDir, { fieldManager: 'apply_test' }), 'Failed to create object');
    await sleep(1000);
    const createdObject = ok(await get(core('pods', podName)), 'Failed to retrieve created object');
    const podBytesNoEmptyDir = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "${podName}"
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one",
				"volumeMounts": [{
					"mountPath": "/cache",
					"name": "cache-volume"
				}],
			}],
			"volumes": [{
				"name": "cache-volume"
			}]
		}
	}`;
    // Test that an apply with no emptyDir is recognized as distinct from an empty marker struct emptyDir.
    ok(await patch(ApplyPatchType, core('pods', podName), podBytesNoEmptyDir, { fieldManager: 'apply_test' }), 'Failed to create object');
    const updatedObject = ok(await get(core('pods', podName)), 'Failed to retrieve updated object');
    expect(updatedObject.metadata.resourceVersion, `Expected different resource version\nold object:\n${JSON.stringify(createdObject, null, '\t')}\nnew object:\n${JSON.stringify(updatedObject, null, '\t')}`).not.toBe(
      createdObject.metadata.resourceVersion,
    );
  });

  it('TestNoopChangeCreationTime', async () => {
    const ssBytes = `{
		"apiVersion": "v1",
		"kind": "ConfigMap",
		"metadata": {
			"name": "myconfig",
			"creationTimestamp": null,
			"resourceVersion": null
		},
		"data": {
			"key": "value"
		}
	}`;
    const obj = ok(await patch(ApplyPatchType, core('configmaps', 'myconfig'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    // Sleep for one second to make sure that the times of each update operation is different.
    await sleep(1200);
    const newObj = ok(await patch(ApplyPatchType, core('configmaps', 'myconfig'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    // require.Equal(t, obj, newObj)
    expect(newObj).toEqual(obj);
  });

  // The StatefulSet of both TestNoSemanticUpdate* tests (upstream's two copies differ in whitespace only).
  const nginxStatefulSet = `{
		"apiVersion": "apps/v1",
		"kind": "StatefulSet",
		"metadata": {
			"name": "nginx",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"serviceName": "nginx",
			"selector": { "matchLabels": {"app": "nginx"}},
			"template": {
				"metadata": {
					"labels": {"app": "nginx"}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx",
						"resources": {
							"limits": {"memory": "2048Mi"}
						}
					}]
				}
			},
			"volumeClaimTemplates": [{
				"metadata": {"name": "nginx"},
				"spec": {
					"accessModes": ["ReadWriteOnce"],
					"resources": {"requests": {"storage": "1Gi"}}
				}
			}]
		}
	}`;

  it('TestNoSemanticUpdateApplySameResourceVersion', async () => {
    const ssBytes = nginxStatefulSet;
    const obj = ok(await patch(ApplyPatchType, apps('statefulsets', 'nginx'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    const rvCreated = obj.metadata.resourceVersion;
    await sleep(1200);
    const obj2 = ok(await patch(ApplyPatchType, apps('statefulsets', 'nginx'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    expect(obj2.metadata.resourceVersion, 'ResourceVersion changed after apply').toBe(rvCreated);
  });

  it('TestNoSemanticUpdatePutSameResourceVersion', async () => {
    const ssBytes = nginxStatefulSet;
    const obj = ok(await post(apps('statefulsets'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    const rvCreated = obj.metadata.resourceVersion;
    await sleep(1200);
    const obj2 = ok(await put(apps('statefulsets', 'nginx'), ssBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    expect(obj2.metadata.resourceVersion, 'ResourceVersion changed after similar PUT').toBe(rvCreated);
  });

  it('TestCreateOnApplyFailsWithUID', async () => {
    const r = await patch(
      ApplyPatchType,
      core('pods', 'test-pod-uid'),
      `{
			"apiVersion": "v1",
			"kind": "Pod",
			"metadata": {
				"name": "test-pod-uid",
				"uid":  "88e00824-7f0e-11e8-94a1-c8d3ffb15800"
			},
			"spec": {
				"containers": [{
					"name":  "test-container",
					"image": "test-image"
				}]
			}
		}`,
      { fieldManager: 'apply_test' },
    );
    expectConflict(r, 'Expected conflict error');
    // kube 1.33's body (facts §1.3; patch.go:597-607, errors.go:232-244); upstream checks IsConflict only.
    expect(r.json.message).toBe('Operation cannot be fulfilled on pods "test-pod-uid": uid mismatch: the provided object specified uid 88e00824-7f0e-11e8-94a1-c8d3ffb15800, and no existing object was found');
  });

  it('TestApplyUpdateApplyConflictForced', async () => {
    const obj = nginxDeployment;
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    // No fieldManager: the manager is the User-Agent's (`apply.test`).
    ok(await patch(MergePatchType, apps('deployments', 'deployment'), `{"spec":{"replicas": 5}}`), 'Failed to patch object');
    const conflict = await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'apply_test' });
    expect(conflict.status, `Expecting to get conflicts when applying object: ${conflict.text}`).toBeGreaterThanOrEqual(400);
    expect(conflict.json?.kind, 'Expecting to get conflicts as API error').toBe('Status');
    expect(conflict.json?.details?.causes?.length ?? 0, `Expecting to get at least one conflict when applying object, got: ${conflict.text}`).toBeGreaterThanOrEqual(1);
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { force: 'true', fieldManager: 'apply_test' }), 'Failed to apply object with force');
  });

  it('TestCreateVeryLargeObject', { timeout: 120_000 }, async () => {
    const data: Record<string, string> = {};
    for (let i = 0; i < 9999; i++) data[largeKey(i)] = 'A';
    // Should be able to create an object near the object size limit.
    const created = await post(core('configmaps'), typedConfigMap('large-create-test-cm', data));
    expect.soft(created.status, `unable to create large test configMap: ${created.text.slice(0, 500)}`).toBe(201);
    // Applying to the same object should cause managedFields to go over the object size limit, and fail.
    const r = await patch(
      ApplyPatchType,
      core('configmaps', 'large-create-test-cm'),
      `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "large-create-test-cm",
				"namespace": "default",
			}
		}`,
      { fieldManager: 'apply_test' },
    );
    expect(r.status, `expected to fail to update object using Apply patch, but succeeded`).toBeGreaterThanOrEqual(400);
  });

  it('TestUpdateVeryLargeObject', { timeout: 120_000 }, async () => {
    // Create a small config map.
    const created = await post(core('configmaps'), typedConfigMap('large-update-test-cm', { k: 'v' }));
    expect.soft(created.status, `unable to create configMap: ${created.text}`).toBe(201);
    // Should be able to update a small object to be near the object size limit. Upstream polls
    // every 100ms for 30s on any error (against controllers' conflicts); here nothing else writes,
    // so only a 409 is worth another try.
    let updateErr: Response | undefined;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const updateCfg = ok(await get(core('configmaps', 'large-update-test-cm')), 'get');
      for (let i = 0; i < 9999; i++) updateCfg.data[largeKey(i)] = 'A';
      const r = await put(core('configmaps', 'large-update-test-cm'), updateCfg);
      if (r.status < 300) {
        updateErr = undefined;
        break;
      }
      updateErr = r;
      if (r.status !== 409 || Date.now() > deadline) break;
      await sleep(100);
    }
    expect.soft(updateErr, `unable to update configMap: ${updateErr?.status} ${updateErr?.text.slice(0, 500)}`).toBeUndefined();
    // Applying to the same object should cause managedFields to go over the object size limit, and fail.
    const r = await patch(
      ApplyPatchType,
      core('configmaps', 'large-update-test-cm'),
      `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "large-update-test-cm",
				"namespace": "default",
			}
		}`,
      { fieldManager: 'apply_test' },
    );
    expect(r.status, 'expected to fail to update object using Apply patch, but succeeded').toBeGreaterThanOrEqual(400);
  });

  it('TestPatchVeryLargeObject', { timeout: 120_000 }, async () => {
    // Create a small config map.
    const created = await post(core('configmaps'), typedConfigMap('large-patch-test-cm', { k: 'v' }));
    expect.soft(created.status, `unable to create configMap: ${created.text}`).toBe(201);
    let patchString = `{"data":{"k":"v"`;
    for (let i = 0; i < 9999; i++) patchString = `${patchString},${JSON.stringify(largeKey(i))}:${JSON.stringify('A')}`;
    patchString = `${patchString}}}`;
    // Should be able to update a small object to be near the object size limit.
    const patched = await patch(MergePatchType, core('configmaps', 'large-patch-test-cm'), patchString);
    expect.soft(patched.status, `unable to patch configMap: ${patched.text.slice(0, 500)}`).toBe(200);
    // Applying to the same object should cause managedFields to go over the object size limit, and fail.
    const r = await patch(
      ApplyPatchType,
      core('configmaps', 'large-patch-test-cm'),
      `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "large-patch-test-cm",
				"namespace": "default",
			}
		}`,
      { fieldManager: 'apply_test' },
    );
    expect(r.status, 'expected to fail to update object using Apply patch, but succeeded').toBeGreaterThanOrEqual(400);
  });

  it('TestApplyManagedFields', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(await patch(MergePatchType, core('configmaps', 'test-cm'), `{"data":{"new-key": "value"}}`, { fieldManager: 'updater' }), 'Failed to patch object');
    // Sleep for one second so that update entries with the same manager are seen to be grouped,
    // with the most recent update time recorded in the grouped entry.
    await sleep(1000);
    ok(await patch(MergePatchType, core('configmaps', 'test-cm'), `{"data":{"key": "new value"}}`, { fieldManager: 'updater' }), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    const accessor = object.metadata;
    const managedFields: any[] = accessor.managedFields ?? [];
    const actual = JSON.stringify(goConfigMap(object), null, '\t');
    const expected = `{
		"metadata": {
			"name": "test-cm",
			"namespace": "default",
			"uid": "${accessor.uid}",
			"resourceVersion": "${accessor.resourceVersion}",
			"creationTimestamp": "${accessor.creationTimestamp}",
			"labels": {
				"test-label": "test"
			},
			"managedFields": [
				{
					"manager": "apply_test",
					"operation": "Apply",
					"apiVersion": "v1",
					"time": "${managedFields[0]?.time}",
					"fieldsType": "FieldsV1",
					"fieldsV1": {
						"f:metadata": {
							"f:labels": {
								"f:test-label": {}
							}
						}
					}
				},
				{
					"manager": "updater",
					"operation": "Update",
					"apiVersion": "v1",
					"time": "${managedFields[1]?.time}",
					"fieldsType": "FieldsV1",
					"fieldsV1": {
						"f:data": {
							"f:key": {},
							"f:new-key": {}
						}
					}
				}
			]
		},
		"data": {
			"key": "new value",
			"new-key": "value"
		}
	}`;
    expect(actual).toBe(JSON.stringify(JSON.parse(expected), null, '\t'));
    expect(managedFields[0]?.time, `Expected times to be different but got:\n${actual}`).not.toBe(managedFields[1]?.time);
  });

  it('TestApplyRemovesEmptyManagedFields', async () => {
    const obj = `{
		"apiVersion": "v1",
		"kind": "ConfigMap",
		"metadata": {
			"name": "test-cm",
			"namespace": "default"
		}
	}`;
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), obj, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), obj, { fieldManager: 'apply_test' }), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    // `managed != nil`: a JSON [] decodes to a non-nil empty slice, so only absent or null pass.
    expect(object.metadata.managedFields ?? null, 'Object contains unexpected managedFields').toBeNull();
  });

  it('TestApplyRequiresFieldManager', async () => {
    const obj = `{
		"apiVersion": "v1",
		"kind": "ConfigMap",
		"metadata": {
			"name": "test-cm",
			"namespace": "default"
		}
	}`;
    const r = await patch(ApplyPatchType, core('configmaps', 'test-cm'), obj);
    expect(r.status, 'Apply should fail to create without fieldManager').toBeGreaterThanOrEqual(400);
    // kube 1.33's exact answer (facts §1.1 step 3; validation.go:193-197); upstream checks err != nil only.
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      reason: 'Invalid',
      details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] },
      code: 422,
    });
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), obj, { fieldManager: 'apply_test' }), 'Apply failed to create with fieldManager');
  });

  it('TestApplyRemoveContainerPort', async () => {
    let obj = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
						"ports": [{
							"containerPort": 80,
							"protocol": "TCP"
						}]
					}]
				}
			}
		}
	}`;
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    obj = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'apply_test' }), 'Failed to remove container port using Apply patch');
    const deployment = ok(await get(apps('deployments', 'deployment')), 'Failed to retrieve object');
    expect(deployment.spec.template.spec.containers[0].ports ?? [], `Expected no container ports, object:\n${JSON.stringify(deployment)}`).toHaveLength(0);
  });

  it('TestApplyFailsWithVersionMismatch', async () => {
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), nginxDeployment, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    const obj = `{
		"apiVersion": "extensions/v1beta",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 100,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;
    const r = await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'apply_test' });
    expect(r.json?.kind, `Expecting to get version mismatch as API error: ${r.text}`).toBe('Status');
    expect(r.json.code, r.text).toBe(400);
    // kube 1.33's message (facts §1.2; versioncheck.go:47-52); upstream checks the code only.
    expect(r.json.message).toBe('invalid object type: extensions/v1beta, Kind=Deployment');
  });

  it('TestApplyConvertsManagedFieldsVersion', async () => {
    let obj = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"app": "nginx"},
			"managedFields": [
				{
					"manager": "sidecar_controller",
					"operation": "Apply",
					"apiVersion": "extensions/v1beta1",
					"fieldsV1": {
						"f:metadata": {
							"f:labels": {
								"f:sidecar_version": {}
							}
						},
						"f:spec": {
							"f:template": {
								"f: spec": {
									"f:containers": {
										"k:{\\"name\\":\\"sidecar\\"}": {
											".": {},
											"f:image": {}
										}
									}
								}
							}
						}
					}
				}
			]
		},
		"spec": {
			"selector": {
				"matchLabels": {
					 "app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;
    ok(await post(apps('deployments'), obj), 'Failed to create object');
    obj = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment",
			"labels": {"sidecar_version": "release"}
		},
		"spec": {
			"template": {
				"spec": {
					"containers": [{
						"name":  "sidecar",
						"image": "sidecar:latest"
					}]
				}
			}
		}
	}`;
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), obj, { fieldManager: 'sidecar_controller' }), 'Failed to apply object');
    const object = ok(await get(apps('deployments', 'deployment')), 'Failed to retrieve object');
    const managed: any[] = object.metadata.managedFields ?? [];
    expect(managed, `Expected 2 field managers, but got managed fields: ${JSON.stringify(managed)}`).toHaveLength(2);
    const actual = managed.find((e) => e.manager === 'sidecar_controller' && e.apiVersion === 'apps/v1');
    expect(actual, `Expected managed fields to contain entry with manager 'sidecar_controller' with converted api version 'apps/v1', but got managed fields:\n${JSON.stringify(managed)}`).toBeDefined();
    // reflect.DeepEqual on the entry; FieldsV1.Raw compared as bytes.
    expect({ ...goManagedFieldsEntry(actual), fieldsV1: rawFieldsV1(actual) }).toEqual({
      manager: 'sidecar_controller',
      operation: 'Apply',
      apiVersion: 'apps/v1',
      ...(actual.time != null ? { time: actual.time } : {}),
      fieldsType: 'FieldsV1',
      fieldsV1: `{"f:metadata":{"f:labels":{"f:sidecar_version":{}}},"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"sidecar\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}`,
    });
  });

  it('TestClearManagedFieldsWithMergePatch', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(await patch(MergePatchType, core('configmaps', 'test-cm'), `{"metadata":{"managedFields": [{}]}}`), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    expect(object.metadata.managedFields ?? [], 'Failed to clear managedFields').toHaveLength(0);
  });

  it('TestClearManagedFieldsWithStrategicMergePatch', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(await patch(StrategicMergePatchType, core('configmaps', 'test-cm'), `{"metadata":{"managedFields": [{}]}}`), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    expect(object.metadata.managedFields ?? [], 'Failed to clear managedFields').toHaveLength(0);
    expect(Object.keys(object.metadata.labels ?? {}).length, `Expected other fields to stay untouched, got: ${JSON.stringify(object)}`).toBeGreaterThanOrEqual(1);
  });

  it('TestClearManagedFieldsWithJSONPatch', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(await patch(JSONPatchType, core('configmaps', 'test-cm'), `[{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}]`), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    expect(object.metadata.managedFields ?? [], 'Failed to clear managedFields').toHaveLength(0);
  });

  it('TestClearManagedFieldsWithUpdate', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(
      await put(
        core('configmaps', 'test-cm'),
        `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"managedFields": [{}],
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`,
      ),
      'Failed to patch object',
    );
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    expect(object.metadata.managedFields ?? [], 'Failed to clear managedFields').toHaveLength(0);
    expect(Object.keys(object.metadata.labels ?? {}).length, `Expected other fields to stay untouched, got: ${JSON.stringify(object)}`).toBeGreaterThanOrEqual(1);
  });

  it('TestErrorsDontFail', async () => {
    // Tries to create with a managed fields that has an empty `fieldsType`.
    ok(
      await post(
        core('configmaps'),
        `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"managedFields": [{
					"manager": "apply_test",
					"operation": "Apply",
					"apiVersion": "v1",
					"time": "2019-07-08T09:31:18Z",
					"fieldsType": "",
					"fieldsV1": {}
				}],
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`,
        { fieldManager: 'apply_test' },
      ),
      'Failed to create object with empty fieldsType',
    );
  });

  const plainTestCM = `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`;

  it('TestErrorsDontFailUpdate', async () => {
    ok(await post(core('configmaps'), plainTestCM, { fieldManager: 'apply_test' }), 'Failed to create object');
    ok(
      await put(
        core('configmaps', 'test-cm'),
        `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"managedFields": [{
					"manager": "apply_test",
					"operation": "Apply",
					"apiVersion": "v1",
					"time": "2019-07-08T09:31:18Z",
					"fieldsType": "",
					"fieldsV1": {}
				}],
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`,
        { fieldManager: 'apply_test' },
      ),
      'Failed to update object with empty fieldsType',
    );
  });

  it('TestErrorsDontFailPatch', async () => {
    ok(await post(core('configmaps'), plainTestCM, { fieldManager: 'apply_test' }), 'Failed to create object');
    ok(
      await patch(
        JSONPatchType,
        core('configmaps', 'test-cm'),
        `[{"op": "replace", "path": "/metadata/managedFields", "value": [{
			"manager": "apply_test",
			"operation": "Apply",
			"apiVersion": "v1",
			"time": "2019-07-08T09:31:18Z",
			"fieldsType": "",
			"fieldsV1": {}
		}]}]`,
        { fieldManager: 'apply_test' },
      ),
      'Failed to patch object with empty FieldsType',
    );
  });

  it('TestApplyDoesNotChangeManagedFieldsViaSubresources', async () => {
    const podBytes = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "just-a-pod"
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one"
			}]
		}
	}`;
    const liveObj = ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), podBytes, { fieldManager: 'apply_test' }), 'Failed to create object');
    const updateBytes = `{
		"metadata": {
			"managedFields": [{
				"manager":"testing",
				"operation":"Update",
				"apiVersion":"v1",
				"fieldsType":"FieldsV1",
				"fieldsV1":{
					"f:spec":{
						"f:containers":{
							"k:{\\"name\\":\\"testing\\"}":{
								".":{},
								"f:image":{},
								"f:name":{}
							}
						}
					}
				}
			}]
		},
		"status": {
			"conditions": [{"type": "MyStatus", "status":"true"}]
		}
	}`;
    const updateActor = 'update_managedfields_test';
    const newObj = ok(await patch(MergePatchType, core('pods', 'just-a-pod', 'status'), updateBytes, { fieldManager: updateActor }), 'Error updating subresource');
    const liveManagedFields: any[] = liveObj.metadata.managedFields ?? [];
    expect(liveManagedFields, `Expected managedFields in the live object to have exactly one entry, got: ${JSON.stringify(liveManagedFields)}`).toHaveLength(1);
    const newManagedFields: any[] = newObj.metadata.managedFields ?? [];
    expect(newManagedFields, `Expected managedFields in the new object to have exactly two entries, got: ${JSON.stringify(newManagedFields)}`).toHaveLength(2);
    // reflect.DeepEqual(liveManagedFields[0], newManagedFields[0])
    const asGo = (e: any) => ({ ...goManagedFieldsEntry(e), fieldsV1: rawFieldsV1(e) });
    expect(asGo(newManagedFields[0]), 'managedFields updated via subresource').toEqual(asGo(liveManagedFields[0]));
    expect(newManagedFields[1].manager, `Expected managerFields to have an entry with manager set to "${updateActor}"`).toBe(updateActor);
  });

  it('TestClearManagedFieldsWithUpdateEmptyList', async () => {
    ok(await patch(ApplyPatchType, core('configmaps', 'test-cm'), testCMWithLabel, { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    ok(
      await put(
        core('configmaps', 'test-cm'),
        `{
			"apiVersion": "v1",
			"kind": "ConfigMap",
			"metadata": {
				"name": "test-cm",
				"namespace": "default",
				"managedFields": [],
				"labels": {
					"test-label": "test"
				}
			},
			"data": {
				"key": "value"
			}
		}`,
      ),
      'Failed to patch object',
    );
    ok(await patch(MergePatchType, core('configmaps', 'test-cm'), `{"metadata":{"labels": { "test-label": "v1" }}}`), 'Failed to patch object');
    const object = ok(await get(core('configmaps', 'test-cm')), 'Failed to retrieve object');
    expect(object.metadata.managedFields ?? [], 'Failed to stop tracking managedFields').toHaveLength(0);
    expect(Object.keys(object.metadata.labels ?? {}).length, `Expected other fields to stay untouched, got: ${JSON.stringify(object)}`).toBeGreaterThanOrEqual(1);
  });

  // spec.replicas is a optional, defaulted field
  // spec.template.spec.hostname is an optional, non-defaulted field
  const withHostname = (name: string) => `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "${name}",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"hostname": "test-hostname",
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;
  // unset spec.replicas and spec.template.spec.hostname
  const withoutHostname = (name: string) => `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "${name}",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest"
					}]
				}
			}
		}
	}`;

  it('TestApplyUnsetExclusivelyOwnedFields', async () => {
    const name = 'deployment-exclusive-unset';
    ok(await patch(ApplyPatchType, apps('deployments', name), withHostname(name), { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    const deployment = ok(await patch(ApplyPatchType, apps('deployments', name), withoutHostname(name), { fieldManager: 'apply_test' }), 'Failed to create object using Apply patch');
    expect.soft(deployment.spec.replicas, 'Expected deployment.spec.replicas to be 1 (default value)').toBe(1);
    expect.soft(deployment.spec.template.spec.hostname ?? '', 'Expected deployment.spec.template.spec.hostname to be unset').toBe('');
  });

  it('TestApplyUnsetSharedFields', async () => {
    const name = 'deployment-shared-unset';
    for (const fieldManager of ['shared_owner_1', 'shared_owner_2']) {
      ok(await patch(ApplyPatchType, apps('deployments', name), withHostname(name), { fieldManager }), `${fieldManager}: Failed to create object using Apply patch`);
    }
    const deployment = ok(await patch(ApplyPatchType, apps('deployments', name), withoutHostname(name), { fieldManager: 'shared_owner_1' }), 'Failed to create object using Apply patch');
    expect.soft(deployment.spec.replicas, 'Expected deployment.spec.replicas to be 3').toBe(3);
    expect.soft(deployment.spec.template.spec.hostname, 'Expected deployment.spec.template.spec.hostname to be "test-hostname"').toBe('test-hostname');
  });

  it('TestApplyCanTransferFieldOwnershipToController', async () => {
    // Applier creates a deployment with replicas set to 3
    let apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
					}]
				}
			}
		}
	}`;
    const path = apps('deployments', 'deployment-shared-map-item-removal');
    const applied = ok(await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier' }), 'Failed to create object using Apply patch');
    // a controller takes over the replicas field
    applied.spec.replicas = 4;
    ok(await put(path, applied, { fieldManager: 'test_updater' }), 'Failed to create object using Apply patch');
    // applier omits replicas
    apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
					}]
				}
			}
		}
	}`;
    const deployment = ok(await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier' }), 'Failed to create object using Apply patch');
    expect.soft(deployment.spec.replicas, 'Expected deployment.spec.replicas to be 4').toBe(4);
  });

  it('TestApplyCanRemoveMapItemsContributedToByControllers', async () => {
    // Applier creates a deployment with a name=nginx container
    let apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
					}]
				}
			}
		}
	}`;
    const path = apps('deployments', 'deployment-shared-map-item-removal');
    const applied = ok(await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier' }), 'Failed to create object using Apply patch');
    // a controller sets container.workingDir of the name=nginx container via an update
    applied.spec.template.spec.containers[0].workingDir = '/home/replacement';
    ok(await put(path, applied, { fieldManager: 'test_updater' }), 'Failed to create object using Apply patch');
    // applier removes name=nginx the container
    apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"replicas": 3,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"hostname": "test-hostname",
					"containers": [{
						"name":  "other-container",
						"image": "nginx:latest",
					}]
				}
			}
		}
	}`;
    const deployment = ok(await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier' }), 'Failed to create object using Apply patch');
    // ensure the container is deleted even though a controller updated a field of the container
    expect(deployment.spec.template.spec.containers, 'Expected 1 container after apply').toHaveLength(1);
    expect(deployment.spec.template.spec.containers[0].name, 'Expected container to be named "other-container"').toBe('other-container');
  });

  it('TestDefaultMissingKeys', async () => {
    // Applier creates a deployment with containerPort but no protocol
    let apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
						"ports": [{
							"name": "foo",
							"containerPort": 80
						}]
					}]
				}
			}
		}
	}`;
    const path = apps('deployments', 'deployment-shared-map-item-removal');
    ok(await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier' }), 'Failed to create object using Apply patch');
    // Applier updates the name, and uses the protocol, we should get a conflict.
    apply = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deployment-shared-map-item-removal",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
						"ports": [{
							"name": "bar",
							"containerPort": 80,
							"protocol": "TCP"
						}]
					}]
				}
			}
		}
	}`;
    const r = await patch(ApplyPatchType, path, apply, { fieldManager: 'test_applier_conflict' });
    expect(r.status, `Expecting to get conflicts when a different applier updates existing list item, got no error: ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(r.json?.kind, 'Expecting to get conflicts as API error').toBe('Status');
    expect(r.json?.details?.causes ?? [], `Expecting to get one conflict when a different applier updates existing list item, got: ${r.text}`).toHaveLength(1);
  });

  it('TestUpgradeClientSideToServerSideApply', async () => {
    // yamlutil.ToJSON of upstream's YAML (the annotation is a `|` block: it ends in a newline).
    let deployment: object = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'my-deployment',
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration':
            '{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"my-deployment","labels":{"app":"my-app"}},"spec":{"replicas": 3,"template":{"metadata":{"labels":{"app":"my-app"}},"spec":{"containers":[{"name":"my-c","image":"my-image"}]}}}}\n',
        },
        labels: { app: 'my-app' },
      },
      spec: {
        replicas: 100000,
        selector: { matchLabels: { app: 'my-app' } },
        template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } },
      },
    };
    ok(await post(apps('deployments'), deployment), 'Failed to create object');
    deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'my-deployment', labels: { app: 'my-new-label' } },
      spec: {
        replicas: 3, // expect conflict
        template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image' }] } },
      },
    };
    expectConflict(await patch(ApplyPatchType, apps('deployments', 'my-deployment'), deployment, { fieldManager: 'kubectl' }), 'Expected conflict error');
    deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'my-deployment', labels: { app: 'my-new-label' } },
      spec: { template: { metadata: { labels: { app: 'my-app' } }, spec: { containers: [{ name: 'my-c', image: 'my-image-new' }] } } },
    };
    ok(await patch(ApplyPatchType, apps('deployments', 'my-deployment'), deployment, { fieldManager: 'kubectl' }), 'Failed to apply object');
    const deploymentObj = ok(await get(apps('deployments', 'my-deployment')), 'Failed to get object');
    expect(deploymentObj.spec.replicas, 'expected to get obj with replicas 100000').toBe(100000);
    expect(deploymentObj.spec.template.spec.containers[0].image, 'expected to get obj with image my-image-new').toBe('my-image-new');
  });

  it('TestRenamingAppliedFieldManagers', async () => {
    // Creating an object
    const podBytes = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "just-a-pod",
			"labels": {
				"a": "one"
			}
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one"
			}]
		}
	}`;
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), podBytes, { fieldManager: 'multi_manager_one' }), 'Failed to apply');
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"b":"two"}}}`, { fieldManager: 'multi_manager_two' }), 'Failed to apply');
    const pod = ok(await get(core('pods', 'just-a-pod')), 'Failed to get object');
    expect(pod.metadata.labels, 'Expected labels').toEqual({ a: 'one', b: 'two' });
    for (const e of pod.metadata.managedFields ?? []) e.manager = 'multi_manager';
    const obj = ok(await put(core('pods', 'just-a-pod'), pod), 'Failed to update');
    const managedFields: any[] = obj.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 1 managed fields entry, got: ${JSON.stringify(managedFields)}`).toHaveLength(1);
    const entry = managedFields[0];
    expect({ manager: entry.manager, operation: entry.operation, fieldsV1: rawFieldsV1(entry) }, 'Unexpected entry').toEqual({
      manager: 'multi_manager',
      operation: 'Apply',
      fieldsV1: `{"f:metadata":{"f:labels":{"f:b":{}}}}`,
    });
  });

  const justAPod = `{
		"apiVersion": "v1",
		"kind": "Pod",
		"metadata": {
			"name": "just-a-pod"
		},
		"spec": {
			"containers": [{
				"name":  "test-container-a",
				"image": "test-image-one"
			}]
		}
	}`;

  it('TestRenamingUpdatedFieldManagers', async () => {
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), justAPod, { fieldManager: 'first' }), 'Failed to create object');
    ok(await patch(MergePatchType, core('pods', 'just-a-pod'), `{"metadata":{"labels":{"a":"one"}}}`, { fieldManager: 'multi_manager_one' }), 'Failed to update');
    ok(await patch(MergePatchType, core('pods', 'just-a-pod'), `{"metadata":{"labels":{"b":"two"}}}`, { fieldManager: 'multi_manager_two' }), 'Failed to update');
    const pod = ok(await get(core('pods', 'just-a-pod')), 'Failed to get object');
    expect(pod.metadata.labels, 'Expected labels').toEqual({ a: 'one', b: 'two' });
    for (const e of pod.metadata.managedFields ?? []) e.manager = 'multi_manager';
    const obj = ok(await put(core('pods', 'just-a-pod'), pod), 'Failed to update');
    const managedFields: any[] = obj.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 2 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(2);
    const entry = managedFields[1];
    expect({ manager: entry.manager, operation: entry.operation, fieldsV1: rawFieldsV1(entry) }, 'Unexpected entry').toEqual({
      manager: 'multi_manager',
      operation: 'Update',
      fieldsV1: `{"f:metadata":{"f:labels":{"f:b":{}}}}`,
    });
  });

  it('TestDroppingSubresourceField', async () => {
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), justAPod, { fieldManager: 'first' }), 'Failed to create object');
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":"one"}}}`, { fieldManager: 'label_manager' }), 'Failed to apply');
    ok(
      await patch(ApplyPatchType, core('pods', 'just-a-pod', 'status'), `{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"b":"two"}}}`, { fieldManager: 'label_manager' }),
      'Failed to apply',
    );
    const pod = ok(await get(core('pods', 'just-a-pod')), 'Failed to get object');
    expect(pod.metadata.labels, 'Expected labels').toEqual({ a: 'one', b: 'two' });
    let managedFields: any[] = pod.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 3 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(3);
    const id = (e: any) => ({ manager: e.manager, operation: e.operation, subresource: e.subresource ?? '' });
    expect(id(managedFields[1]), 'Unexpected entry').toEqual({ manager: 'label_manager', operation: 'Apply', subresource: '' });
    expect(id(managedFields[2]), 'Unexpected entry').toEqual({ manager: 'label_manager', operation: 'Apply', subresource: 'status' });
    // Go sets Subresource = "" and marshals with omitempty: the key goes.
    for (const e of managedFields) delete e.subresource;
    const obj = ok(await put(core('pods', 'just-a-pod'), pod), 'Failed to update');
    managedFields = obj.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 2 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(2);
    const entry = managedFields[1];
    expect({ manager: entry.manager, operation: entry.operation, fieldsV1: rawFieldsV1(entry) }, 'Unexpected entry').toEqual({
      manager: 'label_manager',
      operation: 'Apply',
      fieldsV1: `{"f:metadata":{"f:labels":{"f:b":{}}}}`,
    });
  });

  it('TestDroppingSubresourceFromSpecField', async () => {
    ok(await patch(ApplyPatchType, core('pods', 'just-a-pod'), justAPod, { fieldManager: 'first' }), 'Failed to create object');
    ok(await patch(MergePatchType, core('pods', 'just-a-pod'), `{"metadata":{"labels":{"a":"two"}}}`, { fieldManager: 'manager' }), 'Failed to update');
    ok(await patch(MergePatchType, core('pods', 'just-a-pod', 'status'), `{"status":{"phase":"Running"}}`, { fieldManager: 'manager' }), 'Failed to apply');
    const pod = ok(await get(core('pods', 'just-a-pod')), 'Failed to get object');
    expect(pod.metadata.labels, 'Expected labels').toEqual({ a: 'two' });
    expect(pod.status?.phase, 'Expected phase to be "Running"').toBe('Running');
    let managedFields: any[] = pod.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 3 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(3);
    const id = (e: any) => ({ manager: e.manager, operation: e.operation, subresource: e.subresource ?? '' });
    expect(id(managedFields[1]), 'Unexpected entry').toEqual({ manager: 'manager', operation: 'Update', subresource: '' });
    expect(id(managedFields[2]), 'Unexpected entry').toEqual({ manager: 'manager', operation: 'Update', subresource: 'status' });
    for (const e of managedFields) delete e.subresource;
    const obj = ok(await put(core('pods', 'just-a-pod'), pod), 'Failed to update');
    managedFields = obj.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 2 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(2);
    const entry = managedFields[1];
    expect({ manager: entry.manager, operation: entry.operation, fieldsV1: rawFieldsV1(entry) }, 'Unexpected entry').toEqual({
      manager: 'manager',
      operation: 'Update',
      fieldsV1: `{"f:status":{"f:phase":{}}}`,
    });
  });

  it('TestSubresourceField', async () => {
    // Creating a deployment
    ok(await patch(ApplyPatchType, apps('deployments', 'deployment'), nginxDeployment, { fieldManager: 'manager' }), 'Failed to apply object');
    ok(await patch(MergePatchType, apps('deployments', 'deployment', 'scale'), `{"spec":{"replicas":32}}`, { fieldManager: 'manager' }), 'Failed to update status');
    const deployment = ok(await get(apps('deployments', 'deployment')), 'Failed to get object');
    const managedFields: any[] = deployment.metadata.managedFields ?? [];
    expect(managedFields, `Expected object to have 2 managed fields entries, got: ${JSON.stringify(managedFields)}`).toHaveLength(2);
    expect({ manager: managedFields[0].manager, operation: managedFields[0].operation, subresource: managedFields[0].subresource ?? '' }, 'Unexpected entry').toEqual({
      manager: 'manager',
      operation: 'Apply',
      subresource: '',
    });
    const e1 = managedFields[1];
    expect({ manager: e1.manager, operation: e1.operation, subresource: e1.subresource ?? '', fieldsV1: rawFieldsV1(e1) }, 'Unexpected entry').toEqual({
      manager: 'manager',
      operation: 'Update',
      subresource: 'scale',
      fieldsV1: `{"f:spec":{"f:replicas":{}}}`,
    });
  });

  it('TestDuplicatesInAssociativeLists', async () => {
    let ds = `{
  "apiVersion": "apps/v1",
  "kind": "DaemonSet",
  "metadata": {
    "name": "example-daemonset",
    "labels": {
      "app": "example"
    }
  },
  "spec": {
    "selector": {
      "matchLabels": {
        "app": "example"
      }
    },
    "template": {
      "metadata": {
        "labels": {
          "app": "example"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "nginx",
            "image": "nginx",
            "ports": [
              {
                "name": "port0",
                "containerPort": 1
              },
              {
                "name": "port1",
                "containerPort": 80
              },
              {
                "name": "port2",
                "containerPort": 80
              }
            ],
            "env": [
              {
                "name": "ENV0",
                "value": "/env0value"
              },
              {
                "name": "PATH",
                "value": "/bin"
              },
              {
                "name": "PATH",
                "value": "$PATH:/usr/bin"
              }
            ]
          }
        ]
      }
    }
  }
}`;
    // Create the object
    let daemon = ok(await post(apps('daemonsets'), ds, { fieldManager: 'create' }), 'Failed to create the object');
    expect(daemon.spec.template.spec.containers[0].env, 'Expected 3 EnvVars').toHaveLength(3);
    expect(daemon.spec.template.spec.containers[0].ports, 'Expected 3 Ports').toHaveLength(3);
    // The create entry: before the PUT by "update" it owns the annotations and, atomically, the
    // duplicated PATH env var and port 80; after it, those go to "update" and annotations is {}.
    const createEntry = (annotations: string, duplicates: boolean) => `{
		"manager": "create",
		"operation": "Update",
		"apiVersion": "apps/v1",
		"time": null,
		"fieldsType": "FieldsV1",
		"fieldsV1": {
			"f:metadata": {
				"f:annotations": ${annotations},
				"f:labels": {
					".": {},
					"f:app": {}
				}
			},
			"f:spec": {
				"f:revisionHistoryLimit": {},
				"f:selector": {},
				"f:template": {
					"f:metadata": {
						"f:labels": {
							".": {},
							"f:app": {}
						}
					},
					"f:spec": {
						"f:containers": {
							"k:{\\"name\\":\\"nginx\\"}": {
								".": {},
								"f:env": {
									".": {},
									"k:{\\"name\\":\\"ENV0\\"}": {
										".": {},
										"f:name": {},
										"f:value": {}
									}${duplicates ? `,
									"k:{\\"name\\":\\"PATH\\"}": {}` : ''}
								},
								"f:image": {},
								"f:imagePullPolicy": {},
								"f:name": {},
								"f:ports": {
									".": {},
									"k:{\\"containerPort\\":1,\\"protocol\\":\\"TCP\\"}": {
										".": {},
										"f:containerPort": {},
										"f:name": {},
										"f:protocol": {}
									}${duplicates ? `,
									"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}": {}` : ''}
								},
								"f:resources": {},
								"f:terminationMessagePath": {},
								"f:terminationMessagePolicy": {}
							}
						},
						"f:dnsPolicy": {},
						"f:restartPolicy": {},
						"f:schedulerName": {},
						"f:securityContext": {},
						"f:terminationGracePeriodSeconds": {}
					}
				},
				"f:updateStrategy": {
					"f:rollingUpdate": {
						".": {},
						"f:maxSurge": {},
						"f:maxUnavailable": {}
					},
					"f:type": {}
				}
			}
		}
	}`;
    const createAnnotations = `{
					".": {},
					"f:deprecated.daemonset.template.generation": {}
				}`;
    expectManagedFields(daemon.metadata.managedFields, `[${createEntry(createAnnotations, true)}]`);

    // Apply unrelated fields, fieldmanager should be strictly additive.
    ds = `
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: example-daemonset
  labels:
    app: example
spec:
  selector:
    matchLabels:
      app: example
  template:
    spec:
      containers:
        - name: nginx
          image: nginx
          ports:
            - name: port3
              containerPort: 443
          env:
            - name: HOME
              value: "/usr/home"
`;
    daemon = ok(await patch(ApplyPatchType, apps('daemonsets', 'example-daemonset'), ds, { fieldManager: 'apply' }), 'Failed to aply the first object');
    expect(daemon.spec.template.spec.containers[0].env, 'Expected 4 EnvVars').toHaveLength(4);
    expect(daemon.spec.template.spec.containers[0].ports, 'Expected 4 Ports').toHaveLength(4);
    const applyEntry1 = `{
		"manager": "apply",
		"operation": "Apply",
		"apiVersion": "apps/v1",
		"time": null,
		"fieldsType": "FieldsV1",
		"fieldsV1": {
			"f:metadata": {
				"f:labels": {
					"f:app": {}
				}
			},
			"f:spec": {
				"f:selector": {},
				"f:template": {
					"f:spec": {
						"f:containers": {
							"k:{\\"name\\":\\"nginx\\"}": {
								".": {},
								"f:env": {
									"k:{\\"name\\":\\"HOME\\"}": {
										".": {},
										"f:name": {},
										"f:value": {}
									}
								},
								"f:image": {},
								"f:name": {},
								"f:ports": {
									"k:{\\"containerPort\\":443,\\"protocol\\":\\"TCP\\"}": {
										".": {},
										"f:containerPort": {},
										"f:name": {}
									}
								}
							}
						}
					}
				}
			}
		}
	}`;
    expectManagedFields(daemon.metadata.managedFields, `[${applyEntry1}, ${createEntry(createAnnotations, true)}]`);

    // Change name of some ports.
    ds = `{
  "apiVersion": "apps/v1",
  "kind": "DaemonSet",
  "metadata": {
    "name": "example-daemonset",
    "labels": {
      "app": "example"
    }
  },
  "spec": {
    "selector": {
      "matchLabels": {
        "app": "example"
      }
    },
    "template": {
      "metadata": {
        "labels": {
          "app": "example"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "nginx",
            "image": "nginx",
            "ports": [
              {
                "name": "port0",
                "containerPort": 1
              },
              {
                "name": "port3",
                "containerPort": 443
              },
              {
                "name": "port4",
                "containerPort": 80
              },
              {
                "name": "port5",
                "containerPort": 80
              }
            ],
            "env": [
              {
                "name": "ENV0",
                "value": "/env0value"
              },
              {
                "name": "PATH",
                "value": "/bin"
              },
              {
                "name": "PATH",
                "value": "$PATH:/usr/bin:/usr/local/bin"
              },
              {
                "name": "HOME",
                "value": "/usr/home"
              }
            ]
          }
        ]
      }
    }
  }
}`;
    daemon = ok(await put(apps('daemonsets', 'example-daemonset'), ds, { fieldManager: 'update' }), 'Failed to update the object');
    expect(daemon.spec.template.spec.containers[0].env, 'Expected 4 EnvVars').toHaveLength(4);
    expect(daemon.spec.template.spec.containers[0].ports, 'Expected 4 Ports').toHaveLength(4);
    expectManagedFields(daemon.metadata.managedFields, `[${applyEntry1}, ${createEntry(`{}`, false)}, {
		"manager": "update",
		"operation": "Update",
		"apiVersion": "apps/v1",
		"time": null,
		"fieldsType": "FieldsV1",
		"fieldsV1": {
			"f:metadata": {
				"f:annotations": {
				"f:deprecated.daemonset.template.generation": {}
				}
			},
			"f:spec": {
				"f:template": {
					"f:spec": {
						"f:containers": {
							"k:{\\"name\\":\\"nginx\\"}": {
								"f:env": {
									"k:{\\"name\\":\\"PATH\\"}": {}
								},
								"f:ports": {
									"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}": {}
								}
							}
						}
					}
				}
			}
		}
	}]`);

    // Replaces envvars and paths.
    ds = `
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: example-daemonset
  labels:
    app: example
spec:
  selector:
    matchLabels:
      app: example
  template:
    spec:
      containers:
        - name: nginx
          image: nginx
          ports:
            - name: port80
              containerPort: 80
          env:
            - name: PATH
              value: "/bin:/usr/bin:/usr/local/bin"
`;
    daemon = ok(await patch(ApplyPatchType, apps('daemonsets', 'example-daemonset'), ds, { fieldManager: 'apply', force: 'true' }), 'Failed to apply the second object');
    // HOME is removed, PATH is replaced with 1.
    expect(daemon.spec.template.spec.containers[0].env, 'Expected 2 EnvVars').toHaveLength(2);
    expect(daemon.spec.template.spec.containers[0].ports, 'Expected 2 Ports').toHaveLength(2);
    expectManagedFields(daemon.metadata.managedFields, `[{
		"manager": "apply",
		"operation": "Apply",
		"apiVersion": "apps/v1",
		"time": null,
		"fieldsType": "FieldsV1",
		"fieldsV1": {
			"f:metadata": {
				"f:labels": {
					"f:app": {}
				}
			},
			"f:spec": {
				"f:selector": {},
				"f:template": {
					"f:spec": {
						"f:containers": {
							"k:{\\"name\\":\\"nginx\\"}": {
								".": {},
								"f:env": {
									"k:{\\"name\\":\\"PATH\\"}": {
										".": {},
										"f:name": {},
										"f:value": {}
									}
								},
								"f:image": {},
								"f:name": {},
								"f:ports": {
									"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}": {
										".": {},
										"f:containerPort": {},
										"f:name": {}
									}
								}
							}
						}
					}
				}
			}
		}
	}, ${createEntry(`{}`, false)}, {
		"manager": "update",
		"operation": "Update",
		"apiVersion": "apps/v1",
		"time": null,
		"fieldsType": "FieldsV1",
		"fieldsV1": {
			"f:metadata": {
				"f:annotations": {
					"f:deprecated.daemonset.template.generation": {}
				}
			}
		}
	}]`);
  });
});

describe('scale_test.go', () => {
  const validAppsV1 = (kind: string) => `{
	    "apiVersion": "apps/v1",
	    "kind": "${kind}",
	    "metadata": {
	      "name": "test"
	    },
	    "spec": {
	      "replicas": 1,
	      "selector": {
	        "matchLabels": {
	           "app": "nginx"
	        }
	      },
	      "template": {
	        "metadata": {
	          "labels": {
	            "app": "nginx"
	          }
	        },
	        "spec": {
	          "containers": [{
	            "name":  "nginx",
	            "image": "nginx:latest"
	          }]
	        }
	      }
	    }
	  }`;

  const retrieveObject = async (prefix: string, resource: string) => ok(await get(`${prefix}/namespaces/default/${resource}/test`), 'Failed to retrieve object');

  function assertReplicasValue(obj: any, value: number) {
    expect(obj.spec?.replicas, 'Replicas field not found').toBeDefined();
    expect(obj.spec.replicas, `Expected replicas field value to be ${value}`).toBe(value);
  }

  /** Exactly these managers own f:spec.f:replicas. */
  function assertReplicasOwnership(obj: any, ...fieldManagers: string[]) {
    const seen = new Map(fieldManagers.map((m) => [m, false]));
    for (const managedField of obj.metadata.managedFields ?? []) {
      const spec = managedField.fieldsV1?.['f:spec'];
      if (spec === null || typeof spec !== 'object' || !('f:replicas' in spec)) continue;
      expect(seen.has(managedField.manager), `Unexpected field manager, found "${managedField.manager}", expected to be in: ${fieldManagers.join(', ')}\n${JSON.stringify(obj.metadata.managedFields)}`).toBe(true);
      seen.set(managedField.manager, true);
    }
    const missing = [...seen].filter(([, s]) => !s).map(([m]) => m);
    expect(missing, `replicas fields should be owned by ${missing.join(', ')}\n${JSON.stringify(obj.metadata.managedFields)}`).toEqual([]);
  }

  const tests = [
    { kind: 'Deployment', resource: 'deployments', path: '/apis/apps/v1', validObj: validAppsV1('Deployment') },
    { kind: 'StatefulSet', resource: 'statefulsets', path: '/apis/apps/v1', validObj: validAppsV1('StatefulSet') },
    { kind: 'ReplicaSet', resource: 'replicasets', path: '/apis/apps/v1', validObj: validAppsV1('ReplicaSet') },
  ];

  for (const test of tests) {
    it(`TestScaleAllResources/${test.kind}`, async () => {
      const objPath = `${test.path}/namespaces/default/${test.resource}/test`;
      const scalePath = `${objPath}/scale`;
      const validObject = test.validObj;

      // Create the object
      ok(await patch(ApplyPatchType, objPath, validObject, { fieldManager: 'apply_test' }), 'Failed to create object using apply');
      let obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 1);
      assertReplicasOwnership(obj, 'apply_test');

      // Call scale subresource to update replicas
      ok(await patch(MergePatchType, scalePath, `{"spec":{"replicas": 5}}`, { fieldManager: 'scale_test' }), 'Failed to scale object');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 5);
      assertReplicasOwnership(obj, 'scale_test');

      // Re-apply the original object, it should fail with conflict because replicas have changed
      expectConflict(await patch(ApplyPatchType, objPath, validObject, { fieldManager: 'apply_test' }), 'Expected conflict when re-applying the original object');

      // Re-apply forcing the changes should succeed
      ok(await patch(ApplyPatchType, objPath, validObject, { fieldManager: 'apply_test', force: 'true' }), 'Error force-updating');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 1);
      assertReplicasOwnership(obj, 'apply_test');

      // Run "Apply" with a scale object with a different number of replicas. It should generate a conflict.
      const scale17 = `{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"test","namespace":"default"},"spec":{"replicas":17}}`;
      const conflict = await patch(ApplyPatchType, scalePath, scale17, { fieldManager: 'apply_scale' });
      expectConflict(conflict, 'Expected conflict error');
      // err.Error() of a StatusError is its message.
      expect(conflict.json.message, 'Expected conflict with `apply_test` manager').toContain('apply_test');

      // Same as before but force. Only the new manager should own .spec.replicas
      ok(await patch(ApplyPatchType, scalePath, scale17, { fieldManager: 'apply_scale', force: 'true' }), 'Error updating object by applying scale and forcing');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 17);
      assertReplicasOwnership(obj, 'apply_scale');

      // Replace scale object
      const scale7 = `{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"test","namespace":"default"},"spec":{"replicas":7}}`;
      ok(await put(scalePath, scale7, { fieldManager: 'replace_test' }), 'Error replacing object');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 7);
      assertReplicasOwnership(obj, 'replace_test');

      // Apply the same number of replicas, both managers should own the field
      ok(await patch(ApplyPatchType, scalePath, scale7, { fieldManager: 'co_owning_test' }), 'Error updating object');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 7);
      assertReplicasOwnership(obj, 'replace_test', 'co_owning_test');

      // Scaling again should make this manager the only owner of replicas
      ok(await patch(MergePatchType, scalePath, `{"spec":{"replicas": 5}}`, { fieldManager: 'scale_test' }), 'Error scaling object');
      obj = await retrieveObject(test.path, test.resource);
      assertReplicasValue(obj, 5);
      assertReplicasOwnership(obj, 'scale_test');
    });
  }

  it('TestScaleUpdateOnlyStatus', async () => {
    const resource = 'deployments';
    const path = '/apis/apps/v1';
    const validObject = validAppsV1('Deployment');
    // Create the object
    ok(await patch(ApplyPatchType, `${path}/namespaces/default/${resource}/test`, validObject, { fieldManager: 'apply_test' }), 'Failed to create object using apply');
    let obj = await retrieveObject(path, resource);
    assertReplicasValue(obj, 1);
    assertReplicasOwnership(obj, 'apply_test');
    // Call scale subresource to update replicas
    ok(await patch(MergePatchType, `${path}/namespaces/default/${resource}/test/scale`, `{"status":{"replicas": 42}}`, { fieldManager: 'scale_test' }), 'Failed to scale object');
    obj = await retrieveObject(path, resource);
    assertReplicasValue(obj, 1);
    assertReplicasOwnership(obj, 'apply_test');
  });
});
