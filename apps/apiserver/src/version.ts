// Behaviour of k8s.io/apimachinery/pkg/version/types.go (v1.33): the answer of GET /version.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json') as { version: string };

/** The Kubernetes minor version kapi's API behaviour follows. */
export const kubernetesMajor = '1';
export const kubernetesMinor = '33';

/** version.Info, field order as kube writes it. */
export function versionInfo(): Record<string, string> {
  return {
    major: kubernetesMajor,
    minor: kubernetesMinor,
    emulationMajor: kubernetesMajor,
    emulationMinor: kubernetesMinor,
    minCompatibilityMajor: kubernetesMajor,
    minCompatibilityMinor: String(Number(kubernetesMinor) - 1),
    gitVersion: `v${kubernetesMajor}.${kubernetesMinor}.0+kapi.${pkg.version}`,
    gitCommit: '',
    gitTreeState: '',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: `node${process.versions.node}`,
    compiler: 'kapi',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}
