// Behaviour of k8s.io/kubernetes pkg/registry/core/node/strategy.go (v1.33): a Node takes every
// field on create, status included (what a kubelet registers with: capacity, conditions,
// addresses), except the removed dynamic kubelet config (spec.configSource, status.config); an
// update keeps the stored status, `/status` the stored spec. Nodes have no generation.
import type { KubeObject } from '@kapi/apimachinery';
import type { RESTStrategy } from './strategy.ts';
import { addWarning } from './warnings.ts';

type Node = KubeObject & { spec?: { configSource?: unknown } | undefined; status?: { config?: unknown } | undefined };

/** dynamicKubeletConfigIsDeprecatedWarning. */
function warnConfigSource(node: Node): void {
  if (node.spec?.configSource != null) addWarning('spec.configSource: the feature is removed');
}

/** nodeStrategy. */
export const nodeStrategy: Partial<RESTStrategy> = {
  resetFields: [['status']],
  prepareForCreate(obj) {
    const node = obj as Node;
    warnConfigSource(node);
    if (node.spec?.configSource !== undefined) {
      const { configSource: _dropped, ...spec } = node.spec;
      node.spec = spec;
    }
    if (node.status?.config !== undefined) {
      const { config: _dropped, ...status } = node.status;
      node.status = status;
    }
  },
  prepareForUpdate(obj, old) {
    const node = obj as Node;
    warnConfigSource(node);
    if (old.status !== undefined) node.status = old.status as Node['status'];
    else delete node.status;
    // A config source may stay where it was in use, never be set anew.
    if ((old as Node).spec?.configSource === undefined && node.spec?.configSource !== undefined) {
      const { configSource: _dropped, ...spec } = node.spec;
      node.spec = spec;
    }
  },
};

/** nodeStatusStrategy: the spec stays as stored; status.config only where it was in use. */
export const nodeStatusStrategy: Partial<RESTStrategy> = {
  prepareForUpdate(obj, old) {
    const node = obj as Node;
    if (old.spec !== undefined) node.spec = old.spec as Node['spec'];
    else delete node.spec;
    if ((old as Node).status?.config === undefined && node.status?.config !== undefined) {
      const { config: _dropped, ...status } = node.status;
      node.status = status;
    }
  },
};
