// Behaviour of k8s.io/kubernetes/pkg/controller/serviceaccount/serviceaccounts_controller.go (v1.33):
// every active namespace has the ServiceAccounts to ensure (kube's default: `default`), created again
// when deleted; nothing is created in a namespace that is not Active.
import { isAlreadyExists, type KubeObject } from '@kapi/apimachinery';
import { hasStatusCause, namespaceTerminatingCause } from './internal/errors.ts';
import type { Informer } from './informer.ts';
import type { ControllerDescriptor } from './manager.ts';
import { createWorkQueue } from './queue.ts';

type Namespace = KubeObject & { status?: { phase?: string } };

export interface ServiceAccountsControllerOptions {
  /** The ServiceAccounts every active namespace gets, by name (kube's DefaultServiceAccountsControllerOptions: `default`). */
  serviceAccounts?: readonly string[];
}

/**
 * One namespace's sync: each ServiceAccount to ensure that the informer does not hold is created,
 * as kube creates it (only its name and namespace). A namespace that is gone or not Active is left
 * alone; a create refused because the namespace started terminating is not an error, any other
 * failure is (the key is retried).
 */
export async function syncServiceAccounts(
  namespaces: Pick<Informer, 'get'>,
  serviceAccounts: Pick<Informer, 'get'>,
  create: (namespace: string, sa: KubeObject) => Promise<unknown>,
  namespace: string,
  names: readonly string[],
): Promise<void> {
  const ns = namespaces.get('', namespace) as Namespace | undefined;
  if (!ns || ns.status?.phase !== 'Active') return;
  const failures: unknown[] = [];
  for (const name of names) {
    if (serviceAccounts.get(namespace, name)) continue;
    try {
      await create(namespace, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
    } catch (err) {
      if (!isAlreadyExists(err) && !hasStatusCause(err, namespaceTerminatingCause)) failures.push(err);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `[${failures.map((e) => (e instanceof Error ? e.message : String(e))).join(', ')}]`);
}

/** kube's ServiceAccount controller (`serviceaccount-controller`, alias `serviceaccount`). */
export function serviceAccountsController(options: ServiceAccountsControllerOptions = {}): ControllerDescriptor {
  const names = options.serviceAccounts ?? ['default'];
  return {
    name: 'serviceaccount-controller',
    aliases: ['serviceaccount'],
    start(ctx) {
      const serviceAccountsClient = ctx.client.resource('', 'v1', 'serviceaccounts');
      if (!serviceAccountsClient) throw new Error('v1 serviceaccounts are not served');
      const namespaces = ctx.informer('', 'v1', 'namespaces');
      const serviceAccounts = ctx.informer('', 'v1', 'serviceaccounts');
      const queue = createWorkQueue<string>(
        (namespace) => syncServiceAccounts(namespaces, serviceAccounts, (ns, sa) => serviceAccountsClient.create(ns, sa), namespace, names),
        { onError: (namespace, err) => ctx.log.warn({ err, namespace }, 'serviceaccount sync failed; retrying') },
      );
      let stopped = false;
      // Workers start once both caches are synced (kube's WaitForNamedCacheSync); events queue meanwhile.
      const synced = Promise.all([namespaces.synced, serviceAccounts.synced]).then(() => {
        if (stopped) return;
        namespaces.addHandlers({ add: (ns) => queue.add(ns.metadata?.name ?? ''), update: (_old, ns) => queue.add(ns.metadata?.name ?? '') });
        serviceAccounts.addHandlers({ delete: (sa) => queue.add(sa.metadata?.namespace ?? '') });
      });
      return {
        stop() {
          stopped = true;
          queue.stop();
        },
        async idle() {
          await synced;
          await queue.idle();
        },
      };
    },
  };
}
