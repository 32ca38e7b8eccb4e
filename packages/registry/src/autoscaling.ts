// Behaviour of k8s.io/kubernetes pkg/registry/autoscaling/horizontalpodautoscaler (strategy.go,
// storage/storage.go) and pkg/registry/autoscaling/rest (v1.33): horizontalpodautoscalers stored
// as autoscaling/v2 under `/registry/horizontalpodautoscalers`, served as autoscaling/v2 and, through
// conversion, as autoscaling/v1, each with a `status` subresource. A create clears the status, an
// update keeps it; no generation (kube sets one from v1.36 only, behind HPAGeneration); the alpha
// `tolerance` (HPAConfigurableTolerance, off in v1.33) is dropped unless the stored object has one.
import {
  autoscalingGroupName,
  defaultHorizontalPodAutoscaler,
  horizontalPodAutoscalerKind,
  horizontalPodAutoscalerV1Kind,
  hpaV1ToV2,
  hpaV2Normalized,
  hpaV2ToV1,
  validateHorizontalPodAutoscalerStatusUpdate,
  type HorizontalPodAutoscaler,
  type HorizontalPodAutoscalerV1,
  type KindDefinition,
} from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { createConvertingStore } from './converting-store.ts';
import type { GenericStore } from './generic-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import { horizontalPodAutoscalerPrinter, horizontalPodAutoscalerV1Printer } from './printers/autoscaling.ts';
import type { RESTStrategy } from './strategy.ts';

type Rules = { tolerance?: unknown } | null | undefined;

function toleranceInUse(hpa: KubeObject | undefined): boolean {
  const b = (hpa as HorizontalPodAutoscaler | undefined)?.spec?.behavior;
  return ((b?.scaleUp as Rules)?.tolerance ?? (b?.scaleDown as Rules)?.tolerance) != null;
}

/** dropDisabledFields: HPAConfigurableTolerance is off, so a new tolerance is dropped. */
function dropDisabledFields(hpa: KubeObject, old: KubeObject | undefined): void {
  if (toleranceInUse(old)) return;
  const b = (hpa as HorizontalPodAutoscaler).spec?.behavior;
  for (const rules of [b?.scaleUp, b?.scaleDown]) if (rules) delete rules.tolerance;
}

/** autoscalerStrategy. */
const hpaStrategy: Partial<RESTStrategy> = {
  resetFields: [['status']],
  prepareForCreate(hpa) {
    // The zero HorizontalPodAutoscalerStatus, whose desiredReplicas Go always writes.
    hpa.status = { desiredReplicas: 0 };
    dropDisabledFields(hpa, undefined);
  },
  prepareForUpdate(hpa, old) {
    if (old.status !== undefined) hpa.status = old.status;
    else delete hpa.status;
    dropDisabledFields(hpa, old);
  },
};

/**
 * The v2 object as Go writes it: its status (a struct, always there) has currentMetrics (no
 * omitempty) even when there are none, as null; the fields in Go's order.
 */
function withGoStatus(obj: KubeObject): KubeObject {
  const status = (obj.status ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas']) if (status[k] !== undefined) out[k] = status[k];
  out.currentMetrics = status.currentMetrics ?? null;
  for (const [k, v] of Object.entries(status)) if (!(k in out)) out[k] = v;
  return { ...obj, status: out };
}

/** What a v2 write stores: no round-trip annotations (Convert_v2_..._To_autoscaling), no null currentMetrics. */
function v2ToStorage(obj: KubeObject): KubeObject {
  const out = hpaV2Normalized(obj as HorizontalPodAutoscaler) as KubeObject;
  const status = out.status as Record<string, unknown> | undefined;
  if (status?.currentMetrics !== null) return out;
  const { currentMetrics: _, ...rest } = status;
  return { ...out, status: rest };
}

const isV2 = (e: { info: { group: string; version: string; resource: string } }) =>
  e.info.group === autoscalingGroupName && e.info.version === 'v2' && e.info.resource === 'horizontalpodautoscalers';

/** horizontalpodautoscalers of autoscaling/v2 (first: the preferred version) and autoscaling/v1. */
export function autoscalingResources(): BuiltinResource[] {
  const v2: BuiltinResource = {
    definition: horizontalPodAutoscalerKind as KindDefinition,
    strategy: hpaStrategy,
    table: horizontalPodAutoscalerPrinter,
    status: true,
    statusStrategy: { validateUpdate: (obj, old) => validateHorizontalPodAutoscalerStatusUpdate(obj as HorizontalPodAutoscaler, old as HorizontalPodAutoscaler) },
    wrapStore: (generic) => createConvertingStore({ info: generic.info, strategy: generic.strategy, storage: () => generic, toStorage: v2ToStorage, fromStorage: withGoStatus }),
  };
  const v1: BuiltinResource = {
    definition: horizontalPodAutoscalerV1Kind as KindDefinition,
    table: horizontalPodAutoscalerV1Printer,
    rest: (info, registry) => {
      const storage = () => {
        const e = registry().find(isV2);
        if (!e) throw new Error('autoscaling/v2 horizontalpodautoscalers are not served');
        return e;
      };
      const conversion = {
        toStorage: (obj: KubeObject) => hpaV2Normalized(hpaV1ToV2(obj as HorizontalPodAutoscalerV1)),
        fromStorage: (obj: KubeObject) => hpaV2ToV1(obj as HorizontalPodAutoscaler),
        storageDefaults: (obj: KubeObject) => defaultHorizontalPodAutoscaler(obj as HorizontalPodAutoscaler),
      };
      const strategy = strategyForKind(horizontalPodAutoscalerV1Kind as KindDefinition, { resetFields: [['status']] });
      const store = createConvertingStore({ info, strategy, storage: () => storage().store, ...conversion });
      const status: GenericStore = createConvertingStore({
        info,
        strategy: { ...strategy, resetFields: [['spec']] },
        storage: () => {
          const s = storage().subresources.status;
          if (!s) throw new Error('autoscaling/v2 horizontalpodautoscalers/status is not served');
          return s;
        },
        ...conversion,
        verbs: ['get', 'patch', 'update'],
      });
      return { store, subresources: { status } };
    },
  };
  return [v2, v1];
}
