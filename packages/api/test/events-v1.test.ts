// events.k8s.io/v1 Event as kube-apiserver v1.33 declares, converts and validates it (k8s.io/api
// events/v1 types.go + generated.proto, pkg/apis/events/v1/conversion.go,
// pkg/apis/core/validation/events.go ValidateEventCreate/Update for requests to events.k8s.io/v1).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  EventsV1Event,
  coreEventToV1,
  eventV1ToCore,
  eventsV1EventKind,
  eventsV1FieldLabels,
  validateEventsV1Create,
  validateEventsV1Update,
} from '../src/events/v1/index.ts';
import { builtinKinds, type Event } from '../src/index.ts';
import { checkUpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  it('match k8s.io/api events/v1: field order, protobuf numbers, pointers and required fields', () => {
    checkUpstreamTable([EventsV1Event], {
      'io.k8s.api.events.v1.Event': [
        ['metadata', 1],
        ['eventTime', 2, 'req'],
        ['series', 3, 'ptr'],
        ['reportingController', 4],
        ['reportingInstance', 5],
        ['action', 6],
        ['reason', 7],
        ['regarding', 8],
        ['related', 9, 'ptr'],
        ['note', 10],
        ['type', 11],
        ['deprecatedSource', 12],
        ['deprecatedFirstTimestamp', 13],
        ['deprecatedLastTimestamp', 14],
        ['deprecatedCount', 15],
      ],
      'io.k8s.api.events.v1.EventSeries': [
        ['count', 1, 'req'],
        ['lastObservedTime', 2, 'req'],
      ],
    });
  });

  it('serves events in events.k8s.io/v1 with the short name ev, as kube\'s discovery lists it', () => {
    expect(builtinKinds.filter((k) => k.group === 'events.k8s.io').map((k) => [k.version, k.kind, k.resource, k.singular, k.namespaced, k.shortNames])).toEqual([
      ['v1', 'Event', 'events', 'event', true, ['ev']],
    ]);
  });
});

const newEvent = (rest: Partial<EventsV1Event> = {}): EventsV1Event => ({
  metadata: { name: 'web.1', namespace: 'default' },
  eventTime: '2026-01-01T00:00:00.123456Z',
  reportingController: 'example.com/scaler',
  reportingInstance: 'scaler-1',
  action: 'Scale',
  reason: 'Scaled',
  regarding: { kind: 'Deployment', name: 'web', namespace: 'default' },
  note: 'scaled web',
  type: 'Normal',
  ...rest,
});

describe('conversion (pkg/apis/events/v1/conversion.go)', () => {
  it('stores regarding as involvedObject, note as message, reportingController as reportingComponent', () => {
    const ev = newEvent({ series: { count: 2, lastObservedTime: '2026-01-01T00:00:01.000000Z' }, related: { kind: 'Pod', name: 'p' } });
    expect(eventV1ToCore(ev)).toEqual({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: ev.metadata,
      involvedObject: ev.regarding,
      reason: 'Scaled',
      message: 'scaled web',
      source: {},
      type: 'Normal',
      eventTime: ev.eventTime,
      series: ev.series,
      action: 'Scale',
      related: { kind: 'Pod', name: 'p' },
      reportingComponent: 'example.com/scaler',
      reportingInstance: 'scaler-1',
    });
  });

  it('shows a legacy core Event with the deprecated fields, null times, regarding and deprecatedSource always', () => {
    const core: Event = {
      metadata: { name: 'web.2', namespace: 'default', resourceVersion: '3' },
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'default', fieldPath: 'spec.containers{app}' },
      reason: 'Pulled',
      message: 'pulled',
      source: { component: 'kubelet', host: 'node-1' },
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:01:00Z',
      count: 3,
      type: 'Normal',
    };
    const v1 = coreEventToV1(core);
    expect(v1).toEqual({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: core.metadata,
      eventTime: null,
      reason: 'Pulled',
      regarding: core.involvedObject,
      note: 'pulled',
      type: 'Normal',
      deprecatedSource: { component: 'kubelet', host: 'node-1' },
      deprecatedFirstTimestamp: '2026-01-01T00:00:00Z',
      deprecatedLastTimestamp: '2026-01-01T00:01:00Z',
      deprecatedCount: 3,
    });
    expect(coreEventToV1({ metadata: { name: 'x' } })).toEqual({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'x' },
      eventTime: null,
      regarding: {},
      deprecatedSource: {},
      deprecatedFirstTimestamp: null,
      deprecatedLastTimestamp: null,
    });
    // And back to the same core Event.
    expect(eventV1ToCore(v1)).toEqual({ apiVersion: 'v1', kind: 'Event', ...core });
  });

  it('maps the field labels of events.k8s.io/v1 onto the core ones (AddFieldLabelConversionsForEvent)', () => {
    expect(eventsV1FieldLabels['regarding.name']).toBe('involvedObject.name');
    expect(eventsV1FieldLabels.reportingController).toBe('reportingComponent');
    expect(eventsV1FieldLabels['involvedObject.name']).toBeUndefined();
    expect(Object.keys(eventsV1FieldLabels)).toHaveLength(13);
  });
});

describe('validation of requests to events.k8s.io/v1 (ValidateEventCreate/Update)', () => {
  it('accepts a complete new-style event', () => {
    expect(eventsV1EventKind.validate(newEvent())).toEqual([]);
    expect(validateEventsV1Create(eventV1ToCore(newEvent({ metadata: { name: 'x', namespace: 'kube-system' }, regarding: { kind: 'Node', name: 'n1' } })))).toEqual([]);
  });

  const cases: [string, EventsV1Event, string[]][] = [
    [
      'a legacy-looking event',
      newEvent({ eventTime: undefined, type: 'Fine', deprecatedCount: 3, deprecatedFirstTimestamp: '2026-01-01T00:00:00Z', deprecatedSource: { component: 'x' }, series: { count: 1 } }),
      [
        'series.count: Invalid value: "": should be at least 2',
        'series.lastObservedTime: Required value',
        'eventTime: Required value',
        'type: Invalid value: "": has invalid value: Fine',
        'firstTimestamp: Invalid value: "": needs to be unset',
        'count: Invalid value: "": needs to be unset',
        'source: Invalid value: "": needs to be unset',
      ],
    ],
    [
      'a new-style event without its reporter',
      newEvent({ reportingController: '', reportingInstance: '', action: '', reason: '' }),
      ['reportingController: Required value', 'reportingController: Invalid value: "": name part must be non-empty', 'reportingController: Invalid value: "": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')', 'reportingInstance: Required value', 'action: Required value', 'reason: Required value'],
    ],
    [
      'an object in another namespace',
      newEvent({ regarding: { kind: 'Pod', name: 'p' }, metadata: { name: 'x', namespace: 'team' } }),
      ['involvedObject.namespace: Invalid value: "": does not match event.namespace'],
    ],
    ['a name that is not a DNS subdomain', newEvent({ metadata: { name: 'Web_1', namespace: 'default' } }), [expect.stringMatching(/^metadata\.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain/) as unknown as string]],
  ];

  it.each(cases)('rejects %s', (_name, ev, want) => {
    expect(msgs(eventsV1EventKind.validate(ev))).toEqual(want);
  });

  it('lets an update change the series only (and metadata)', () => {
    const old = eventV1ToCore(newEvent({ metadata: { name: 'web.1', namespace: 'default', resourceVersion: '1' } }));
    const bumped = { ...old, series: { count: 2, lastObservedTime: '2026-01-01T00:05:00.000000Z' } };
    expect(validateEventsV1Update(bumped, old)).toEqual([]);
    expect(msgs(validateEventsV1Update({ ...old, message: 'changed', action: 'Other', series: { count: 1, lastObservedTime: '2026-01-01T00:05:00.000000Z' } }, old))).toEqual([
      'series.count: Invalid value: "": should be at least 2',
      'message: Invalid value: "changed": field is immutable',
      'action: Invalid value: "Other": field is immutable',
    ]);
  });
});
