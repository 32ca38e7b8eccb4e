// events.k8s.io/v1: Event, served from the core/v1 Events' storage through conversion. Its names
// carry `EventsV1` where core/v1 has the same ones.
import type { KindDefinition } from '../../kind.ts';
import { eventsV1EventKind } from './kinds.ts';

export { EventsV1Event, EventsV1EventSeries, eventsGroupName } from './types.ts';
export { coreEventToV1, eventV1ToCore, eventsV1FieldLabels } from './conversion.ts';
export { legacyValidateEventV1, validateEventsV1Create, validateEventsV1Update } from './validation.ts';
export { eventsV1EventKind } from './kinds.ts';

/** The kinds of events.k8s.io/v1 kapi serves. */
export const eventsV1Kinds: readonly KindDefinition[] = [eventsV1EventKind as KindDefinition];
