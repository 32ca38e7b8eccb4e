// Behaviour of k8s.io/endpointslice/util/trigger_time_tracker.go (v1.33): the value of the
// `endpoints.kubernetes.io/last-change-trigger-time` annotation — the earliest pod Ready transition
// (or Service creation) that changed since the Service's previous sync; a Service seen for the first
// time answers its creationTimestamp.
import type { Pod, Service } from './internal/core-types.ts';
import { podReadyTransitionTime } from './endpoints-pods.ts';

/** An RFC 3339 time as milliseconds, or undefined for a zero (absent or unparsable) time. */
const millis = (t: string | null | undefined): number | undefined => {
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
};

/** time.Time.UTC().Format(time.RFC3339Nano): UTC, fractional seconds only when not zero, trailing zeros trimmed. */
export const formatRFC3339Nano = (ms: number): string => new Date(ms).toISOString().replace(/\.?0*Z$/, 'Z');

interface ServiceState {
  lastServiceTriggerTime: number | undefined;
  lastPodTriggerTimes: Map<string, number>;
}

/** The per-Service state of the annotation's computation; one per controller. */
export interface TriggerTimeTracker {
  /** The trigger time to write (undefined: none, remove the annotation); records the state seen. */
  compute(namespace: string, service: Service, pods: readonly Pod[]): number | undefined;
  deleteService(namespace: string, name: string): void;
}

export function createTriggerTimeTracker(): TriggerTimeTracker {
  const states = new Map<string, ServiceState>();
  const minOf = (a: number | undefined, b: number) => (a === undefined || b < a ? b : a);
  return {
    compute(namespace, service, pods) {
      const key = `${namespace}/${service.metadata?.name ?? ''}`;
      const state = states.get(key);
      let minChanged: number | undefined;
      const podTimes = new Map<string, number>();
      for (const pod of pods) {
        const t = millis(podReadyTransitionTime(pod));
        if (t === undefined) continue;
        const name = pod.metadata?.name ?? '';
        podTimes.set(name, t);
        const last = state?.lastPodTriggerTimes.get(name);
        if (last === undefined || t > last) minChanged = minOf(minChanged, t);
      }
      const serviceTime = millis(service.metadata?.creationTimestamp);
      if (serviceTime !== undefined && (state?.lastServiceTriggerTime === undefined || serviceTime > state.lastServiceTriggerTime)) {
        minChanged = minOf(minChanged, serviceTime);
      }
      states.set(key, { lastPodTriggerTimes: podTimes, lastServiceTriggerTime: serviceTime });
      // A new Service: its creation is the trigger.
      if (!state) return serviceTime;
      return minChanged;
    },
    deleteService(namespace, name) {
      states.delete(`${namespace}/${name}`);
    },
  };
}
