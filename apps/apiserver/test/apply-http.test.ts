// Server-side apply over HTTP: the answers a client sees for bad input, as kube-apiserver 1.33
// gives them (k8s.io/apiserver pkg/endpoints/handlers/patch.go, rest.go; k8s.io/apimachinery
// pkg/util/managedfields/internal versioncheck.go, structuredmerge.go; validation of PatchOptions in
// pkg/apis/meta/v1/validation), and what dryRun, subresources and managedFields requests do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const apply = 'application/apply-patch+yaml';

async function call(method: string, path: string, body?: string, contentType = apply): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': contentType, 'User-Agent': 'apply-http-test/1.0' },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const status = (code: number, message: string, reason?: string, details?: object) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  ...(reason ? { reason } : {}),
  ...(details ? { details } : {}),
  code,
});

const cm = (name: string, data: Record<string, string>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data });

describe('PatchOptions', () => {
  it('an apply without fieldManager is kube\'s 422 on PatchOptions', async () => {
    const r = await call('PATCH', `${cms}/a`, cm('a', { k: 'v' }));
    expect(r.status).toBe(422);
    expect(r.json).toEqual(
      status(422, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch', 'Invalid', {
        group: 'meta.k8s.io',
        kind: 'PatchOptions',
        causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }],
      }),
    );
  });

  it('force on another patch type is forbidden, even force=false', async () => {
    await call('PATCH', `${cms}/f?fieldManager=m`, cm('f', { k: 'v' }));
    const r = await call('PATCH', `${cms}/f?force=false`, '{"data":{"k":"w"}}', 'application/merge-patch+json');
    expect(r.status).toBe(422);
    expect(r.json.message).toBe('PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch');
  });

  it('a fieldManager over 128 bytes is invalid on apply as on any write', async () => {
    const r = await call('PATCH', `${cms}/long?fieldManager=${'m'.repeat(129)}`, cm('long', {}));
    expect(r.status).toBe(422);
    expect(r.json.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes');
  });
});

describe('the body', () => {
  it('YAML that is not an object, or not YAML, is a 400 with the decoder\'s message', async () => {
    const list = await call('PATCH', `${cms}/y?fieldManager=m`, '- a\n- b\n');
    expect(list.json).toEqual(
      status(400, 'error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}', 'BadRequest'),
    );
    const scalar = await call('PATCH', `${cms}/y?fieldManager=m`, 'foo');
    expect(scalar.json.message).toBe('error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type map[string]interface {}');
    const broken = await call('PATCH', `${cms}/y?fieldManager=m`, '{');
    expect(broken.status).toBe(400);
    expect(broken.json.message).toMatch(/^error decoding YAML: error converting YAML to JSON: yaml: line 1: /);
  });

  it('an empty body, or another kind or version than the resource\'s, is `invalid object type`', async () => {
    expect((await call('PATCH', `${cms}/e?fieldManager=m`, '')).json).toEqual(status(400, 'invalid object type: /, Kind=', 'BadRequest'));
    const secret = await call('PATCH', `${cms}/e?fieldManager=m`, '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"e"}}');
    expect(secret.json).toEqual(status(400, 'invalid object type: /v1, Kind=Secret', 'BadRequest'));
    const deploy = await call('PATCH', '/apis/apps/v1/namespaces/default/deployments/e?fieldManager=m', '{"apiVersion":"extensions/v1beta","kind":"Deployment","metadata":{"name":"e"}}');
    expect(deploy.json.message).toBe('invalid object type: extensions/v1beta, Kind=Deployment');
  });

  it('managedFields in an apply body are refused, even an empty list', async () => {
    const r = await call('PATCH', `${cms}/mf?fieldManager=m`, cm('mf', {}, { managedFields: [] }));
    expect(r.json).toEqual(status(400, 'metadata.managedFields must be nil', 'BadRequest'));
    // null reads as no managedFields.
    expect((await call('PATCH', `${cms}/mf?fieldManager=m`, cm('mf', {}, { managedFields: null }))).status).toBe(201);
  });

  it('a field the schema lacks is kube\'s 500 with the typed-object error', async () => {
    const r = await call('PATCH', `${cms}/u?fieldManager=m`, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'u' }, dta: { a: 'b' } }));
    expect(r.json).toEqual(status(500, 'failed to create typed patch object (/u; /v1, Kind=ConfigMap): .dta: field not declared in schema'));
  });

  it('a name or namespace that disagrees with the URL is a 400', async () => {
    expect((await call('PATCH', `${cms}/n1?fieldManager=m`, cm('n2', {}))).json).toEqual(
      status(400, 'the name of the object (n2) does not match the name on the URL (n1)', 'BadRequest'),
    );
    expect((await call('PATCH', `${cms}/n1?fieldManager=m`, cm('n1', {}, { namespace: 'other' }))).json).toEqual(
      status(400, 'the namespace of the provided object does not match the namespace sent on the request', 'BadRequest'),
    );
    expect((await call('GET', `${cms}/n1`)).status).toBe(404);
  });

  it('a uid on an apply that would create is a 409', async () => {
    const r = await call('PATCH', `${cms}/uid?fieldManager=m`, cm('uid', {}, { uid: '6b0cf9d6-0001-4a86-8a1c-6b7c1b7d2f11' }));
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Operation cannot be fulfilled on configmaps "uid": uid mismatch: the provided object specified uid 6b0cf9d6-0001-4a86-8a1c-6b7c1b7d2f11, and no existing object was found');
  });

  it('duplicate keys fail with fieldValidation=Strict and warn by default', async () => {
    const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dup\ndata:\n  a: "1"\n  a: "2"\n';
    const strict = await call('PATCH', `${cms}/dup?fieldManager=m&fieldValidation=Strict`, body);
    expect(strict.json).toEqual(
      status(400, 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "a" already set in map', 'BadRequest'),
    );
    const warn = await call('PATCH', `${cms}/dup?fieldManager=m`, body);
    expect(warn.status).toBe(201);
    expect(warn.json.data).toEqual({ a: '2' });
    expect(warn.headers.get('warning')).toContain('key \\"a\\" already set in map');
  });
});

describe('what apply does', () => {
  it('creates with 201, then answers 200; dryRun computes the answer and stores nothing', async () => {
    const dry = await call('PATCH', `${cms}/d?fieldManager=m&dryRun=All`, cm('d', { k: '1' }));
    expect(dry.status).toBe(201);
    expect(dry.json.metadata.managedFields).toHaveLength(1);
    expect((await call('GET', `${cms}/d`)).status).toBe(404);
    expect((await call('PATCH', `${cms}/d?fieldManager=m`, cm('d', { k: '1' }))).status).toBe(201);
    const again = await call('PATCH', `${cms}/d?fieldManager=m&dryRun=All`, cm('d', { k: '2' }));
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ k: '2' });
    expect((await call('GET', `${cms}/d`)).json.data).toEqual({ k: '1' });
  });

  it('removes the fields an applier stops sending, unless another manager owns them', async () => {
    await call('PATCH', `${cms}/r?fieldManager=a`, cm('r', { x: '1', y: '1', z: '1' }));
    await call('PATCH', `${cms}/r?fieldManager=b`, cm('r', { y: '1' }));
    const r = await call('PATCH', `${cms}/r?fieldManager=a`, cm('r', { x: '1' }));
    expect(r.json.data).toEqual({ x: '1', y: '1' });
  });

  it('a conflict names every field and manager; force takes them', async () => {
    await call('PATCH', `${cms}/c?fieldManager=a`, cm('c', { x: '1', y: '1' }));
    await call('PATCH', `${cms}/c?fieldManager=u`, '{"data":{"x":"2","y":"2"}}', 'application/merge-patch+json');
    const r = await call('PATCH', `${cms}/c?fieldManager=a`, cm('c', { x: '1', y: '1' }));
    expect(r.json).toEqual(
      status(409, 'Apply failed with 2 conflicts: conflicts with "u" using v1:\n- .data.x\n- .data.y', 'Conflict', {
        causes: [
          { reason: 'FieldManagerConflict', message: 'conflict with "u" using v1', field: '.data.x' },
          { reason: 'FieldManagerConflict', message: 'conflict with "u" using v1', field: '.data.y' },
        ],
      }),
    );
    const forced = await call('PATCH', `${cms}/c?fieldManager=a&force=true`, cm('c', { x: '1', y: '1' }));
    expect(forced.status).toBe(200);
    expect(forced.json.metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual(['a']);
  });

  // TestApplyGroupsManySeparateUpdates (test/integration/apiserver/apply), on a ConfigMap instead of
  // a ValidatingWebhookConfiguration: at most 10 Update entries; the oldest merge into ancient-changes.
  it('keeps at most 10 Update entries, merging the oldest into ancient-changes', async () => {
    await call('PATCH', `${cms}/many?fieldManager=apply_test`, cm('many', { base: 'x' }));
    let last: any;
    for (let i = 0; i < 20; i++) {
      last = await call('PATCH', `${cms}/many?fieldManager=updater${i}`, JSON.stringify({ data: { [`k${i}`]: 'v' } }), 'application/merge-patch+json');
      expect(last.status).toBe(200);
    }
    const entries = last.json.metadata.managedFields as { manager: string; operation: string; fieldsV1: Record<string, any> }[];
    expect(entries).toHaveLength(11);
    expect(entries[0]!.manager).toBe('apply_test');
    // Which updaters merge depends on their times to the second, then their names.
    const ancient = entries.find((e) => e.manager === 'ancient-changes')!;
    expect(ancient.operation).toBe('Update');
    const kept = entries.filter((e) => e.manager.startsWith('updater')).map((e) => e.manager);
    expect(kept).toHaveLength(9);
    const owned = (e: { fieldsV1: Record<string, any> }) => Object.keys(e.fieldsV1['f:data'] ?? {});
    // Nothing is lost: the 20 keys are owned by the kept updaters and ancient-changes together.
    expect([...owned(ancient), ...entries.filter((e) => e.manager.startsWith('updater')).flatMap(owned)].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `f:k${i}`).sort(),
    );
  });

  it('a Service created by apply gets its cluster IP, node ports and health check port, as a created one does', async () => {
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'lb' },
      spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local', selector: { app: 'x' }, ports: [{ port: 80 }] },
    };
    const r = await call('PATCH', '/api/v1/namespaces/default/services/lb?fieldManager=m', JSON.stringify(svc));
    expect(r.status).toBe(201);
    expect(r.json.spec.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(r.json.spec.clusterIPs).toEqual([r.json.spec.clusterIP]);
    expect(r.json.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(r.json.spec.healthCheckNodePort).toBeGreaterThanOrEqual(30000);
    expect(r.json.spec.healthCheckNodePort).not.toBe(r.json.spec.ports[0].nodePort);
    // The allocated values are nobody's: the applier owns what it sent.
    expect(r.json.metadata.managedFields[0].fieldsV1['f:spec']['f:clusterIP']).toBeUndefined();
  });

  it('the manager of a write without fieldManager is the User-Agent up to its first slash', async () => {
    const r = await call('POST', cms, cm('ua', { k: 'v' }), 'application/json');
    expect(r.json.metadata.managedFields[0].manager).toBe('apply-http-test');
  });

  it('applies to status: the status strategy keeps the spec, and the entry records the subresource', async () => {
    const nodes = '/api/v1/nodes';
    await call('PATCH', `${nodes}/n?fieldManager=admin`, JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { podCIDR: '10.0.0.0/24' } }));
    const r = await call(
      'PATCH',
      `${nodes}/n/status?fieldManager=kubelet`,
      JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: true }, status: { phase: 'Running' } }),
    );
    expect(r.status).toBe(200);
    expect(r.json.spec).toEqual({ podCIDR: '10.0.0.0/24' });
    expect(r.json.status.phase).toBe('Running');
    const entry = r.json.metadata.managedFields.find((e: { manager: string }) => e.manager === 'kubelet');
    expect(entry).toMatchObject({ operation: 'Apply', apiVersion: 'v1', subresource: 'status', fieldsV1: { 'f:status': { 'f:phase': {} } } });
    expect((await call('PATCH', `${nodes}/missing/status?fieldManager=kubelet`, JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'missing' } }))).status).toBe(404);
  });
});
