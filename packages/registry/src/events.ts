// Behaviour of k8s.io/kubernetes pkg/registry/events/rest and pkg/registry/core/event (v1.33):
// events.k8s.io/v1 Events are the core/v1 Events (one storage, `/registry/events`), converted both
// ways; requests to events.k8s.io/v1 get the strict validation of ValidateEventCreate/Update, field
// selectors name the events.k8s.io fields (regarding.*, reportingController), and the table is
// kube's printEvent of the core Event. Events expire --event-ttl after each write (kube's event
// REST TTLFunc, pkg/registry/core/event/storage/storage.go); the events.k8s.io/v1 view writes through
// the core store, so its Events expire the same way.
import {
  coreEventToV1,
  eventV1ToCore,
  eventsV1EventKind,
  eventsV1FieldLabels,
  validateEventsV1Create,
  validateEventsV1Update,
  type Event,
  type EventsV1Event,
  type KindDefinition,
} from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource, ResourceSettings } from './builtin-resource.ts';
import { createConvertingStore } from './converting-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import { eventCells, eventColumns } from './printers/event.ts';
import type { TableConvertor } from './table-convertor.ts';
import type { TTLFunc } from './generic-store.ts';

/** kube-apiserver's --event-ttl default: one hour. */
export const defaultEventTTLSeconds = 3600;

/**
 * The TTLFunc of core/v1 Events (kube's event NewREST): every create and update of an Event,
 * whatever it changes, writes it to live eventTTLSeconds from then; 0 writes it without a TTL.
 */
export const eventTTL =
  ({ eventTTLSeconds }: ResourceSettings): TTLFunc =>
  () =>
    eventTTLSeconds;

/** printEvent over the core Event an events.k8s.io/v1 Event is. */
const eventsV1Printer: TableConvertor = {
  columns: eventColumns,
  cells: (obj, now) => eventCells(eventV1ToCore(obj as EventsV1Event), now),
  emptyRowsAsArray: true,
};

/** events of events.k8s.io/v1, served from the core/v1 events. */
export function eventsResources(): BuiltinResource[] {
  return [
    {
      definition: eventsV1EventKind as KindDefinition,
      table: eventsV1Printer,
      rest: (info, registry) => {
        const core = () => {
          const e = registry().find((x) => x.info.group === '' && x.info.version === 'v1' && x.info.resource === 'events');
          if (!e) throw new Error('core/v1 events are not served');
          return e.store;
        };
        const store = createConvertingStore({
          info,
          // kube's event strategy, shared with core: a PUT may create a missing Event.
          strategy: strategyForKind(eventsV1EventKind as KindDefinition, { selectableFields: Object.keys(eventsV1FieldLabels), allowCreateOnUpdate: true }),
          storage: core,
          toStorage: (obj: KubeObject) => eventV1ToCore(obj as EventsV1Event),
          fromStorage: (obj: KubeObject) => coreEventToV1(obj as Event),
          validateCreate: (obj) => validateEventsV1Create(obj as Event),
          validateUpdate: (obj, old) => validateEventsV1Update(obj as Event, old as Event),
          fieldLabels: eventsV1FieldLabels,
        });
        return { store };
      },
    },
  ];
}
