// Records the protobuf request bodies kubectl sends for its generator commands, for the golden tests.
// Run once (the bytes are committed): node --import tsx packages/api/test/golden/capture.ts [kubectl]
// It starts a recording server on 127.0.0.1 that answers just enough discovery for kubectl to POST.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const kubectl = process.argv[2] ?? 'kubectl';
const outDir = join(dirname(fileURLToPath(import.meta.url)), 'kubectl-1.32');

const resource = (resource: string, kind: string, group: string, scope: 'Namespaced' | 'Cluster') => ({
  resource,
  responseKind: { group, version: 'v1', kind },
  scope,
  singularResource: resource.replace(/s$/, ''),
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
});
const discovery = (items: unknown[]) => ({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items });
const core = discovery([
  {
    metadata: {},
    versions: [
      {
        version: 'v1',
        freshness: 'Current',
        resources: [
          resource('configmaps', 'ConfigMap', '', 'Namespaced'),
          resource('secrets', 'Secret', '', 'Namespaced'),
          resource('namespaces', 'Namespace', '', 'Cluster'),
        ],
      },
    ],
  },
]);
const apps = discovery([
  { metadata: { name: 'apps' }, versions: [{ version: 'v1', freshness: 'Current', resources: [resource('deployments', 'Deployment', 'apps', 'Namespaced')] }] },
]);

const bodies = new Map<string, Buffer>();
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (code: number, body: unknown, type = 'application/json') => {
      res.writeHead(code, { 'Content-Type': type });
      res.end(JSON.stringify(body));
    };
    const agg = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    if (url.pathname === '/api') return json(200, core, agg);
    if (url.pathname === '/apis') return json(200, apps, agg);
    if (req.method === 'POST') {
      const resourceName = url.pathname.split('/').filter(Boolean).at(-1)!;
      bodies.set(resourceName, Buffer.concat(chunks));
      if (req.headers['content-type'] !== 'application/vnd.kubernetes.protobuf') throw new Error(`not protobuf: ${req.headers['content-type']}`);
      return json(201, { metadata: { name: 'recorded' } });
    }
    json(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404, reason: 'NotFound' });
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const dir = mkdtempSync(join(tmpdir(), 'capture-'));
const kubeconfig = join(dir, 'kubeconfig');
writeFileSync(
  kubeconfig,
  `apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:${(server.address() as AddressInfo).port}"}}]\ncontexts: [{name: c, context: {cluster: c, user: u, namespace: default}}]\ncurrent-context: c\nusers: [{name: u, user: {}}]\n`,
);
// Asynchronous: the recording server runs in this process.
const run = (args: string[]) => promisify(execFile)(kubectl, [`--kubeconfig=${kubeconfig}`, `--cache-dir=${join(dir, 'cache')}`, '--validate=false', ...args]);
await run(['create', 'configmap', 'golden-cm', '--from-literal=greeting=hello', '--from-literal=target=world']);
await run(['create', 'secret', 'generic', 'golden-secret', '--from-literal=password=s3cr3t']);
await run(['create', 'namespace', 'golden-ns']);
await run(['create', 'deployment', 'golden-deploy', '--image=nginx:1.27', '--replicas=2']);
server.close();
for (const [name, body] of bodies) writeFileSync(join(outDir, `${name}.pb`), body);
process.stdout.write(`${[...bodies.keys()].join(' ')}\n`);
