import { deploymentKind } from '@kapi/api';
import { openAPIComponents, openAPIName } from '@kapi/apimachinery';
import { applyStrategicMergePatch, patchMetaFromOpenApiV3 } from '@kapi/patch';
import { createFieldManager, createTypeConverter } from '@kapi/patch/managedfields';
type Obj = Record<string, unknown>;
function deployment(version: number): Obj {
  const containers = Array.from({ length: 50 }, (_, i) => ({
    name: `c${i}`,
    image: i === 7 ? `registry.example.com/team/app-7:2.0.${version}` : `registry.example.com/team/app-${i}:1.2.${i}`,
    ports: [{ name: 'http', containerPort: 8080 + i, protocol: 'TCP' }],
    env: Array.from({ length: 20 }, (_, j) => ({ name: `VAR_${j}`, value: `value-${i}-${j}` })),
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
  }));
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'bench' } }, template: { metadata: { labels: { app: 'bench' } }, spec: { containers } } } };
}
const schemas = openAPIComponents([deploymentKind.schema]);
const meta = patchMetaFromOpenApiV3({ components: { schemas } }, openAPIName(deploymentKind.schema));
const fm = createFieldManager({ typeConverter: createTypeConverter(schemas), apiVersion: 'apps/v1', kind: 'Deployment' });
let live = fm.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {} }, deployment(0), 'bench', false);
live.metadata!.uid = 'u';
const mode = process.argv[2];
const t0 = performance.now();
for (let i = 0; i < 100; i++) {
  if (mode === 'smp') fm.update(live, applyStrategicMergePatch(live, { spec: { template: { spec: { containers: [{ name: 'c7', image: `x:${i}` }] } } } }, meta) as never, 'bench-smp');
  else fm.apply(live, deployment(1 + (i % 2)), 'bench', false);
}
console.log(mode, (performance.now() - t0) / 100, 'ms/op');
