export { apiVersionOf, preferredResources, resourceForKind, type ControllerClient, type ListParams, type PatchOptions, type PatchType, type ResourceClient, type ResourceType, type WatchParams } from './client.ts';
export { createWorkQueue, defaultBackoff, type Backoff, type WorkQueue } from './queue.ts';
export { createInformer, objectKey, type Informer, type InformerHandlers, type InformerOptions } from './informer.ts';
export { createEventRecorder, objectReferenceOf, type EventRecorder, type EventType } from './events.ts';
export { startLeaderElection, type LeaderElectionConfig, type LeaderElector } from './leader-election.ts';
export {
  isControllerEnabled,
  startControllerManager,
  type ControllerContext,
  type ControllerDescriptor,
  type ControllerLogger,
  type ControllerManager,
  type ControllerManagerOptions,
  type RunningController,
} from './manager.ts';
export { serviceAccountsController, syncServiceAccounts, type ServiceAccountsControllerOptions } from './serviceaccounts.ts';
export { descriptionAnnotation, rootCACertConfigMapName, rootCACertPublisher, rootCADescription, syncRootCAConfigMap } from './root-ca-publisher.ts';
export {
  aggregatedRules,
  clusterRoleAggregationController,
  clusterRoleAggregationFieldManager,
  labelSelectorMatcher,
  syncClusterRoleAggregation,
  type PolicyRule,
} from './clusterrole-aggregation.ts';
export {
  byEvictionAndCreationTimestamp,
  createPodGC,
  defaultTerminatedPodThreshold,
  orphanedPodCondition,
  podGCController,
  type PodGC,
  type PodGCOptions,
} from './podgc.ts';
export { namespaceController, namespaceDeletionGracePeriodMs, syncNamespace, finalizerEstimateSeconds, type NamespaceControllerOptions } from './namespace.ts';
export { garbageCollectorController, startGarbageCollector, type GarbageCollector } from './garbage-collector.ts';
export {
  endpointsController,
  endpointsControllerName,
  endpointsLabelManagedBy,
  maxEndpointsCapacity,
  startEndpointsController,
  type EndpointsControllerOptions,
} from './endpoints-controller.ts';
export { endpointSliceController, startEndpointSliceController, type EndpointSliceControllerOptions } from './endpointslice-controller.ts';
export { controllerQualifiedName as endpointSliceControllerName } from './endpointslice-utils.ts';
