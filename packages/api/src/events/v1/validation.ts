// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/events.go (v1.33) ValidateEventCreate and
// ValidateEventUpdate for requests to events.k8s.io/v1: the legacy rules every Event passes, then
// the strict ones of the new API. They run on the core Event (kube's internal one), so field paths
// are the core Event's (involvedObject, reportingController as the internal name, series.count).
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import type { Event } from '../../core/v1/event.ts';
import { semanticDeepEqual } from './semantic.ts';

const reportingInstanceLengthLimit = 128;
const actionLengthLimit = 128;
const reasonLengthLimit = 128;
const noteLengthLimit = 1024;

const atMost = (n: number) => `can have at most ${n} characters`;
const bytes = (s: string) => Buffer.byteLength(s);
/** A metav1.Time or MicroTime that Go reads as zero. */
const isZeroTime = (t: string | null | undefined) => t == null || t === '' || Date.parse(t) === Date.parse('0001-01-01T00:00:00Z');

/** legacyValidateEvent. */
export function legacyValidateEventV1(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata?.namespace ?? '';
  const objNs = ev.involvedObject?.namespace ?? '';
  const objNsPath = FieldPath.of('involvedObject', 'namespace');
  if (isZeroTime(ev.eventTime)) {
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
    if (bytes(instance) > reportingInstanceLengthLimit) errs.push(fieldErrors.invalid('reportingInstance', '', atMost(reportingInstanceLengthLimit)));
    const action = ev.action ?? '';
    if (action === '') errs.push(fieldErrors.required('action', ''));
    if (bytes(action) > actionLengthLimit) errs.push(fieldErrors.invalid('action', '', atMost(actionLengthLimit)));
    const reason = ev.reason ?? '';
    if (reason === '') errs.push(fieldErrors.required('reason', ''));
    if (bytes(reason) > reasonLengthLimit) errs.push(fieldErrors.invalid('reason', '', atMost(reasonLengthLimit)));
    if (bytes(ev.message ?? '') > noteLengthLimit) errs.push(fieldErrors.invalid('message', '', atMost(noteLengthLimit)));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(fieldErrors.invalid('namespace', ns, msg));
  return errs;
}

/** validateV1EventSeries. */
function validateSeries(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  if (ev.series != null) {
    if ((ev.series.count ?? 0) < 2) errs.push(fieldErrors.invalid('series.count', '', 'should be at least 2'));
    if (isZeroTime(ev.series.lastObservedTime)) errs.push(fieldErrors.required('series.lastObservedTime', ''));
  }
  return errs;
}

/** ValidateEventCreate for a request to events.k8s.io/v1 (the event in its core form). */
export function validateEventsV1Create(ev: Event): FieldError[] {
  const errs = legacyValidateEventV1(ev);
  errs.push(...validateObjectMeta(ev.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }));
  errs.push(...validateSeries(ev));
  if (isZeroTime(ev.eventTime)) errs.push(fieldErrors.required('eventTime', ''));
  const type = ev.type ?? '';
  if (type !== 'Normal' && type !== 'Warning') errs.push(fieldErrors.invalid('type', '', `has invalid value: ${type}`));
  if (!isZeroTime(ev.firstTimestamp)) errs.push(fieldErrors.invalid('firstTimestamp', '', 'needs to be unset'));
  if (!isZeroTime(ev.lastTimestamp)) errs.push(fieldErrors.invalid('lastTimestamp', '', 'needs to be unset'));
  if ((ev.count ?? 0) !== 0) errs.push(fieldErrors.invalid('count', '', 'needs to be unset'));
  if ((ev.source?.component ?? '') !== '' || (ev.source?.host ?? '') !== '') errs.push(fieldErrors.invalid('source', '', 'needs to be unset'));
  return errs;
}

/** ValidateEventUpdate for a request to events.k8s.io/v1: everything but the series and metadata is immutable. */
export function validateEventsV1Update(ev: Event, old: Event): FieldError[] {
  const errs = legacyValidateEventV1(ev);
  errs.push(...validateObjectMetaUpdate(ev.metadata ?? {}, old.metadata ?? {}));
  if (!semanticDeepEqual(ev.series ?? null, old.series ?? null)) errs.push(...validateSeries(ev));
  const immutable = (path: string, next: unknown, prev: unknown, zero: unknown) => {
    if (!semanticDeepEqual(next ?? zero, prev ?? zero)) errs.push(fieldErrors.invalid(path, next ?? zero, fieldImmutableErrorMsg));
  };
  immutable('involvedObject', ev.involvedObject, old.involvedObject, {});
  immutable('reason', ev.reason, old.reason, '');
  immutable('message', ev.message, old.message, '');
  immutable('source', ev.source, old.source, {});
  immutable('firstTimestamp', timeOrNull(ev.firstTimestamp), timeOrNull(old.firstTimestamp), null);
  immutable('lastTimestamp', timeOrNull(ev.lastTimestamp), timeOrNull(old.lastTimestamp), null);
  immutable('count', ev.count, old.count, 0);
  immutable('reason', ev.reason, old.reason, '');
  immutable('type', ev.type, old.type, '');
  immutable('eventTime', timeOrNull(ev.eventTime), timeOrNull(old.eventTime), null);
  immutable('action', ev.action, old.action, '');
  immutable('related', ev.related, old.related, null);
  immutable('reportingController', ev.reportingComponent, old.reportingComponent, '');
  immutable('reportingInstance', ev.reportingInstance, old.reportingInstance, '');
  return errs;
}

function timeOrNull(t: string | null | undefined): string | null {
  return isZeroTime(t) ? null : (t as string);
}
