// Behaviour of k8s.io/kubernetes/pkg/controller/podgc/gc_controller.go (v1.33): every 20 s, pods
// past the terminated-pod threshold, terminating pods on out-of-service nodes, pods bound to nodes
// that no longer exist (after a 40 s quarantine and a live check) and unscheduled terminating pods
// are marked Failed and force-deleted (grace period 0).
import { isNotFound, type KubeObject } from '@kapi/apimachinery';
import type { ResourceClient } from './client.ts';
import type { Informer } from './informer.ts';
import { metaNow, podStatusPatch, updatePodCondition, type PodCondition, type PodStatus } from './internal/pod-status.ts';
import type { ControllerDescriptor, ControllerLogger } from './manager.ts';

/** kube's gcCheckPeriod and quarantineTime. */
export const gcCheckPeriodMs = 20_000;
export const quarantineMs = 40_000;
/** kube-controller-manager's --terminated-pod-gc-threshold default. */
export const defaultTerminatedPodThreshold = 12_500;

/** The taint that lets PodGC take terminating pods off a node that is not ready (v1.TaintNodeOutOfService). */
export const taintNodeOutOfService = 'node.kubernetes.io/out-of-service';

export interface PodGCOptions {
  /** --terminated-pod-gc-threshold: terminated pods kept before the oldest are deleted; 0 or less keeps them all. */
  terminatedPodThreshold?: number;
  /** How often the collection runs (kube: 20 s, after the previous run ends). */
  gcCheckPeriodMs?: number;
  /** How long a node missing from the cache is waited for before it is looked up (kube: 40 s). */
  quarantineMs?: number;
}

type Pod = KubeObject & { spec?: { nodeName?: string }; status?: PodStatus };
type Node = KubeObject & { spec?: { taints?: { key: string }[] }; status?: { conditions?: { type: string; status: string }[] } };

const isTerminated = (pod: Pod) => {
  const phase = pod.status?.phase;
  return phase !== 'Pending' && phase !== 'Running' && phase !== 'Unknown';
};
const isNodeReady = (node: Node) => (node.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
const isEvicted = (pod: Pod) => pod.status?.phase === 'Failed' && pod.status.reason === 'Evicted';

/** byEvictionAndCreationTimestamp: evicted pods first, then the oldest, then by name. */
export function byEvictionAndCreationTimestamp(a: Pod, b: Pod): number {
  const ea = isEvicted(a);
  const eb = isEvicted(b);
  if (ea !== eb) return ea ? -1 : 1;
  const ta = Date.parse(a.metadata?.creationTimestamp ?? '') || 0;
  const tb = Date.parse(b.metadata?.creationTimestamp ?? '') || 0;
  if (ta !== tb) return ta - tb;
  const na = a.metadata?.name ?? '';
  const nb = b.metadata?.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** The condition an orphaned pod gets before it goes. */
export const orphanedPodCondition: PodCondition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };

/** How many deletes one collection step has in flight (kube starts one goroutine per pod). */
const concurrency = 32;

async function eachConcurrently<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface PodGC {
  /** One collection over the informers' pods and nodes (kube's gc). */
  gc(): Promise<void>;
}

/** PodGC's collection over its informers and clients; `now` is the quarantine's clock. */
export function createPodGC(
  pods: Pick<Informer, 'list'>,
  nodes: Pick<Informer, 'list' | 'get'>,
  podsClient: ResourceClient,
  nodesClient: ResourceClient,
  log: ControllerLogger,
  options: PodGCOptions = {},
  now: () => number = Date.now,
): PodGC {
  const threshold = options.terminatedPodThreshold ?? defaultTerminatedPodThreshold;
  const quarantine = options.quarantineMs ?? quarantineMs;
  // kube's delaying queue of node names: waiting until a time, then ready once.
  const waiting = new Map<string, number>();
  const ready = new Set<string>();

  const addAfter = (node: string, ms: number) => {
    if (ms <= 0) return void ready.add(node);
    const at = now() + ms;
    const have = waiting.get(node);
    if (have === undefined || at < have) waiting.set(node, at);
  };

  /** markFailedAndDeletePodWithCondition: phase Failed (and the condition) by a status patch unless terminated, then a delete with grace 0. */
  const markFailedAndDelete = async (pod: Pod, condition?: PodCondition) => {
    const ns = pod.metadata?.namespace ?? '';
    const name = pod.metadata?.name ?? '';
    log.info({ pod: `${ns}/${name}` }, 'PodGC is force deleting Pod');
    const phase = pod.status?.phase;
    if (phase !== 'Succeeded' && phase !== 'Failed') {
      const oldStatus = pod.status ?? {};
      const newStatus: PodStatus = structuredClone(oldStatus);
      newStatus.phase = 'Failed';
      if (condition) updatePodCondition(newStatus, condition, metaNow());
      const { patch, unchanged } = podStatusPatch(pod.metadata?.uid ?? '', oldStatus, newStatus);
      if (!unchanged) {
        try {
          await podsClient.patch(ns, name, 'application/strategic-merge-patch+json', patch, 'status');
        } catch (err) {
          throw new Error(`failed to patch status ${JSON.stringify(JSON.stringify(patch))} for pod "${ns}"/"${name}": ${(err as Error).message}`, { cause: err });
        }
      }
    }
    await podsClient.delete(ns, name, { gracePeriodSeconds: 0 });
  };

  const report = (pod: Pod, reason: string) => (err: unknown) => {
    log.warn({ err, pod: `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`, reason }, 'PodGC failed to delete a pod');
  };
  const deleteAll = (list: Pod[], reason: string, condition?: PodCondition) =>
    eachConcurrently(list, (pod) => markFailedAndDelete(pod, condition).catch(report(pod, reason)));

  /** gcTerminated: the terminated pods beyond the threshold, evicted and oldest first. */
  const gcTerminated = async (all: Pod[]) => {
    const terminated = all.filter(isTerminated);
    const count = terminated.length - threshold;
    if (count <= 0) return;
    log.info({ numPods: count }, 'Garbage collecting pods');
    await deleteAll(terminated.sort(byEvictionAndCreationTimestamp).slice(0, count), 'terminated');
  };

  /** gcTerminating: terminating pods on nodes that are not ready and carry the out-of-service taint. */
  const gcTerminating = async (all: Pod[]) => {
    const found: Pod[] = [];
    for (const pod of all) {
      if (!pod.metadata?.deletionTimestamp) continue;
      const nodeName = pod.spec?.nodeName ?? '';
      const node = nodes.get('', nodeName) as Node | undefined;
      if (!node) {
        log.warn({ node: nodeName }, `Failed to get node: node "${nodeName}" not found`);
        continue;
      }
      if (!isNodeReady(node) && (node.spec?.taints ?? []).some((t) => t.key === taintNodeOutOfService)) found.push(pod);
    }
    if (found.length === 0) return;
    await deleteAll(found.sort(byEvictionAndCreationTimestamp), 'terminating-out-of-service');
  };

  /** discoverDeletedNodes: of the quarantined nodes now due, those still not cached and not found by a live get. */
  const discoverDeletedNodes = async (existing: Set<string>) => {
    const t = now();
    for (const [node, at] of waiting) {
      if (at <= t) {
        waiting.delete(node);
        ready.add(node);
      }
    }
    const deleted = new Set<string>();
    const due = [...ready];
    ready.clear();
    for (const node of due) {
      if (existing.has(node)) continue;
      try {
        await nodesClient.get('', node);
      } catch (err) {
        if (isNotFound(err)) deleted.add(node);
        // Any other failure: the node is quarantined again by the next run if still needed.
        else log.warn({ err, node }, 'Error while getting node');
      }
    }
    return deleted;
  };

  /** gcOrphaned: pods bound to nodes that do not exist. */
  const gcOrphaned = async (all: Pod[], allNodes: Node[]) => {
    const existing = new Set(allNodes.map((n) => n.metadata?.name ?? ''));
    for (const pod of all) {
      const nodeName = pod.spec?.nodeName ?? '';
      if (nodeName !== '' && !existing.has(nodeName)) addAfter(nodeName, quarantine);
    }
    const deleted = await discoverDeletedNodes(existing);
    for (const pod of all) {
      if (!deleted.has(pod.spec?.nodeName ?? '')) continue;
      log.info({ pod: `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`, node: pod.spec?.nodeName }, 'Found orphaned Pod assigned to the Node, deleting');
      await markFailedAndDelete(pod, orphanedPodCondition).catch(report(pod, 'orphaned'));
    }
  };

  /** gcUnscheduledTerminating: terminating pods bound to no node. */
  const gcUnscheduledTerminating = async (all: Pod[]) => {
    for (const pod of all) {
      if (!pod.metadata?.deletionTimestamp || (pod.spec?.nodeName ?? '') !== '') continue;
      log.info({ pod: `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}` }, 'Found unscheduled terminating Pod not assigned to any Node, deleting');
      await markFailedAndDelete(pod).catch(report(pod, 'terminating-unscheduled'));
    }
  };

  return {
    async gc() {
      const all = pods.list() as Pod[];
      const allNodes = nodes.list() as Node[];
      if (threshold > 0) await gcTerminated(all);
      await gcTerminating(all);
      await gcOrphaned(all, allNodes);
      await gcUnscheduledTerminating(all);
    },
  };
}

/** kube's PodGC controller (`pod-garbage-collector-controller`, alias `podgc`). */
export function podGCController(options: PodGCOptions = {}): ControllerDescriptor {
  return {
    name: 'pod-garbage-collector-controller',
    aliases: ['podgc'],
    start(ctx) {
      const podsClient = ctx.client.resource('', 'v1', 'pods');
      const nodesClient = ctx.client.resource('', 'v1', 'nodes');
      if (!podsClient || !nodesClient) throw new Error('v1 pods and nodes are not served');
      const pods = ctx.informer('', 'v1', 'pods');
      const nodes = ctx.informer('', 'v1', 'nodes');
      const collector = createPodGC(pods, nodes, podsClient, nodesClient, ctx.log, options);
      const period = options.gcCheckPeriodMs ?? gcCheckPeriodMs;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let pass: Promise<void> | undefined;
      // wait.UntilWithContext: run, then wait the period after the run ends, until stopped.
      const run = () => {
        if (stopped) return Promise.resolve();
        pass = collector
          .gc()
          .catch((err: unknown) => ctx.log.warn({ err }, 'pod garbage collection failed'))
          .finally(() => {
            pass = undefined;
            if (!stopped) timer = setTimeout(() => void run(), period).unref();
          });
        return pass;
      };
      // The first run once both caches are synced.
      const first = Promise.all([pods.synced, nodes.synced]).then(run);
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          await pass;
        },
        async idle() {
          await first;
          await pass;
        },
      };
    },
  };
}
