// The CRDs of cert-manager, the Gateway API and prometheus-operator with kubectl against `kapi serve`
// (issue 14's "Done when"): the released manifests apply server-side and are established, the
// sample custom resources of test/fixtures/crds create, validate (kube's field errors), prune
// (strict field validation first reports the unknown fields), default (on create and on read) and
// print their columns as each sample's `# expect:` lines say kube answers; the workloads scale
// through their scale subresource; deleting the manifests deletes the CRDs with their objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitYamlDocuments, yamlToJson } from '@kapi/apimachinery';
import { kubectl, kubectlPath, startKapiServe, type ServeProcess } from './kubectl.ts';

const samplesRoot = fileURLToPath(new URL('./fixtures/crds/', import.meta.url));
/** The projects' CRD manifests as released (fixtures README): ../shared/vectors/crds or KAPI_CRD_FIXTURES. */
const crdRoot = process.env.KAPI_CRD_FIXTURES ?? fileURLToPath(new URL('../../../../shared/vectors/crds/', import.meta.url));
const haveCrds = existsSync(crdRoot);
if (!haveCrds) console.warn(`skipped: the CRD manifests of the fixtures are not at ${crdRoot} (see apps/apiserver/test/fixtures/crds/README.md)`);
if (!kubectlPath) console.warn('kubectl is not on PATH: the CRD fixture tests are skipped');
const projects = ['cert-manager', 'gateway-api', 'prometheus-operator'] as const;

interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
}
interface Crd {
  metadata: { name: string };
  spec: { group: string; names: { kind: string; plural: string }; scope: string; versions: { name: string; additionalPrinterColumns?: PrinterColumn[] }[] };
}
interface Sample {
  obj: { apiVersion: string; kind: string; metadata: { name: string } };
  expect: string[];
  text: string;
}

const crdsOf = (project: string): Crd[] =>
  readdirSync(join(crdRoot, project))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => splitYamlDocuments(readFileSync(join(crdRoot, project, f), 'utf8')).map((d) => yamlToJson(d) as Crd));

const samplesOf = (project: string): Sample[] =>
  splitYamlDocuments(readFileSync(join(samplesRoot, project, 'samples.yaml'), 'utf8'))
    .map((text) => ({ obj: yamlToJson(text) as Sample['obj'] | null, expect: [...text.matchAll(/^# expect: (.*)$/gm)].map((m) => m[1]!), text }))
    .filter((s): s is Sample => s.obj !== null);

/** The value at a path written as the samples write it (`spec.rules[0].backendRefs[0].weight`). */
function at(obj: unknown, path: string): unknown {
  let v = obj;
  for (const part of path.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    if (v === null || typeof v !== 'object') return undefined;
    v = part.startsWith('[') ? (v as unknown[])[Number(part.slice(1, -1))] : (v as Record<string, unknown>)[part];
  }
  return v;
}

describe.skipIf(!haveCrds || !kubectlPath)('the CRDs of cert-manager, the Gateway API and prometheus-operator with kubectl', () => {
  let dir: string;
  let serve: ServeProcess;
  let server: string;
  const k = (...args: string[]) => kubectl(serve.kubeconfig, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-crd-fixtures-'));
    serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0']);
    server = /server: (\S+)/.exec(readFileSync(serve.kubeconfig, 'utf8'))![1]!;
  });
  afterAll(async () => {
    await serve?.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const project of projects) {
    describe(project, () => {
      const crds = haveCrds ? crdsOf(project) : [];
      const crdOf = (obj: Sample['obj']) => crds.find((c) => c.spec.group === obj.apiVersion.split('/')[0] && c.spec.names.kind === obj.kind)!;

      it('applies the released manifests server-side, and every CRD is established', async () => {
        // Server-side: prometheus-operator's CRDs are too large for the last-applied annotation, as in kube.
        const applied = await k('apply', '--server-side', '-f', join(crdRoot, project));
        expect(applied.stderr).toBe('');
        expect(applied.stdout.trim().split('\n').sort()).toEqual(crds.map((c) => `customresourcedefinition.apiextensions.k8s.io/${c.metadata.name} serverside-applied`).sort());
        const wait = await k('wait', '--for', 'condition=established', '--timeout=10s', ...crds.map((c) => `crd/${c.metadata.name}`));
        expect(wait.stderr).toBe('');
        expect(wait.stdout.trim().split('\n')).toHaveLength(crds.length);
        const resources = await k('api-resources', `--api-group=${crds[0]!.spec.group}`, '-o', 'name');
        for (const c of crds.filter((x) => x.spec.group === crds[0]!.spec.group)) expect(resources.stdout.split('\n')).toContain(c.metadata.name);
      });

      for (const [i, sample] of (haveCrds ? samplesOf(project) : []).entries()) {
        const errors = sample.expect.filter((e) => e.startsWith('error ')).map((e) => e.slice(6));
        const pruned = sample.expect.filter((e) => e.startsWith('pruned ')).map((e) => e.slice(7));
        const defaults = sample.expect.filter((e) => e.startsWith('default ')).map((e) => e.slice(8));
        const cells = sample.expect.find((e) => e.startsWith('cells '));
        const what = errors.length ? 'is refused with kube\'s field errors' : pruned.length ? 'is pruned (after strict validation reports it)' : defaults.length ? 'is defaulted' : 'is created as is';
        it(`${sample.obj.kind} ${sample.obj.metadata.name} ${what}`, async () => {
          const file = join(dir, `${project}-${i}.yaml`);
          writeFileSync(file, sample.text);
          const crd = crdOf(sample.obj);
          const resource = `${crd.spec.names.plural}.${crd.spec.group}`;
          if (errors.length > 0) {
            const refused = await k('create', '-f', file);
            expect(refused.code).not.toBe(0);
            expect(refused.stderr).toContain(`The ${sample.obj.kind} "${sample.obj.metadata.name}" is invalid`);
            for (const e of errors) expect(refused.stderr).toContain(e);
            expect((await k('get', resource, sample.obj.metadata.name)).stderr).toContain('NotFound');
            return;
          }
          if (pruned.length > 0) {
            const strict = await k('create', '-f', file);
            expect(strict.stderr).toContain('strict decoding error');
            for (const p of pruned) expect(strict.stderr).toContain(`unknown field "${p}"`);
          }
          const created = await k('create', ...(pruned.length > 0 ? ['--validate=false'] : []), '-f', file);
          expect(created.stderr).toBe('');
          const obj = JSON.parse((await k('get', resource, sample.obj.metadata.name, '-o', 'json')).stdout) as Record<string, unknown>;
          for (const p of pruned) expect(at(obj, p)).toBeUndefined();
          for (const d of defaults) {
            const [path, value] = d.split(' = ') as [string, string];
            expect(at(obj, path)).toEqual(JSON.parse(value));
          }
          if (cells) {
            // The row kube serves, but for the date columns (the server sets its own creationTimestamp).
            const ns = crd.spec.scope === 'Namespaced' ? '/namespaces/default' : '';
            const version = sample.obj.apiVersion.split('/')[1]!;
            const res = await fetch(`${server}/apis/${crd.spec.group}/${version}${ns}/${crd.spec.names.plural}/${sample.obj.metadata.name}`, {
              headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
            });
            const table = (await res.json()) as { columnDefinitions: { name: string; type: string }[]; rows: { cells: unknown[] }[] };
            const want = JSON.parse(cells.slice(6)) as unknown[];
            const dates = new Set(table.columnDefinitions.flatMap((c, j) => (c.type === 'date' || c.name === 'Age' ? [j] : [])));
            expect(table.rows[0]!.cells.filter((_, j) => !dates.has(j))).toEqual(want.filter((_, j) => !dates.has(j)));
          }
        });
      }

      if (project === 'prometheus-operator') {
        it('scales a Prometheus (its shards) and an Alertmanager (its replicas) through their scale subresource', async () => {
          for (const [kind, resource, path] of [
            ['Prometheus', 'prometheuses.monitoring.coreos.com', '.spec.shards'],
            ['Alertmanager', 'alertmanagers.monitoring.coreos.com', '.spec.replicas'],
          ] as const) {
            const sample = samplesOf(project).find((s) => s.obj.kind === kind && !s.expect.some((e) => e.startsWith('error ')))!;
            const name = sample.obj.metadata.name;
            expect((await k('scale', resource, name, '--replicas=3')).stdout.trim()).toBe(`${kind.toLowerCase()}.monitoring.coreos.com/${name} scaled`);
            expect((await k('get', resource, name, '-o', `jsonpath={${path}}`)).stdout).toBe('3');
          }
        });
      }

      it('deletes the CRDs with their objects', async () => {
        const deleted = await k('delete', '-f', join(crdRoot, project));
        expect(deleted.stderr).toBe('');
        expect(deleted.stdout.trim().split('\n')).toHaveLength(crds.length);
        const left = await k('get', 'crd', '-o', 'name');
        for (const c of crds) expect(left.stdout).not.toContain(c.metadata.name);
        expect((await k('api-resources', `--api-group=${crds[0]!.spec.group}`, '-o', 'name')).stdout.trim()).toBe('');
      });
    });
  }
});
