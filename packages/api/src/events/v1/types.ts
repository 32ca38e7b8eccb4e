// The types of k8s.io/api events/v1 types.go and generated.proto (v0.33.13): the events.k8s.io/v1
// Event, served from the same objects as core/v1 Events (conversion.ts).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { ObjectReference } from '../../core/v1/references.ts';
import { EventSource } from '../../core/v1/event.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const eventsGroupName = 'events.k8s.io';

/** The names of an events/v1 type; `kind` marks a top-level kind. */
function eventsV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.events.v1.${name}`,
    protoName: `k8s.io.api.events.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: eventsGroupName, version: 'v1', kind: name } } : {}),
  };
}

/** A series of occurrences of an event. */
export const EventsV1EventSeries = struct(eventsV1('EventSeries', 'Data about a series of events, each observed after the last.'), {
  count: field(1, types.int32(), { description: 'count is the number of occurrences in this series up to the last heartbeat time.', required: true, default: 0 }),
  lastObservedTime: field(2, types.microTime(), { description: 'lastObservedTime is the time when last Event from the series was seen before last heartbeat.', required: true }),
});
export type EventsV1EventSeries = z.infer<typeof EventsV1EventSeries>;

/** A report of an event somewhere in the cluster (events.k8s.io/v1). */
export const EventsV1Event = struct(eventsV1('Event', 'A report of an event somewhere in the cluster.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  eventTime: field(2, types.microTime(), { description: 'eventTime is the time when this Event was first observed. It is required.', required: true }),
  series: field(3, EventsV1EventSeries, { description: 'series is data about the Event series this event represents or nil if it is a singleton Event.', pointer: true }),
  reportingController: field(4, types.string(), { description: 'reportingController is the name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.' }),
  reportingInstance: field(5, types.string(), { description: 'reportingInstance is the ID of the controller instance, e.g. `kubelet-xyzf`.' }),
  action: field(6, types.string(), { description: 'action is what action was taken/failed regarding to the regarding object.' }),
  reason: field(7, types.string(), { description: 'reason is why the action was taken. It is human-readable.' }),
  regarding: field(8, ObjectReference, { description: 'regarding contains the object this Event is about.' }),
  related: field(9, ObjectReference, { description: 'related is the optional secondary object for more complex actions.', pointer: true }),
  note: field(10, types.string(), { description: 'note is a human-readable description of the status of this operation.' }),
  type: field(11, types.string(), { description: 'type is the type of this event (Normal, Warning), new types could be added in the future.' }),
  deprecatedSource: field(12, EventSource, { description: 'deprecatedSource is the deprecated field assuring backward compatibility with core.v1 Event type.' }),
  deprecatedFirstTimestamp: field(13, types.time(), { description: 'deprecatedFirstTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.' }),
  deprecatedLastTimestamp: field(14, types.time(), { description: 'deprecatedLastTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.' }),
  deprecatedCount: field(15, types.int32(), { description: 'deprecatedCount is the deprecated field assuring backward compatibility with core.v1 Event type.' }),
});
export type EventsV1Event = z.infer<typeof EventsV1Event>;
