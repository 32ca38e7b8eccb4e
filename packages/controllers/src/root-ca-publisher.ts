// Behaviour of k8s.io/kubernetes/pkg/controller/certificates/rootcacertpublisher/publisher.go (v1.33):
// every namespace holds the ConfigMap `kube-root-ca.crt` with the cluster's CA bundle, created when
// missing and rewritten when its data or its description annotation is lost.
import { isNotFound, type KubeObject } from '@kapi/apimachinery';
import { hasStatusCause, namespaceTerminatingCause } from './internal/errors.ts';
import type { Informer } from './informer.ts';
import type { ResourceClient } from './client.ts';
import type { ControllerDescriptor } from './manager.ts';
import { createWorkQueue } from './queue.ts';

/** The ConfigMap's name (RootCACertConfigMapName). */
export const rootCACertConfigMapName = 'kube-root-ca.crt';
/** The annotation that says what the ConfigMap is for, and its text, as kube writes them. */
export const descriptionAnnotation = 'kubernetes.io/description';
export const rootCADescription =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

type ConfigMap = KubeObject & { data?: Record<string, string> };

const sameData = (a: Record<string, string> | undefined, b: Record<string, string>) => {
  const keys = Object.keys(a ?? {});
  return a !== undefined && keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
};

/**
 * One namespace's sync. A missing ConfigMap is created (a namespace that is gone or terminating is
 * not retried); one whose data is not exactly `ca.crt: <CA>` or that lost its description is
 * updated from the informer's copy: the data replaced, the annotation set, everything else kept.
 */
export async function syncRootCAConfigMap(configMaps: Pick<Informer, 'get'>, client: ResourceClient, namespace: string, caPEM: string): Promise<void> {
  const data = { 'ca.crt': caPEM };
  const cm = configMaps.get(namespace, rootCACertConfigMapName) as ConfigMap | undefined;
  if (!cm) {
    try {
      await client.create(namespace, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: rootCACertConfigMapName, namespace, annotations: { [descriptionAnnotation]: rootCADescription } },
        data,
      });
    } catch (err) {
      // AlreadyExists (the informer is behind) is an error, as in kube: the retry finds it in the cache.
      if (isNotFound(err) || hasStatusCause(err, namespaceTerminatingCause)) return;
      throw err;
    }
    return;
  }
  if (sameData(cm.data, data) && (cm.metadata?.annotations?.[descriptionAnnotation] ?? '') !== '') return;
  const next = structuredClone(cm);
  next.data = data;
  next.metadata = { ...next.metadata, annotations: { ...next.metadata?.annotations, [descriptionAnnotation]: rootCADescription } };
  await client.update(namespace, next);
}

/**
 * kube's root CA publisher (`root-ca-certificate-publisher-controller`, alias `root-ca-cert-publisher`),
 * publishing `caPEM` (kube: the --root-ca-file's content, else the CA its client trusts) verbatim.
 */
export function rootCACertPublisher(ca: string | Promise<string>): ControllerDescriptor {
  return {
    name: 'root-ca-certificate-publisher-controller',
    aliases: ['root-ca-cert-publisher'],
    start(ctx) {
      const client = ctx.client.resource('', 'v1', 'configmaps');
      if (!client) throw new Error('v1 configmaps are not served');
      const namespaces = ctx.informer('', 'v1', 'namespaces');
      // Only the ConfigMaps it publishes (kube's publisher watches every ConfigMap through the
      // controller manager's shared informer and ignores the others; in this process a copy of
      // every ConfigMap would double their memory).
      const configMaps = ctx.informer('', 'v1', 'configmaps', `metadata.name=${rootCACertConfigMapName}`);
      // The CA may still be in the making (a server that just started): the workers wait for it.
      let caPEM = '';
      const queue = createWorkQueue<string>((namespace) => syncRootCAConfigMap(configMaps, client, namespace, caPEM), {
        onError: (namespace, err) => ctx.log.warn({ err, namespace }, 'syncing kube-root-ca.crt failed; retrying'),
      });
      const ours = (cm: KubeObject) => cm.metadata?.name === rootCACertConfigMapName;
      let stopped = false;
      // Workers start once the ConfigMap cache is synced (kube waits on that one only).
      const synced = Promise.all([configMaps.synced, ca]).then(([, pem]) => {
        if (stopped) return;
        caPEM = pem;
        namespaces.addHandlers({
          add: (ns) => queue.add(ns.metadata?.name ?? ''),
          // An update re-checks an Active namespace only.
          update: (_old, ns) => {
            if ((ns as KubeObject & { status?: { phase?: string } }).status?.phase === 'Active') queue.add(ns.metadata?.name ?? '');
          },
        });
        configMaps.addHandlers({
          update: (_old, cm) => {
            if (ours(cm)) queue.add(cm.metadata?.namespace ?? '');
          },
          delete: (cm) => {
            if (ours(cm)) queue.add(cm.metadata?.namespace ?? '');
          },
        });
      });
      synced.catch((err: unknown) => ctx.log.warn({ err }, 'no root CA to publish'));
      return {
        stop() {
          stopped = true;
          queue.stop();
        },
        async idle() {
          await Promise.all([synced.catch(() => undefined), namespaces.synced]);
          await queue.idle();
        },
      };
    },
  };
}
