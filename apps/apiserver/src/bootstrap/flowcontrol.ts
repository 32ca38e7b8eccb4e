// Behaviour of k8s.io/apiserver pkg/apis/flowcontrol/bootstrap/default.go (v0.33: the suggested
// configuration), k8s.io/kubernetes pkg/registry/flowcontrol/rest/storage_flowcontrol.go and
// pkg/registry/flowcontrol/ensurer (the `priority-and-fairness-config-producer` post-start hook),
// and the FlowSchema `Dangling` condition k8s.io/apiserver pkg/util/flowcontrol/apf_controller.go
// writes (presyncFlowSchemaStatus). One pass, as kube's hook makes at start:
// - the suggested objects: created when missing; an existing one gets the bootstrap spec when its
//   `apf.kubernetes.io/autoupdate-spec` annotation says true (or, missing or unparsable, when its
//   generation is 1), and the annotation is set to what was decided;
// - the mandatory objects (exempt, catch-all): created when missing, their spec always restored
//   (of the `exempt` priority level, all but `spec.exempt`), the annotation set to "true";
// - objects annotated autoupdate "true" that the configuration no longer holds are deleted;
// - every FlowSchema's status gets the Dangling condition: False (Found) when its priority level
//   exists, True (NotFound) when not.
// The writes carry the managedFields kube's controllers leave (the producer's Update, the consumer's
// status Apply). Writes that lose a race are left for the next pass, as kube leaves them for its
// next round. kube repeats the pass every minute and its APF controller resyncs the condition on
// every change; here the pass runs at start (ensureFlowcontrolBootstrap) and the condition follows
// changes while startFlowSchemaStatusController runs.
import {
  FlowSchema,
  FlowSchemaSpec,
  PriorityLevelConfiguration,
  PriorityLevelConfigurationSpec,
  autoUpdateAnnotationKey,
  bootstrapFlowSchema,
  bootstrapPriorityLevelConfiguration,
  everythingRule,
  flowSchemaKind,
  groupSubjects,
  kubeSystemServiceAccountSubjects,
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  priorityLevelConfigurationKind,
  priorityLevelConfigurationNameExempt,
  userSubjects,
  type KindDefinition,
} from '@kapi/api';
import {
  encodeMessage,
  fillGoStructs,
  goZeroJson,
  isAlreadyExists,
  isConflict,
  isNotFound,
  metaOf,
  openAPIComponents,
  protoMessageOf,
  type KubeObject,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { createFieldManager, createTypeConverter, type FieldManager, type TypeConverter } from '@kapi/patch/managedfields';
import type { Registry } from '@kapi/registry';
import { FieldSet, newExcludeSetFilter, type Filter } from '@kapi/structured-merge-diff';

const group = 'flowcontrol.apiserver.k8s.io';

// Well-known users and groups (k8s.io/apiserver pkg/authentication/user, serviceaccount).
const kubeControllerManager = 'system:kube-controller-manager';
const kubeScheduler = 'system:kube-scheduler';
const nodesGroup = 'system:nodes';
const allServiceAccountsGroup = 'system:serviceaccounts';
const allUnauthenticated = 'system:unauthenticated';
const allAuthenticated = 'system:authenticated';

const queue = (queues: number, handSize: number) => ({ type: 'Queue', queuing: { queues, handSize, queueLengthLimit: 50 } });
const limited = (name: string, nominalConcurrencyShares: number, lendablePercent: number, queues: number, handSize: number) =>
  bootstrapPriorityLevelConfiguration(name, { type: 'Limited', limited: { nominalConcurrencyShares, lendablePercent, limitResponse: queue(queues, handSize) } });

/** SuggestedPriorityLevelConfigurations, in kube's order. */
export const suggestedPriorityLevelConfigurations: readonly PriorityLevelConfiguration[] = [
  limited('system', 30, 33, 64, 6),
  limited('node-high', 40, 25, 64, 6),
  limited('leader-election', 10, 0, 16, 4),
  limited('workload-high', 40, 50, 128, 6),
  limited('workload-low', 100, 90, 128, 6),
  limited('global-default', 20, 50, 128, 6),
];

const rule = (verbs: string[], apiGroups: string[], resources: string[], clusterScope: boolean) => ({ verbs, apiGroups, resources, clusterScope, namespaces: ['*'] });
const getCreateUpdate = ['get', 'create', 'update'];

/** SuggestedFlowSchemas, in kube's order. */
export const suggestedFlowSchemas: readonly FlowSchema[] = [
  bootstrapFlowSchema('system-nodes', 'system', 500, 'ByUser', everythingRule(groupSubjects(nodesGroup))),
  bootstrapFlowSchema('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groupSubjects(nodesGroup),
    resourceRules: [rule(['*'], [''], ['nodes', 'nodes/status'], true), rule(['*'], ['coordination.k8s.io'], ['leases'], false)],
  }),
  bootstrapFlowSchema('probes', 'exempt', 2, '', {
    subjects: groupSubjects(allUnauthenticated, allAuthenticated),
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
  }),
  bootstrapFlowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...userSubjects(kubeControllerManager, kubeScheduler), ...kubeSystemServiceAccountSubjects('*')],
    resourceRules: [rule(getCreateUpdate, ['coordination.k8s.io'], ['leases'], false)],
  }),
  bootstrapFlowSchema('workload-leader-election', 'leader-election', 200, 'ByUser', {
    subjects: kubeSystemServiceAccountSubjects('*'),
    resourceRules: [rule(getCreateUpdate, [''], ['endpoints', 'configmaps'], false), rule(getCreateUpdate, ['coordination.k8s.io'], ['leases'], false)],
  }),
  bootstrapFlowSchema('endpoint-controller', 'workload-high', 150, 'ByUser', {
    subjects: [...userSubjects(kubeControllerManager), ...kubeSystemServiceAccountSubjects('endpoint-controller', 'endpointslicemirroring-controller')],
    resourceRules: [rule(getCreateUpdate, [''], ['endpoints'], false)],
  }),
  bootstrapFlowSchema('kube-controller-manager', 'workload-high', 800, 'ByNamespace', everythingRule(userSubjects(kubeControllerManager))),
  bootstrapFlowSchema('kube-scheduler', 'workload-high', 800, 'ByNamespace', everythingRule(userSubjects(kubeScheduler))),
  bootstrapFlowSchema('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', everythingRule(kubeSystemServiceAccountSubjects('*'))),
  bootstrapFlowSchema('service-accounts', 'workload-low', 9000, 'ByUser', everythingRule(groupSubjects(allServiceAccountsGroup))),
  bootstrapFlowSchema('global-default', 'global-default', 9900, 'ByUser', everythingRule(groupSubjects(allUnauthenticated, allAuthenticated))),
];

type Store = NonNullable<ReturnType<Registry['lookup']>>['store'];

/** The field managers kube's APF controllers write as (storage_flowcontrol.go, apf_controller.go). */
export const configProducerFieldManager = 'api-priority-and-fairness-config-producer-v1';
export const configConsumerFieldManager = 'api-priority-and-fairness-config-consumer-v1';

let typeConverter: TypeConverter | undefined;
const fieldManagers = new Map<string, FieldManager>();

/**
 * The field manager of a flowcontrol kind (`subresource` '' or `status`), as the server's: these
 * writes go to the registry, not through the HTTP handlers that record managedFields, so they are
 * recorded here as kube records its controllers' requests.
 */
function fieldManagerOf(definition: KindDefinition, subresource: '' | 'status'): FieldManager {
  const key = `${definition.kind}/${subresource}`;
  let fm = fieldManagers.get(key);
  if (fm) return fm;
  typeConverter ??= createTypeConverter(openAPIComponents([FlowSchema, PriorityLevelConfiguration]));
  const apiVersion = `${group}/v1`;
  const reset = subresource === 'status' ? [['metadata'], ['spec']] : [['status']];
  const resetFields = new Map<string, Filter>([[apiVersion, newExcludeSetFilter(FieldSet.of(...reset.map((p) => p.map((fieldName) => ({ fieldName })))))]]);
  fm = createFieldManager({
    typeConverter,
    apiVersion,
    kind: definition.kind,
    subresource,
    resetFields,
    asStructured: (obj) => fillGoStructs(obj, definition.schema),
    emptyObject: () => goZeroJson(definition.schema),
  });
  fieldManagers.set(key, fm);
  return fm;
}

/** The live object of a create: the kind's Go zero value. */
const emptyOf = (definition: KindDefinition): KubeObject => ({ apiVersion: `${group}/v1`, kind: definition.kind, ...goZeroJson(definition.schema) });

/** strconv.ParseBool: undefined where Go reports an error. */
function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

/** shouldUpdateSpec: the annotation decides; without a boolean one, an untouched object (generation 1) is updated. */
function shouldUpdateSpec(obj: KubeObject): boolean {
  const meta = metaOf(obj);
  return parseBool(meta.annotations?.[autoUpdateAnnotationKey]) ?? meta.generation === 1;
}

/** Semantic.DeepEqual of two specs: equal when gogo writes the same bytes. */
function sameSpec(message: ProtoMessage, a: unknown, b: unknown): boolean {
  const bytes = (v: unknown) => Buffer.from(encodeMessage(message, (v ?? {}) as Record<string, unknown>));
  return bytes(a).equals(bytes(b));
}

interface Kind {
  readonly resource: string;
  readonly definition: KindDefinition;
  /** Whether `current` already has the (defaulted) bootstrap spec (flowSchemaSpecEqual, plcSpecEqualish). */
  specEqual(bootstrap: KubeObject, current: KubeObject): boolean;
}

const flowSchemaSpecMessage = protoMessageOf(FlowSchemaSpec);
const plcSpecMessage = protoMessageOf(PriorityLevelConfigurationSpec);

/** A copy of `obj` with the kind's defaults applied (SetObjectDefaults_*). */
function defaulted(definition: KindDefinition, obj: KubeObject): KubeObject {
  const copy = structuredClone(obj);
  definition.defaults(copy);
  return copy;
}

const flowSchemas: Kind = {
  resource: 'flowschemas',
  definition: flowSchemaKind as KindDefinition,
  specEqual: (bootstrap, current) => sameSpec(flowSchemaSpecMessage, defaulted(flowSchemaKind as KindDefinition, bootstrap).spec, current.spec),
};

const priorityLevels: Kind = {
  resource: 'prioritylevelconfigurations',
  definition: priorityLevelConfigurationKind as KindDefinition,
  specEqual(bootstrap, current) {
    const want = defaulted(priorityLevelConfigurationKind as KindDefinition, bootstrap) as PriorityLevelConfiguration;
    const have = current as PriorityLevelConfiguration;
    // The exempt level's `spec.exempt` is the operator's to tune.
    if (metaOf(want).name === priorityLevelConfigurationNameExempt && want.spec?.exempt) {
      if (have.spec?.exempt === undefined) return false;
      const { nominalConcurrencyShares, lendablePercent } = have.spec.exempt;
      want.spec.exempt = {
        ...(nominalConcurrencyShares !== undefined ? { nominalConcurrencyShares } : {}),
        ...(lendablePercent !== undefined ? { lendablePercent } : {}),
      };
    }
    return sameSpec(plcSpecMessage, want.spec, have.spec);
  },
};

/**
 * EnsureConfiguration with the mandatory strategy (`always`) or the suggested one: creates the
 * object when missing, else revises its spec and annotation where the strategy says so.
 */
async function ensureOne(store: Store, kind: Kind, bootstrap: KubeObject, always: boolean): Promise<void> {
  const name = metaOf(bootstrap).name!;
  let current: KubeObject;
  for (;;) {
    try {
      current = await store.get({}, name);
      break;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await store.create({}, fieldManagerOf(kind.definition, '').updateNoErrors(emptyOf(kind.definition), structuredClone(bootstrap), configProducerFieldManager));
      return;
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
  const autoUpdateSpec = always || shouldUpdateSpec(current);
  const updateAnnotation = parseBool(metaOf(current).annotations?.[autoUpdateAnnotationKey]) !== autoUpdateSpec;
  const specChanged = autoUpdateSpec && !kind.specEqual(bootstrap, current);
  if (!updateAnnotation && !specChanged) return;
  const revised = structuredClone(current);
  if (updateAnnotation) {
    const meta = metaOf(revised);
    meta.annotations = { ...(meta.annotations ?? {}), [autoUpdateAnnotationKey]: String(autoUpdateSpec) };
  }
  if (specChanged) revised.spec = structuredClone(bootstrap.spec);
  try {
    await store.update({}, name, (live) => fieldManagerOf(kind.definition, '').updateNoErrors(live ?? current, revised, configProducerFieldManager));
  } catch (err) {
    // A concurrent change (or delete) wins; the next pass looks again.
    if (!isConflict(err) && !isNotFound(err)) throw err;
  }
}

/** RemoveUnwantedObjects: objects annotated autoupdate true that the configuration no longer names. */
async function removeUnwanted(store: Store, wanted: readonly KubeObject[]): Promise<void> {
  const names = new Set(wanted.map((o) => metaOf(o).name));
  const list = await store.list({});
  for (const item of list.items) {
    const meta = metaOf(item);
    if (names.has(meta.name) || parseBool(meta.annotations?.[autoUpdateAnnotationKey]) !== true) continue;
    await store.delete({}, meta.name ?? '', {}).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
    });
  }
}

/** The Dangling condition of a FlowSchema whose priority level exists (`found`) or not. */
export function danglingCondition(priorityLevel: string, found: boolean, now = new Date()) {
  return {
    type: 'Dangling',
    status: found ? 'False' : 'True',
    lastTransitionTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    reason: found ? 'Found' : 'NotFound',
    message: found
      ? `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(priorityLevel)} and it exists`
      : `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(priorityLevel)} but there is no such object`,
  };
}

/**
 * presyncFlowSchemaStatus for every FlowSchema: writes the Dangling condition through `/status`
 * where its status, reason or message differs from what the priority levels say now.
 */
export async function syncFlowSchemaStatuses(registry: Registry): Promise<void> {
  const fsEntry = registry.lookup(group, 'v1', 'flowschemas');
  const plStore = registry.lookup(group, 'v1', 'prioritylevelconfigurations')?.store;
  const statusStore = fsEntry?.subresources.status;
  if (!fsEntry || !plStore || !statusStore) return;
  const levels = new Set((await plStore.list({})).items.map((pl) => metaOf(pl).name));
  const schemas = (await fsEntry.store.list({})).items as FlowSchema[];
  await Promise.all(
    schemas.map(async (fs) => {
      const plName = fs.spec?.priorityLevelConfiguration?.name ?? '';
      const want = danglingCondition(plName, levels.has(plName));
      const have = (fs.status?.conditions ?? []).find((c) => c.type === 'Dangling');
      if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) return;
      const name = metaOf(fs).name ?? '';
      try {
        // ApplyStatus of the condition alone, forced, as the config consumer does.
        const applied = { apiVersion: `${group}/v1`, kind: 'FlowSchema', metadata: { name }, status: { conditions: [want] } };
        const fm = fieldManagerOf(fsEntry.definition, 'status');
        await statusStore.update({}, name, (live) => fm.apply(live ?? fs, applied, configConsumerFieldManager, true));
      } catch (err) {
        if (!isConflict(err) && !isNotFound(err)) throw err;
      }
    }),
  );
}

/**
 * The API Priority and Fairness bootstrap configuration, ensured as kube-apiserver's
 * `priority-and-fairness-config-producer` hook does at start (see the file comment), then the
 * Dangling condition of every FlowSchema. Idempotent.
 */
export async function ensureFlowcontrolBootstrap(registry: Registry): Promise<void> {
  const fsStore = registry.lookup(group, 'v1', flowSchemas.resource)?.store;
  const plStore = registry.lookup(group, 'v1', priorityLevels.resource)?.store;
  if (!fsStore || !plStore) return;
  // Suggested first, then mandatory (kube's ensure), levels before the schemas that name them.
  await Promise.all(suggestedPriorityLevelConfigurations.map((o) => ensureOne(plStore, priorityLevels, o, false)));
  await Promise.all(suggestedFlowSchemas.map((o) => ensureOne(fsStore, flowSchemas, o, false)));
  await Promise.all(mandatoryPriorityLevelConfigurations.map((o) => ensureOne(plStore, priorityLevels, o, true)));
  await Promise.all(mandatoryFlowSchemas.map((o) => ensureOne(fsStore, flowSchemas, o, true)));
  await removeUnwanted(plStore, [...mandatoryPriorityLevelConfigurations, ...suggestedPriorityLevelConfigurations]);
  await removeUnwanted(fsStore, [...mandatoryFlowSchemas, ...suggestedFlowSchemas]);
  await syncFlowSchemaStatuses(registry);
}

/** A running controller; stop() ends its watches and waits for the sync in progress. */
export interface FlowSchemaStatusController {
  stop(): Promise<void>;
}

/**
 * The part of kube's APF config controller that keeps every FlowSchema's Dangling condition true to
 * the priority levels that exist: a watch on both resources schedules a full resync (level-based,
 * coalesced: one at a time, at most one pending) after each change. `onError` hears failed syncs
 * and broken watches (a broken watch is restarted after a second).
 */
export function startFlowSchemaStatusController(registry: Registry, onError: (err: unknown) => void = () => {}): FlowSchemaStatusController {
  const stores = ['flowschemas', 'prioritylevelconfigurations'].map((r) => registry.lookup(group, 'v1', r)?.store);
  if (stores.some((s) => s === undefined)) return { stop: async () => {} };
  let stopped = false;
  let pending = false;
  let running: Promise<void> = Promise.resolve();
  const watchers = new Set<{ stop(): void }>();
  const kick = () => {
    if (stopped || pending) return;
    pending = true;
    running = running.then(async () => {
      pending = false;
      if (stopped) return;
      await syncFlowSchemaStatuses(registry).catch(onError);
    });
  };
  const pump = async (store: Store) => {
    while (!stopped) {
      try {
        const watcher = await store.watch({}, {});
        if (stopped) {
          watcher.stop();
          return;
        }
        watchers.add(watcher);
        for await (const event of watcher) {
          void event;
          kick();
        }
        watchers.delete(watcher);
      } catch (err) {
        onError(err);
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const loops = stores.map((s) => pump(s!));
  kick();
  return {
    async stop() {
      stopped = true;
      for (const w of watchers) w.stop();
      await Promise.all(loops);
      await running;
    },
  };
}
