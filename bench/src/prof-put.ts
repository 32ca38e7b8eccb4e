import { startTestServer } from '@kapi/apiserver/testing';
type Obj = Record<string, unknown>;
function small(version: number): Obj {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'big', namespace: 'default', labels: { app: 'web' } },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [
      { name: 'web', image: `nginx:1.27.${version}`, ports: [{ containerPort: 80 }], readinessProbe: { httpGet: { path: '/', port: 80 } }, resources: { requests: { cpu: '100m', memory: '128Mi' } } }] } } } };
}
function deployment(version: number): Obj {
  if (process.argv[3] === 'small') return small(version);
  const containers = Array.from({ length: 50 }, (_, i) => ({
    name: `c${i}`, image: i === 7 ? `registry.example.com/team/app-7:2.0.${version}` : `registry.example.com/team/app-${i}:1.2.${i}`,
    ports: [{ name: 'http', containerPort: 8080 + i, protocol: 'TCP' }],
    env: Array.from({ length: 20 }, (_, j) => ({ name: `VAR_${j}`, value: `value-${i}-${j}` })),
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
  }));
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'bench' } }, template: { metadata: { labels: { app: 'bench' } }, spec: { containers } } } };
}
const track = process.argv[2] !== 'off';
const N = process.argv[3] === 'small' ? 3000 : 200;
const s = await startTestServer({ trackManagedFields: track });
const path = '/apis/apps/v1/namespaces/default/deployments';
await fetch(s.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(deployment(0)) });
console.log('body bytes', JSON.stringify(deployment(0)).length);
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const r = await fetch(`${s.url}${path}/big`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(deployment(i + 1)) });
  await r.text();
}
console.log(track ? 'tracked' : 'untracked', (performance.now() - t0) / N, 'ms/PUT');
await s.stop();
