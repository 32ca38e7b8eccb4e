// Behaviour of k8s.io/kubernetes pkg/registry/core/event (the events.k8s.io/v1 REST of
// pkg/registry/events/rest) (v1.33): events of events.k8s.io/v1 (short name `ev`, as core's: the same REST),
// validated with the strict rules of requests to events.k8s.io/v1 on the core Event they store as.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { eventV1ToCore } from './conversion.ts';
import { EventsV1Event, eventsGroupName } from './types.ts';
import { validateEventsV1Create, validateEventsV1Update } from './validation.ts';

export const eventsV1EventKind = defineKind<EventsV1Event>({
  group: eventsGroupName,
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: EventsV1Event,
  proto: protoMessageOf(EventsV1Event),
  description: 'A report of an event somewhere in the cluster.',
  validate: (ev) => validateEventsV1Create(eventV1ToCore(ev)),
  validateUpdate: (ev, old) => validateEventsV1Update(eventV1ToCore(ev), eventV1ToCore(old)),
});
