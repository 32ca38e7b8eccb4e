// Behaviour of k8s.io/endpointslice/util/endpointslice_tracker.go (v1.33): the generations of the
// EndpointSlices the controller wrote, by Service, to tell its own writes' watch events from others'
// and an informer cache that lags behind them (the sync is retried then rather than acting on
// stale slices).
import type { EndpointSlice, Service } from './internal/core-types.ts';

const deletionExpected = -1;
const serviceLabel = 'kubernetes.io/service-name';

export interface EndpointSliceTracker {
  has(slice: EndpointSlice): boolean;
  /** Not tracked, or newer than the generation this controller wrote. */
  shouldSync(slice: EndpointSlice): boolean;
  /** The cache is behind this controller's writes for the Service (older generations, slices expected gone or missing). */
  staleSlices(service: Service, slices: readonly EndpointSlice[]): boolean;
  update(slice: EndpointSlice): void;
  expectDeletion(slice: EndpointSlice): void;
  /** Forgets a deleted slice; false when its deletion was not expected. */
  handleDeletion(slice: EndpointSlice): boolean;
  deleteService(namespace: string, name: string): void;
}

export function createEndpointSliceTracker(): EndpointSliceTracker {
  const byService = new Map<string, Map<string, number>>();
  const serviceUIDs = new Map<string, string>();
  const serviceKey = (slice: EndpointSlice) => `${slice.metadata?.namespace ?? ''}/${slice.metadata?.labels?.[serviceLabel] ?? ''}`;
  const uidOf = (slice: EndpointSlice) => slice.metadata?.uid ?? '';
  const generationOf = (slice: EndpointSlice) => slice.metadata?.generation ?? 0;
  const generationsOf = (slice: EndpointSlice) => {
    const key = serviceKey(slice);
    let g = byService.get(key);
    if (!g) byService.set(key, (g = new Map()));
    return g;
  };
  return {
    has: (slice) => byService.get(serviceKey(slice))?.has(uidOf(slice)) ?? false,
    shouldSync(slice) {
      const g = byService.get(serviceKey(slice))?.get(uidOf(slice));
      return g === undefined || generationOf(slice) > g;
    },
    staleSlices(service, slices) {
      const key = `${service.metadata?.namespace ?? ''}/${service.metadata?.name ?? ''}`;
      const uid = service.metadata?.uid ?? '';
      const tracked = serviceUIDs.get(key);
      // A Service deleted and created again: the writes for the old one say nothing.
      if (tracked && uid && tracked !== uid) byService.delete(key);
      serviceUIDs.set(key, uid);
      const gens = byService.get(key);
      if (!gens) return false;
      const provided = new Set<string>();
      for (const slice of slices) {
        provided.add(uidOf(slice));
        const g = gens.get(uidOf(slice));
        if (g !== undefined && (g === deletionExpected || g > generationOf(slice))) return true;
      }
      for (const [sliceUID, g] of gens) if (g !== deletionExpected && !provided.has(sliceUID)) return true;
      return false;
    },
    update: (slice) => void generationsOf(slice).set(uidOf(slice), generationOf(slice)),
    expectDeletion: (slice) => void generationsOf(slice).set(uidOf(slice), deletionExpected),
    handleDeletion(slice) {
      const gens = byService.get(serviceKey(slice));
      if (!gens) return true;
      const g = gens.get(uidOf(slice));
      gens.delete(uidOf(slice));
      return g === undefined || g === deletionExpected;
    },
    deleteService(namespace, name) {
      byService.delete(`${namespace}/${name}`);
      serviceUIDs.delete(`${namespace}/${name}`);
    },
  };
}
