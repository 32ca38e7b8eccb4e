// Behaviour of k8s.io/kubernetes pkg/apis/events/v1/conversion.go (v1.33): an events.k8s.io/v1
// Event to and from the core/v1 Event both are stored as (the internal core Event): regarding is
// involvedObject, note is message, reportingController is reportingComponent, and the deprecated*
// fields are the core Event's source, firstTimestamp, lastTimestamp and count.
import type { KubeObject } from '@kapi/apimachinery';
import type { Event } from '../../core/v1/event.ts';
import type { EventsV1Event } from './types.ts';

type Json = Record<string, unknown>;

/** Drops members that are undefined, empty strings or 0 (Go's omitempty), keeping the order given. */
function omitEmpty(o: Json, keep: readonly string[] = []): Json {
  for (const k of Object.keys(o)) {
    if (keep.includes(k)) continue;
    const v = o[k];
    if (v === undefined || v === '' || v === 0 || v === null) delete o[k];
  }
  return o;
}

/** Convert_v1_Event_To_core_Event: the core/v1 Event an events.k8s.io/v1 Event is stored as. */
export function eventV1ToCore(ev: EventsV1Event): Event {
  const out: Json = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: ev.metadata ?? {},
    involvedObject: ev.regarding ?? {},
    reason: ev.reason,
    message: ev.note,
    source: ev.deprecatedSource ?? {},
    firstTimestamp: ev.deprecatedFirstTimestamp,
    lastTimestamp: ev.deprecatedLastTimestamp,
    count: ev.deprecatedCount,
    type: ev.type,
    eventTime: ev.eventTime,
    series: ev.series ?? undefined,
    action: ev.action,
    related: ev.related ?? undefined,
    reportingComponent: ev.reportingController,
    reportingInstance: ev.reportingInstance,
  };
  return omitEmpty(out, ['involvedObject', 'source']) as Event;
}

/**
 * Convert_core_Event_To_v1_Event: the events.k8s.io/v1 view of a stored Event, as Go writes it
 * (regarding and deprecatedSource always, the zero times as null).
 */
export function coreEventToV1(ev: Event): EventsV1Event {
  const out: Json = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: (ev.metadata ?? {}) as KubeObject['metadata'],
    eventTime: ev.eventTime ?? null,
    series: ev.series ?? undefined,
    reportingController: ev.reportingComponent,
    reportingInstance: ev.reportingInstance,
    action: ev.action,
    reason: ev.reason,
    regarding: ev.involvedObject ?? {},
    related: ev.related ?? undefined,
    note: ev.message,
    type: ev.type,
    deprecatedSource: ev.source ?? {},
    deprecatedFirstTimestamp: ev.firstTimestamp ?? null,
    deprecatedLastTimestamp: ev.lastTimestamp ?? null,
    deprecatedCount: ev.count,
  };
  return omitEmpty(out, ['eventTime', 'regarding', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp']) as EventsV1Event;
}

/**
 * The field labels events.k8s.io/v1 accepts in a field selector and the core Event's labels they
 * select (AddFieldLabelConversionsForEvent); any other label is `field label not supported`.
 */
export const eventsV1FieldLabels: Readonly<Record<string, string>> = {
  reason: 'reason',
  'regarding.kind': 'involvedObject.kind',
  'regarding.namespace': 'involvedObject.namespace',
  'regarding.name': 'involvedObject.name',
  'regarding.uid': 'involvedObject.uid',
  'regarding.apiVersion': 'involvedObject.apiVersion',
  'regarding.resourceVersion': 'involvedObject.resourceVersion',
  'regarding.fieldPath': 'involvedObject.fieldPath',
  reportingController: 'reportingComponent',
  source: 'source',
  type: 'type',
  'metadata.namespace': 'metadata.namespace',
  'metadata.name': 'metadata.name',
};
