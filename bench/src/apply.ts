// Server-side apply and managedFields tracking, measured against the operations they are compared
// with in the issue that built them: an apply of a change to a Deployment of 50 containers × 20 env
// vars next to the strategic merge patch of the same change (goal ≥ 0.5×), and plain updates with
// managedFields tracking next to the same updates on a server that does not track them (goal ≥ 0.8×).
// Both through HTTP against a real server (in-memory SQLite), and the engines alone.
import { deploymentKind } from '@kapi/api';
import { openAPIComponents, openAPIName } from '@kapi/apimachinery';
import { startTestServer, type TestServer } from '@kapi/apiserver/testing';
import { applyStrategicMergePatch, patchMetaFromOpenApiV3 } from '@kapi/patch';
import { createFieldManager, createTypeConverter } from '@kapi/patch/managedfields';
import { measure, rate } from './measure.ts';

export interface ApplyRow {
  what: string;
  opsPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
  target?: number;
}

type Obj = Record<string, unknown>;

function deployment(version: number): Obj {
  const containers = Array.from({ length: 50 }, (_, i) => ({
    name: `c${i}`,
    image: i === 7 ? `registry.example.com/team/app-7:2.0.${version}` : `registry.example.com/team/app-${i}:1.2.${i}`,
    ports: [{ name: 'http', containerPort: 8080 + i, protocol: 'TCP' }],
    env: Array.from({ length: 20 }, (_, j) => ({ name: `VAR_${j}`, value: `value-${i}-${j}` })),
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
  }));
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'bench' } },
      template: { metadata: { labels: { app: 'bench' } }, spec: { containers } },
    },
  };
}

/** A Deployment as most are: one container with a port, a probe and resources. */
function smallDeployment(version: number): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'small', namespace: 'default', labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'web',
              image: `nginx:1.27.${version}`,
              ports: [{ containerPort: 80 }],
              readinessProbe: { httpGet: { path: '/', port: 80 } },
              resources: { requests: { cpu: '100m', memory: '128Mi' } },
            },
          ],
        },
      },
    },
  };
}

/** The strategic merge patch that makes the same change as applying deployment(version). */
function imagePatch(version: number): Obj {
  return { spec: { template: { spec: { containers: [{ name: 'c7', image: `registry.example.com/team/app-7:2.0.${version}` }] } } } };
}

async function call(url: string, method: string, contentType: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method, headers: { 'Content-Type': contentType }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`bench/apply: ${method} ${url}: ${res.status} ${text}`);
}

/** The engines alone: fieldManager.apply against strategic merge patch + the managedFields update of a patch. */
function engines(): ApplyRow {
  const schemas = openAPIComponents([deploymentKind.schema]);
  const meta = patchMetaFromOpenApiV3({ components: { schemas } }, openAPIName(deploymentKind.schema));
  const fm = createFieldManager({ typeConverter: createTypeConverter(schemas), apiVersion: 'apps/v1', kind: 'Deployment' });
  let live = fm.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {} }, deployment(0), 'bench', false);
  live.metadata!.uid = 'u';
  const configs = [deployment(1), deployment(2)];
  const patches = [imagePatch(1), imagePatch(2)];
  const apply = rate((i) => fm.apply(live, configs[i % 2]!, 'bench', false));
  const smp = rate((i) => fm.update(live, applyStrategicMergePatch(live, patches[i % 2]!, meta) as never, 'bench-smp'));
  live = fm.apply(live, configs[0]!, 'bench', false);
  return {
    what: 'SSA engine: fieldManager.apply, Deployment 50×20, one image changed',
    opsPerSec: apply,
    limitName: 'strategic merge patch apply + managedFields update, same change',
    limitOpsPerSec: smp,
    target: 0.5,
  };
}

export async function benchApply(): Promise<ApplyRow[]> {
  const rows: ApplyRow[] = [engines()];
  const servers: TestServer[] = [];
  try {
    const tracked = await startTestServer();
    servers.push(tracked);
    const untracked = await startTestServer({ trackManagedFields: false });
    servers.push(untracked);
    const deployPath = '/apis/apps/v1/namespaces/default/deployments';

    // Apply vs strategic merge patch of the same change, through HTTP.
    await call(`${tracked.url}${deployPath}/big?fieldManager=bench`, 'PATCH', 'application/apply-patch+yaml', deployment(0));
    const applyRate = await measure(400, 4, (i) =>
      call(`${tracked.url}${deployPath}/big?fieldManager=bench`, 'PATCH', 'application/apply-patch+yaml', deployment(1 + (i % 2))),
    );
    const smpRate = await measure(400, 4, (i) =>
      call(`${tracked.url}${deployPath}/big?fieldManager=bench-smp`, 'PATCH', 'application/strategic-merge-patch+json', imagePatch(1 + (i % 2))),
    );
    rows.push({
      what: 'HTTP PATCH apply-patch+yaml, Deployment 50×20, one image changed',
      opsPerSec: applyRate,
      limitName: 'HTTP PATCH strategic-merge-patch, same change',
      limitOpsPerSec: smpRate,
      target: 0.5,
    });

    // Plain updates with and without managedFields tracking.
    for (const [what, make, path] of [
      ['ConfigMap', (i: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { k: `v${i}` } }), '/api/v1/namespaces/default/configmaps'],
      ['Deployment, 1 container (typical)', (i: number) => smallDeployment(i), deployPath],
      ['Deployment 50×20', (i: number) => deployment(i), deployPath],
    ] as const) {
      const name = (make(0) as { metadata: { name: string } }).metadata.name;
      if (name !== 'big') await call(`${tracked.url}${path}`, 'POST', 'application/json', make(0));
      await call(`${untracked.url}${path}`, 'POST', 'application/json', make(0));
      // Three alternating rounds, the best of each side: the machine is shared and noisy.
      const figures = [0, 0];
      let i = 1;
      for (let round = 0; round < 3; round++) {
        for (const [side, server] of [tracked, untracked].entries()) {
          const rate = await measure(what === 'Deployment 50×20' ? 150 : 800, 4, () => call(`${server.url}${path}/${name}`, 'PUT', 'application/json', make(i++)));
          figures[side] = Math.max(figures[side]!, rate);
        }
      }
      rows.push({
        what: `HTTP PUT ${what}, managedFields tracked`,
        opsPerSec: figures[0]!,
        limitName: 'same PUTs, server without tracking',
        limitOpsPerSec: figures[1]!,
        target: 0.8,
      });
    }
  } finally {
    for (const s of servers) await s.stop();
  }
  return rows;
}
