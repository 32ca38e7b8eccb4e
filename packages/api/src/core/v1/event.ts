// The core/v1 Event, as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13),
// and its kind: validation as pkg/apis/core/validation/events.go (v1.33) applies it to requests to
// core/v1 (the legacy rules only). Events have no defaults.
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidPathSegmentName,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { ObjectReference } from './references.ts';

/** The component that reported an event. */
export const EventSource = struct(coreV1('EventSource', 'The component that reported an event.'), {
  component: field(1, types.string(), { description: 'The component.' }),
  host: field(2, types.string(), { description: 'The node it ran on.' }),
});
export type EventSource = z.infer<typeof EventSource>;

/** A series of occurrences of an event. */
export const EventSeries = struct(coreV1('EventSeries', 'A series of occurrences of an event.'), {
  count: field(1, types.int32(), { description: 'The number of occurrences so far.' }),
  lastObservedTime: field(2, types.microTime(), { description: 'When the last occurrence was observed.' }),
});
export type EventSeries = z.infer<typeof EventSeries>;

/** A report of something that happened in the cluster. */
export const Event = struct(coreV1('Event', 'A report of something that happened in the cluster.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.', required: true }),
  involvedObject: field(2, ObjectReference, { description: 'The object the event is about.', required: true }),
  reason: field(3, types.string(), { description: 'Why it happened, in one CamelCase word.' }),
  message: field(4, types.string(), { description: 'What happened, for people.' }),
  source: field(5, EventSource, { description: 'The component that reported the event. Deprecated by reportingComponent.' }),
  firstTimestamp: field(6, types.time(), { description: 'When the event was first recorded.' }),
  lastTimestamp: field(7, types.time(), { description: 'When the event was most recently recorded.' }),
  count: field(8, types.int32(), { description: 'How often the event occurred.' }),
  type: field(9, types.string(), { description: 'Normal or Warning.' }),
  eventTime: field(10, types.microTime(), { description: 'When the event first occurred, in microseconds.' }),
  series: field(11, EventSeries, { description: 'Data about a series of occurrences.', pointer: true }),
  action: field(12, types.string(), { description: 'What was done, or what failed, about the object.' }),
  related: field(13, ObjectReference, { description: 'A second object involved.', pointer: true }),
  reportingComponent: field(14, types.string(), { description: 'The controller that emitted the event, e.g. kubernetes.io/kubelet.', default: '' }),
  reportingInstance: field(15, types.string(), { description: 'The instance of the controller, e.g. kubelet-xyzf.', default: '' }),
});
export type Event = z.infer<typeof Event>;

const atMost = (n: number) => `can have at most ${n} characters`;

/** legacyValidateEvent: the namespace of the event and of its object agree; new-style events carry their reporter. */
function legacyValidateEvent(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata?.namespace ?? '';
  const objNs = ev.involvedObject?.namespace ?? '';
  const objNsPath = FieldPath.of('involvedObject', 'namespace');
  if (!ev.eventTime) {
    if (objNs === '') {
      if (ns !== '' && ns !== 'default') errs.push(fieldErrors.invalid(objNsPath, objNs, 'does not match event.namespace'));
    } else if (ns !== objNs) errs.push(fieldErrors.invalid(objNsPath, objNs, 'does not match event.namespace'));
  } else {
    if (objNs === '' && ns !== 'default' && ns !== 'kube-system') errs.push(fieldErrors.invalid(objNsPath, objNs, 'does not match event.namespace'));
    const controller = ev.reportingComponent ?? '';
    if (controller === '') errs.push(fieldErrors.required('reportingController', ''));
    for (const msg of isQualifiedName(controller)) errs.push(fieldErrors.invalid('reportingController', controller, msg));
    const instance = ev.reportingInstance ?? '';
    if (instance === '') errs.push(fieldErrors.required('reportingInstance', ''));
    if (Buffer.byteLength(instance) > 128) errs.push(fieldErrors.invalid('reportingInstance', '', atMost(128)));
    const action = ev.action ?? '';
    if (action === '') errs.push(fieldErrors.required('action', ''));
    if (Buffer.byteLength(action) > 128) errs.push(fieldErrors.invalid('action', '', atMost(128)));
    const reason = ev.reason ?? '';
    if (reason === '') errs.push(fieldErrors.required('reason', ''));
    if (Buffer.byteLength(reason) > 128) errs.push(fieldErrors.invalid('reason', '', atMost(128)));
    if (Buffer.byteLength(ev.message ?? '') > 1024) errs.push(fieldErrors.invalid('message', '', atMost(1024)));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(fieldErrors.invalid('namespace', ns, msg));
  return errs;
}

/**
 * The legacy rules, then (when they pass) the metadata rules every create gets in the generic
 * registry (rest.BeforeCreate: names that are valid path segments).
 */
function validateEvent(ev: Event): FieldError[] {
  const errs = legacyValidateEvent(ev);
  if (errs.length > 0) return errs;
  return validateObjectMeta(ev.metadata ?? {}, { namespaced: true, nameValidator: (name) => isValidPathSegmentName(name) });
}

/** events (ev). */
export const eventKind = defineKind<Event>({
  group: '',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: Event,
  proto: protoMessageOf(Event),
  description: 'A report of something that happened in the cluster.',
  validate: validateEvent,
  validateUpdate: (ev) => legacyValidateEvent(ev),
});
