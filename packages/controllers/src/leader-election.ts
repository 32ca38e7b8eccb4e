// Behaviour of k8s.io/client-go/tools/leaderelection (LeaderElector over a coordination.k8s.io/v1
// Lease: tryAcquireOrRenew, expiry judged by the local clock since the record was last seen to
// change, ReleaseOnCancel) (v0.33): one replica of the controllers runs at a time.
import { isAlreadyExists, isConflict, isNotFound, type KubeObject } from '@kapi/apimachinery';
import type { ControllerClient } from './client.ts';

export interface LeaderElectionConfig {
  /** The Lease's namespace and name (kube-controller-manager: kube-system/kube-controller-manager). */
  namespace: string;
  name: string;
  /** This candidate's identity (kube: `<hostname>_<uuid>`). */
  identity: string;
  /** How long a lease is valid without renewal (kube: --leader-elect-lease-duration, 15 s). */
  leaseDurationMs: number;
  /** How long the leader retries renewing before it gives up leading (--leader-elect-renew-deadline, 10 s). */
  renewDeadlineMs: number;
  /** Time between attempts (--leader-elect-retry-period, 2 s). */
  retryPeriodMs: number;
  onStartedLeading(): void;
  /** Called once leadership is lost or released; the controllers must stop. */
  onStoppedLeading(): void;
  onError?(err: unknown): void;
}

export interface LeaderElector {
  isLeader(): boolean;
  /** Stops campaigning; a leader releases the lease so another candidate takes over at once. */
  stop(): Promise<void>;
}

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}
type Lease = KubeObject & { spec?: LeaseSpec };

/** metav1.MicroTime as it is written: RFC 3339 with microseconds. */
const microTime = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export function startLeaderElection(client: ControllerClient, config: LeaderElectionConfig): LeaderElector {
  const leases = () => {
    const c = client.resource('coordination.k8s.io', 'v1', 'leases');
    if (!c) throw new Error('coordination.k8s.io/v1 leases are not served');
    return c;
  };
  let leader = false;
  let stopped = false;
  /** The record as last seen, and when it was seen to change (the local clock judges expiry). */
  let observed: { spec: string; at: number } | undefined;

  const tryAcquireOrRenew = async (): Promise<boolean> => {
    const now = Date.now();
    const desired = (old: LeaseSpec | undefined): LeaseSpec => ({
      holderIdentity: config.identity,
      leaseDurationSeconds: Math.max(1, Math.round(config.leaseDurationMs / 1000)),
      acquireTime: old?.holderIdentity === config.identity && old.acquireTime ? old.acquireTime : microTime(now),
      renewTime: microTime(now),
      // A candidate taking the Lease (not renewing its own) counts a transition, as client-go does.
      leaseTransitions: (old?.leaseTransitions ?? 0) + (old && old.holderIdentity !== config.identity ? 1 : 0),
    });
    let lease: Lease;
    try {
      lease = (await leases().get(config.namespace, config.name)) as Lease;
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await leases().create(config.namespace, {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: config.name, namespace: config.namespace },
          spec: desired(undefined),
        });
      } catch (createErr) {
        if (isAlreadyExists(createErr)) return false;
        throw createErr;
      }
      observed = undefined;
      return true;
    }
    const spec = lease.spec ?? {};
    const text = JSON.stringify(spec);
    if (observed?.spec !== text) observed = { spec: text, at: now };
    const holder = spec.holderIdentity ?? '';
    const durationMs = (spec.leaseDurationSeconds ?? 0) * 1000;
    // Held by another whose lease has not expired since we saw it change: not ours to take.
    if (holder !== '' && holder !== config.identity && observed.at + durationMs > now) return false;
    try {
      const updated = (await leases().update(config.namespace, { ...lease, spec: { ...spec, ...desired(spec) } })) as Lease;
      observed = { spec: JSON.stringify(updated.spec ?? {}), at: now };
      return true;
    } catch (err) {
      if (isConflict(err)) return false;
      throw err;
    }
  };

  const attempt = async (): Promise<boolean> => {
    try {
      return await tryAcquireOrRenew();
    } catch (err) {
      config.onError?.(err);
      return false;
    }
  };

  const loop = (async () => {
    while (!stopped) {
      // Campaign until acquired.
      while (!stopped && !(await attempt())) await sleep(config.retryPeriodMs);
      if (stopped) break;
      leader = true;
      config.onStartedLeading();
      // Renew; a leader that cannot renew within the deadline stops leading.
      let lastRenew = Date.now();
      while (!stopped) {
        await sleep(config.retryPeriodMs);
        if (stopped) break;
        if (await attempt()) lastRenew = Date.now();
        else if (Date.now() - lastRenew >= config.renewDeadlineMs) break;
      }
      if (!stopped) {
        leader = false;
        config.onStoppedLeading();
      }
    }
  })();

  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      await loop;
      if (!leader) return;
      leader = false;
      config.onStoppedLeading();
      // ReleaseOnCancel: an empty holder and a 1 s lease let the next candidate take over at once.
      try {
        const lease = (await leases().get(config.namespace, config.name)) as Lease;
        if (lease.spec?.holderIdentity !== config.identity) return;
        const now = microTime(Date.now());
        await leases().update(config.namespace, {
          ...lease,
          spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now },
        });
      } catch (err) {
        config.onError?.(err);
      }
    },
  };
}
