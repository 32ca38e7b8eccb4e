// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printEvent (v1.33): the
// core/v1 event table of `kubectl get events`.
import type { KubeObject } from '@kapi/apimachinery';
import type { TableConvertor } from '../table-convertor.ts';
import { column, nameColumn, nameOf, since, timeOf } from './format.ts';

interface EventJson extends KubeObject {
  involvedObject?: { kind?: string; name?: string; fieldPath?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string | null } | null;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  reportingInstance?: string;
}

export const eventColumns = [
  column('Last Seen', 'string', 'When the event was last observed.'),
  column('Type', 'string', 'The type of the event: Normal or Warning.'),
  column('Reason', 'string', 'A short, machine-readable reason for the event.'),
  column('Object', 'string', 'The object the event is about.'),
  column('Subobject', 'string', 'The part of the object the event is about, such as a container.', 1),
  column('Source', 'string', 'The component, and host, that reported the event.', 1),
  column('Message', 'string', 'A human-readable description of the event.'),
  column('First Seen', 'string', 'When the event was first observed.', 1),
  column('Count', 'string', 'How many times the event has occurred.', 1),
  { ...nameColumn, priority: 1 },
] as const;

/** formatEventSource: component (else the reporting controller), then `, host` (else the reporting instance). */
function eventSource(ev: EventJson): string {
  const component = ev.source?.component || ev.reportingComponent || '';
  const instance = ev.source?.host || ev.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

/** The cells of one event: LAST SEEN, TYPE, REASON, OBJECT, SUBOBJECT, SOURCE, MESSAGE, FIRST SEEN, COUNT, NAME. */
export function eventCells(obj: KubeObject, now: number): unknown[] {
  const ev = obj as EventJson;
  const firstSeen = timeOf(ev.firstTimestamp) === undefined ? since(ev.eventTime, now) : since(ev.firstTimestamp, now);
  let lastSeen = timeOf(ev.lastTimestamp) === undefined ? firstSeen : since(ev.lastTimestamp, now);
  let count = ev.count ?? 0;
  if (ev.series != null) {
    lastSeen = since(ev.series.lastObservedTime, now);
    count = ev.series.count ?? 0;
  } else if (count === 0) {
    // Singleton events of the events.k8s.io API carry no count.
    count = 1;
  }
  const kind = (ev.involvedObject?.kind ?? '').toLowerCase();
  const name = ev.involvedObject?.name ?? '';
  const target = name ? `${kind}/${name}` : kind;
  return [
    lastSeen,
    ev.type ?? '',
    ev.reason ?? '',
    target,
    ev.involvedObject?.fieldPath ?? '',
    eventSource(ev),
    (ev.message ?? '').trim(),
    firstSeen,
    count,
    nameOf(obj),
  ];
}

export const eventPrinter: TableConvertor = { columns: eventColumns, cells: eventCells, emptyRowsAsArray: true };
