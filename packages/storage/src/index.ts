/**
 * @kapi/storage — storage.Interface and the one Store that implements it over the KV port.
 *
 * Backends (`@kapi/storage-sqlite`, `@kapi/storage-etcd3`) implement only {@link KV}; the Store
 * adds kube's semantics on top: resourceVersions from revisions, optimistic concurrency through
 * guaranteedUpdate, paged lists with continue tokens, and watches that never lose an event. Values
 * pass through a transformer on their way to and from the KV: encryption at rest configured by an
 * EncryptionConfiguration (AES-GCM, AES-CBC, secretbox, identity).
 * Conformance suites for both ports live in `@kapi/storage/testing`.
 */
export type {
  KV,
  KeyValue,
  KvEvent,
  KvRangeOptions,
  KvRangeResult,
  KvWatch,
  KvWatchHandlers,
  KvWatchOptions,
  KvWriteResult,
  KvCompactedError,
} from './kv.ts';
export { isKvCompactedError, newKvCompactedError, prefixRangeEnd } from './kv.ts';
export type {
  StorageInterface,
  GetOptions,
  ListOptions,
  DeleteOptions,
  CreateOptions,
  GuaranteedUpdateOptions,
  UpdateFunc,
  UpdateResult,
  ResponseMeta,
  ResourceVersionMatch,
  ValidateObjectFunc,
} from './interfaces.ts';
export { initialEventsAnnotationKey, withTTL, isUpdateResult } from './interfaces.ts';
export type { StorageError, StorageErrorCode, InternalError } from './errors.ts';
export {
  newStorageError,
  isStorageError,
  isNotFound,
  isExist,
  isConflict,
  isInvalidObj,
  isUnreachable,
  isTimeout,
  isCorruptObj,
  isInvalidArgument,
  isCompacted,
  isTooLargeResourceVersion,
  newInternalError as newStorageInternalError,
  isInternalError,
} from './errors.ts';
export type { SelectionPredicate, ObjectAttrs, AttrFunc } from './predicate.ts';
export { everything, defaultAttrs, predicateMatches, selectsEverything } from './predicate.ts';
export { encodeContinue, decodeContinue } from './continue.ts';
export { createStore, errResourceVersionSetOnCreate, type StoreOptions } from './store.ts';
export type { ObjectConversion } from './conversion.ts';
export { defaultMaxValueBytes } from './internal.ts';
export { tooLargeResourceVersion } from './store-errors.ts';
export {
  createLeaseManager,
  defaultLeaseReuseDurationSeconds,
  defaultLeaseMaxObjectCount,
  type LeaseManager,
  type LeaseManagerConfig,
} from './lease-manager.ts';
export {
  authenticatedDataString,
  defaultContext,
  newPrefixTransformers,
  type Transformer,
  type TransformContext,
  type TransformResult,
  type PrefixTransformer,
} from './transformer/transformer.ts';
export { identityTransformer } from './transformer/identity.ts';
export { newGCMTransformer, newCBCTransformer } from './transformer/aes.ts';
export { newSecretboxTransformer } from './transformer/secretbox.ts';
export {
  loadEncryptionConfig,
  parseEncryptionConfiguration,
  aesGCMTransformerPrefixV1,
  aesCBCTransformerPrefixV1,
  secretboxTransformerPrefixV1,
  type ResourceTransformers,
} from './transformer/config.ts';
export { startCompactor, compactRevKey, defaultCompactionIntervalMs, type Compactor, type CompactorOptions } from './compactor.ts';
