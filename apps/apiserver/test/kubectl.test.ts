// What a new user does with kubectl against `kapi serve` (issue 2's "Done when"), on SQLite and on etcd.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { eventually, kubectl, kubectlPath, kubectlWatch, startKapiServe, versionedKubectl, type ServeProcess } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the kubectl end-to-end tests are skipped');

const manifest = `apiVersion: v1
kind: ConfigMap
metadata:
  name: demo
data:
  greeting: hello
  target: world
`;

/** The walk of the issue: create -f, get, get -o yaml, get -w, delete, create ns, get ns, errors. */
function userSession(label: string, serveArgs: () => string[]) {
  describe.skipIf(!kubectlPath)(`kubectl against kapi serve (${label})`, () => {
    let serve: ServeProcess;
    let dir: string;
    let file: string;
    const k = (...args: string[]) => kubectl(serve.kubeconfig, args);

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'kapi-e2e-'));
      file = join(dir, 'cm.yaml');
      writeFileSync(file, manifest);
      serve = await startKapiServe([...serveArgs(), '--data-dir', join(dir, 'data'), '--port', '0']);
    });
    afterAll(async () => {
      await serve?.interrupt();
      rmSync(dir, { recursive: true, force: true });
    });

    it('creates from a file and reads it back as a table and as YAML', async () => {
      const created = await k('create', '-f', file);
      expect(created.stderr).toBe('');
      expect(created.stdout.trim()).toBe('configmap/demo created');
      const table = await k('get', 'cm');
      expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+DATA\s+AGE$/);
      expect(table.stdout).toMatch(/^demo\s+2\s+\d+s$/m);
      const yaml = await k('get', 'cm', 'demo', '-o', 'yaml');
      expect(yaml.stdout).toContain('greeting: hello');
      expect(yaml.stdout).toMatch(/resourceVersion: "\d+"/);
      expect(yaml.stdout).toMatch(/uid: [0-9a-f-]{36}/);
    });

    it('prints kube’s NotFound and AlreadyExists errors', async () => {
      const missing = await k('get', 'cm', 'nope');
      expect(missing.code).not.toBe(0);
      expect(missing.stderr.trim()).toBe('Error from server (NotFound): configmaps "nope" not found');
      const again = await k('create', '-f', file);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain(`Error from server (AlreadyExists): error when creating "${file}": configmaps "demo" already exists`);
    });

    it('validates on the server through OpenAPI v3: unknown fields fail, or warn with --validate=warn', async () => {
      const bad = join(dir, 'bad.yaml');
      writeFileSync(bad, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndta:\n  a: b\n');
      const strict = await k('create', '-f', bad);
      expect(strict.code).not.toBe(0);
      expect(strict.stderr).toContain('strict decoding error: unknown field "dta"');
      const warn = await k('create', '-f', bad, '--validate=warn');
      expect(warn.code).toBe(0);
      expect(warn.stderr).toContain('Warning: unknown field "dta"');
      expect((await k('delete', 'cm', 'bad')).code).toBe(0);
    });

    it('explains kinds from the served OpenAPI v3', async () => {
      const r = await k('explain', 'configmap.data');
      expect(r.stdout).toContain('KIND:       ConfigMap');
      expect(r.stdout).toMatch(/FIELD:\s+data <map\[string\]string>/);
    });

    it('creates a deployment (protobuf on kubectl ≥ 1.32) that reads back with kube\'s defaults and columns', async () => {
      expect((await k('create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2')).stdout.trim()).toBe('deployment.apps/web created');
      const table = await k('get', 'deploy');
      expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
      expect(table.stdout).toMatch(/^web\s+0\/2\s+0\s+0\s+\d+s$/m);
      const defaults = await k('get', 'deploy', 'web', '-o', 'jsonpath={.spec.strategy.rollingUpdate.maxSurge} {.spec.revisionHistoryLimit} {.spec.template.spec.containers[0].imagePullPolicy} {.metadata.generation}');
      expect(defaults.stdout).toBe('25% 10 IfNotPresent 1');
      const explain = await k('explain', 'deployment.spec.template.spec.containers.ports');
      expect(explain.stdout).toContain('containerPort');
      // describe reads replicasets by label selector and events by involvedObject field selectors.
      const describe = await k('describe', 'deploy', 'web');
      expect(describe.code).toBe(0);
      expect(describe.stdout).toMatch(/^Replicas:\s+2 desired \| 0 updated \| 0 total \| 0 available \| 0 unavailable$/m);
      expect(describe.stdout).toMatch(/^Events:\s+<none>$/m);
      // kubectl scale patches the scale subresource; the owner's replicas and generation move.
      expect((await k('scale', 'deploy', 'web', '--replicas=4')).stdout.trim()).toBe('deployment.apps/web scaled');
      expect((await k('get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas} {.metadata.generation}')).stdout).toBe('4 2');
      const scale = JSON.parse((await k('get', '--raw', '/apis/apps/v1/namespaces/default/deployments/web/scale')).stdout);
      expect(scale).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 4 }, status: { replicas: 0, selector: 'app=web' } });
      // kube's printScale Table.
      expect((await k('get', 'deploy', 'web', '--subresource=scale')).stdout).toMatch(/^NAME\s+DESIRED\s+AVAILABLE\s+AGE\nweb\s+4\s+0\s+\d+s\n$/);
      expect((await k('delete', 'deploy', 'web')).code).toBe(0);
    });

    it('updates with apply, set image and every patch type; a bad patch gets kube\'s errors', async () => {
      const deployment = join(dir, 'deploy.yaml');
      const spec = (image: string, value: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: patched
spec:
  selector:
    matchLabels: {app: patched}
  template:
    metadata:
      labels: {app: patched}
    spec:
      containers:
      - name: app
        image: ${image}
        env: [{name: MODE, value: "${value}"}]
      - name: side
        image: busybox
`;
      writeFileSync(deployment, spec('nginx:1.25', 'a'));
      expect((await k('apply', '-f', deployment)).stdout.trim()).toBe('deployment.apps/patched created');
      writeFileSync(deployment, spec('nginx:1.27', 'b'));
      expect((await k('apply', '-f', deployment)).stdout.trim()).toBe('deployment.apps/patched configured');
      expect((await k('set', 'image', 'deploy/patched', 'side=busybox:1.36')).stdout.trim()).toBe('deployment.apps/patched image updated');
      const jsonPatch = await k('patch', 'deploy', 'patched', '--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":3}]');
      expect(jsonPatch.stdout.trim()).toBe('deployment.apps/patched patched');
      expect((await k('patch', 'deploy', 'patched', '--type=merge', '-p', '{"metadata":{"labels":{"tier":"web"}}}')).code).toBe(0);
      const got = await k('get', 'deploy', 'patched', '-o', 'jsonpath={.spec.replicas} {.spec.template.spec.containers[*].image} {.spec.template.spec.containers[0].env[0].value} {.metadata.labels.tier} {.metadata.generation}');
      expect(got.stdout).toBe('3 nginx:1.27 busybox:1.36 b web 4');
      // A failed JSON Patch test is kube's generic 422; a list item without its merge key is its 500.
      const failedTest = await k('patch', 'deploy', 'patched', '--type=json', '-p', '[{"op":"test","path":"/spec/replicas","value":9}]');
      expect(failedTest.stderr.trim()).toBe('The request is invalid: the server rejected our request due to an error in our request');
      const noKey = await k('patch', 'deploy', 'patched', '-p', '{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}');
      expect(noKey.stderr.trim()).toBe('Error from server: map: map[image:x] does not contain declared merge key: name');
      expect((await k('delete', 'deploy', 'patched')).code).toBe(0);
    });

    it('watches: get cm -w shows a later change', async () => {
      const w = kubectlWatch(serve.kubeconfig, ['get', 'cm', '-w']);
      try {
        // The header and what is there (kube-root-ca.crt, the root CA publisher's, at least): listed.
        await w.waitFor(2);
        expect((await k('create', 'cm', 'later', '--from-literal=a=b')).code).toBe(0);
        expect(await eventually(async () => w.lines.some((l) => l.startsWith('later')))).toBe(true);
        expect(w.lines.find((l) => l.startsWith('later'))).toMatch(/^later\s+1\s+\d+s$/);
      } finally {
        w.stop();
      }
    });

    it('creates a secret from literals (protobuf on kubectl ≥ 1.32) and lists it with its type', async () => {
      expect((await k('create', 'secret', 'generic', 'creds', '--from-literal=password=s3cr3t')).stdout.trim()).toBe('secret/creds created');
      expect((await k('get', 'secrets')).stdout).toMatch(/^creds\s+Opaque\s+1\s+\d+s$/m);
      const value = await k('get', 'secret', 'creds', '-o', 'jsonpath={.data.password}');
      expect(Buffer.from(value.stdout, 'base64').toString()).toBe('s3cr3t');
    });

    it('deletes, and creates and lists namespaces (kubectl ≥ 1.32 sends protobuf here)', async () => {
      expect((await k('delete', 'cm', 'demo')).stdout.trim()).toBe('configmap "demo" deleted');
      expect((await k('get', 'cm', 'demo')).code).not.toBe(0);
      expect((await k('create', 'ns', 'team-a')).stdout.trim()).toBe('namespace/team-a created');
      const ns = await k('get', 'ns');
      expect(ns.stdout).toMatch(/^team-a\s+Active\s+\d+s$/m);
      expect(ns.stdout).toMatch(/^default\s+Active/m);
    });
  });
}

userSession('SQLite', () => []);

describe.skipIf(!kubectlPath)('kapi serve keeps SQLite data across a restart and stops cleanly on Ctrl-C', () => {
  it('data created before a restart is there after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kapi-restart-'));
    try {
      const first = await startKapiServe(['--data-dir', dir, '--port', '0']);
      expect((await kubectl(first.kubeconfig, ['create', 'cm', 'kept', '--from-literal=k=v'])).code).toBe(0);
      const rv = (await kubectl(first.kubeconfig, ['get', 'cm', 'kept', '-o', 'jsonpath={.metadata.resourceVersion}'])).stdout;
      // Ctrl-C with a watch open: the server ends the stream, exits 0, and kubectl ends quietly.
      const w = kubectlWatch(first.kubeconfig, ['get', 'cm', '-w']);
      await w.waitFor(2);
      const watchExit = new Promise<number | null>((r) => w.child.once('exit', (code) => r(code)));
      expect(await first.interrupt()).toBe(0);
      expect(await watchExit).toBe(0);
      const second = await startKapiServe(['--data-dir', dir, '--port', '0']);
      const got = await kubectl(second.kubeconfig, ['get', 'cm', 'kept', '-o', 'jsonpath={.data.k} {.metadata.resourceVersion}']);
      expect(got.stdout).toBe(`v ${rv}`);
      expect((await kubectl(second.kubeconfig, ['create', 'cm', 'after', '--from-literal=k=v'])).code).toBe(0);
      const after = (await kubectl(second.kubeconfig, ['get', 'cm', 'after', '-o', 'jsonpath={.metadata.resourceVersion}'])).stdout;
      expect(Number(after)).toBeGreaterThan(Number(rv));
      expect(await second.interrupt()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

let etcd: EtcdServer | undefined;
describe('on etcd', () => {
  beforeAll(async () => {
    etcd = await startEtcd();
  });
  afterAll(async () => {
    await etcd?.stop();
  });
  userSession('etcd', () => ['--storage', 'etcd', '--etcd-servers', etcd!.endpoints.join(',')]);
});

describe.skipIf(!kubectlPath)('kubectl versions 1.27 to 1.33', () => {
  let serve: ServeProcess;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-matrix-'));
    serve = await startKapiServe(['--data-dir', dir, '--port', '0']);
  });
  afterAll(async () => {
    await serve.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const minor of [27, 28, 29, 30, 31, 32, 33]) {
    it.skipIf(!versionedKubectl(minor))(`kubectl 1.${minor}: create cm, get cm, delete cm`, async () => {
      const bin = versionedKubectl(minor)!;
      const name = `v1-${minor}`;
      const created = await kubectl(serve.kubeconfig, ['create', 'cm', name, '--from-literal=a=b'], bin);
      expect(created.stderr).toBe('');
      expect(created.stdout.trim()).toBe(`configmap/${name} created`);
      const got = await kubectl(serve.kubeconfig, ['get', 'cm', name], bin);
      expect(got.stdout).toMatch(new RegExp(`^${name}\\s+1\\s+\\d+s$`, 'm'));
      expect((await kubectl(serve.kubeconfig, ['delete', 'cm', name], bin)).code).toBe(0);
    });

    // 1.27 and 1.28 read /openapi/v2 (protobuf) for apply and explain; later ones read v3.
    it.skipIf(!versionedKubectl(minor))(`kubectl 1.${minor}: apply -f creates then updates, explain reads the served OpenAPI`, async () => {
      const bin = versionedKubectl(minor)!;
      const file = join(dir, `apply-${minor}.yaml`);
      writeFileSync(file, manifest.replace('name: demo', `name: applied-${minor}`));
      const applied = await kubectl(serve.kubeconfig, ['apply', '-f', file], bin);
      expect(applied.stderr).toBe('');
      expect(applied.stdout.trim()).toBe(`configmap/applied-${minor} created`);
      // The second apply sends a strategic merge patch built from the last-applied annotation.
      writeFileSync(file, manifest.replace('name: demo', `name: applied-${minor}`).replace('target: world', 'target: moon'));
      const reapplied = await kubectl(serve.kubeconfig, ['apply', '-f', file], bin);
      expect(reapplied.stderr).toBe('');
      expect(reapplied.stdout.trim()).toBe(`configmap/applied-${minor} configured`);
      expect((await kubectl(serve.kubeconfig, ['get', 'cm', `applied-${minor}`, '-o', 'jsonpath={.data.target}'], bin)).stdout).toBe('moon');
      const explained = await kubectl(serve.kubeconfig, ['explain', 'deployment.spec.template.spec.containers.ports'], bin);
      expect(explained.stderr).toBe('');
      expect(explained.stdout).toMatch(/containerPort\s+<integer>/);
      expect(explained.stdout).toMatch(/protocol\s+<string>/);
    });
  }
});
