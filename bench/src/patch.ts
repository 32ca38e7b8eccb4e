// Patch engines on a Deployment of 50 containers × 20 env vars: the strategic merge patch
// `kubectl apply` sends (one container's image and one env var changed, with the $setElementOrder
// lists kubectl adds), applied and created, next to a JSON merge patch making the same change on
// the same objects (a merge patch replaces the containers list whole: the reference, not a limit
// the strategic engine can reach). The Deployment's patch metadata is read from the OpenAPI v3
// components the server publishes.
import { isDeepStrictEqual } from 'node:util';
import { deploymentKind } from '@kapi/api';
import { openAPIComponents, openAPIName } from '@kapi/apimachinery';
import {
  applyMergePatch,
  applyStrategicMergePatch,
  createMergePatch,
  createThreeWayJsonMergePatch,
  createThreeWayMergePatch,
  patchMetaFromOpenApiV3,
} from '@kapi/patch';
import { rate } from './measure.ts';

export interface PatchRow {
  what: string;
  opsPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
}

type Obj = Record<string, unknown>;

/** A Deployment as kube stores it: 50 containers, each with 20 env vars, ports and resources. */
function deployment(image: (i: number) => string, envValue: (i: number, j: number) => string): Obj {
  const containers = Array.from({ length: 50 }, (_, i) => ({
    name: `c${i}`,
    image: image(i),
    ports: [{ name: 'http', containerPort: 8080 + i, protocol: 'TCP' }],
    env: Array.from({ length: 20 }, (_, j) => ({ name: `VAR_${j}`, value: envValue(i, j) })),
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'IfNotPresent',
  }));
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'bench' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      template: {
        metadata: { labels: { app: 'bench' } },
        spec: { containers, restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30 },
      },
    },
  };
}

export async function benchPatch(): Promise<PatchRow[]> {
  const meta = patchMetaFromOpenApiV3(
    { components: { schemas: openAPIComponents([deploymentKind.schema]) } },
    openAPIName(deploymentKind.schema),
  );
  const image = (i: number) => `registry.example.com/team/app-${i}:1.2.${i}`;
  const value = (i: number, j: number) => `value-${i}-${j}`;
  const live = deployment(image, value);
  const lastApplied = deployment(image, value);
  // The new configuration: container c7 gets a new image and a new VAR_3.
  const config = deployment(
    (i) => (i === 7 ? 'registry.example.com/team/app-7:2.0.0' : image(i)),
    (i, j) => (i === 7 && j === 3 ? 'changed' : value(i, j)),
  );

  const smp = createThreeWayMergePatch(lastApplied, config, live, meta, { overwrite: true });
  const merge = createMergePatch(live, config) as Obj;
  // The engines must agree with each other before their speed means anything.
  const smpResult = applyStrategicMergePatch(live, smp, meta);
  if (!isDeepStrictEqual(smpResult, config) || !isDeepStrictEqual(applyMergePatch(live, merge), config)) {
    throw new Error('bench/patch: the patches do not produce the new configuration');
  }

  const applyLimit = rate(() => applyMergePatch(live, merge));
  const createLimit = rate(() => createThreeWayJsonMergePatch(lastApplied, config, live));
  return [
    {
      what: 'strategic merge patch apply, Deployment 50×20 (kubectl apply patch)',
      opsPerSec: rate(() => applyStrategicMergePatch(live, smp, meta)),
      limitName: 'JSON merge patch apply, same change',
      limitOpsPerSec: applyLimit,
    },
    {
      what: 'strategic three-way create, Deployment 50×20 (kubectl apply)',
      opsPerSec: rate(() => createThreeWayMergePatch(lastApplied, config, live, meta, { overwrite: true })),
      limitName: 'JSON merge patch three-way create, same objects',
      limitOpsPerSec: createLimit,
    },
  ];
}
