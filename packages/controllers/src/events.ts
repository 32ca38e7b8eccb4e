// Behaviour of k8s.io/client-go/tools/record (EventRecorder: core/v1 Events named
// `<object>.<unix nanos in hex>`, in the object's namespace or `default`) (v0.33), without the
// correlator's aggregation: what a controller reports about an object.
import type { KubeObject } from '@kapi/apimachinery';
import type { ControllerClient } from './client.ts';

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  event(object: KubeObject, type: EventType, reason: string, message: string): void;
}

/** The reference of an object as an Event's involvedObject names it. */
export function objectReferenceOf(obj: KubeObject): Record<string, string> {
  const m = obj.metadata ?? {};
  const ref: Record<string, string> = {};
  if (obj.kind) ref.kind = obj.kind;
  if (m.namespace) ref.namespace = m.namespace;
  if (m.name) ref.name = m.name;
  if (m.uid) ref.uid = m.uid;
  if (obj.apiVersion) ref.apiVersion = obj.apiVersion;
  if (m.resourceVersion) ref.resourceVersion = m.resourceVersion;
  return ref;
}

/** A recorder writing Events through `client` as `component` (`garbage-collector-controller` …); failures go to onError. */
export function createEventRecorder(client: ControllerClient, component: string, host: string, onError: (err: unknown) => void = () => {}): EventRecorder {
  let last = 0n;
  return {
    event(object, type, reason, message) {
      const events = client.resource('', 'v1', 'events');
      if (!events) return;
      const namespace = object.metadata?.namespace || 'default';
      // Unique, increasing nanoseconds (kube: time.Now().UnixNano()).
      let nanos = BigInt(Date.now()) * 1_000_000n;
      if (nanos <= last) nanos = last + 1n;
      last = nanos;
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      events
        .create(namespace, {
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name: `${object.metadata?.name ?? ''}.${nanos.toString(16)}`, namespace },
          involvedObject: objectReferenceOf(object),
          reason,
          message,
          source: { component, host },
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
          type,
          reportingComponent: component,
          reportingInstance: host,
        } as KubeObject)
        .catch(onError);
    },
  };
}
