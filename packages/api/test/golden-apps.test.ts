// The protobuf body kubectl 1.32 sends for `kubectl create deployment golden-deploy --image=nginx:1.27
// --replicas=2` (recorded by golden/capture.ts) decodes to the right Deployment and re-encodes to the
// same bytes: every non-pointer field gogo writes (down to the container's ports and probes) is declared.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage, encodeEnvelope, encodeMessage } from '@kapi/apimachinery';
import { deploymentKind } from '../src/apps/v1/index.ts';

const file = join(dirname(fileURLToPath(import.meta.url)), 'golden', 'kubectl-1.32', 'deployments.pb');

describe('golden protobuf body of kubectl 1.32 create deployment', () => {
  const bytes = new Uint8Array(readFileSync(file));
  const env = decodeEnvelope(bytes);

  it('is an apps/v1 Deployment in a k8s envelope', () => {
    expect({ apiVersion: env.apiVersion, kind: env.kind, contentEncoding: env.contentEncoding, contentType: env.contentType }).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      contentEncoding: '',
      contentType: '',
    });
  });

  it('decodes to the Deployment kubectl built', () => {
    expect(decodeMessage(deploymentKind.proto, env.raw)).toEqual({
      metadata: { name: 'golden-deploy', labels: { app: 'golden-deploy' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'golden-deploy' } },
        template: {
          metadata: { labels: { app: 'golden-deploy' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', resources: {} }] },
        },
        strategy: {},
      },
      status: {},
    });
  });

  it('re-encodes byte for byte', () => {
    const decoded = decodeMessage(deploymentKind.proto, env.raw);
    expect(Buffer.from(encodeEnvelope(env.apiVersion, env.kind, encodeMessage(deploymentKind.proto, decoded))).toString('hex')).toBe(
      Buffer.from(bytes).toString('hex'),
    );
  });

  it('the decoded Deployment passes validation once defaulted, as kube-apiserver accepts it', () => {
    const obj = { apiVersion: 'apps/v1', kind: 'Deployment', ...decodeMessage(deploymentKind.proto, env.raw) } as Parameters<typeof deploymentKind.validate>[0];
    obj.metadata = { ...obj.metadata, namespace: 'default' };
    deploymentKind.defaults(obj);
    expect(deploymentKind.validate(obj)).toEqual([]);
  });
});
