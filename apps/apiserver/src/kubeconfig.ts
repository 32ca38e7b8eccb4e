// The kubeconfig `kapi serve` writes for kubectl and client libraries.
import { writeFileSync } from 'node:fs';

/**
 * A kubeconfig for a plain-HTTP server on loopback. `insecure-skip-tls-verify` is set because
 * @kubernetes/client-node refuses http:// servers without it; kubectl ignores it for http.
 */
export function kubeconfigYaml(server: string, namespace = 'default'): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: kapi',
    '  cluster:',
    `    server: ${server}`,
    '    insecure-skip-tls-verify: true',
    'contexts:',
    '- name: kapi',
    '  context:',
    '    cluster: kapi',
    '    user: kapi',
    `    namespace: ${namespace}`,
    'current-context: kapi',
    'users:',
    '- name: kapi',
    '  user: {}',
    'preferences: {}',
    '',
  ].join('\n');
}

export function writeKubeconfig(path: string, server: string): void {
  writeFileSync(path, kubeconfigYaml(server), { mode: 0o600 });
}
