/**
 * @kapi/registry — the generic Store that gives every resource kube's REST semantics (create with
 * generated names and system fields, optimistic-concurrency updates, finalizer-aware deletes,
 * selectors, watches), driven by per-kind strategies; and the built-in resources over a storage
 * factory. Storage errors become API Status errors here. It never imports a backend or the cacher.
 */
export { createGenericStore, genericVerbs } from './generic-store.ts';
export type { GenericStore, GenericStoreOptions, TTLFunc, UpdatedObjectInfo, UpdateResult, DeleteResult } from './generic-store.ts';
export type { RESTStrategy } from './strategy.ts';
export { strategyForKind } from './kind-strategy.ts';
export { resourceInfoOf, groupResourceOf, gvkOfResource, apiVersionOf, type ResourceInfo } from './resource.ts';
export type { RequestContext, CreateOptions, UpdateOptions, DeleteOptions, GetOptions, ListOptions } from './options.ts';
export { interpretStorageError } from './storage-errors.ts';
export { createBuiltinRegistry, builtinResources, specStatusStrategy, type BuiltinResource, type Registry, type ResourceEntry, type StorageFactory, type RegistryOptions } from './builtin.ts';
export type { ResourceSettings, StorageConversion } from './builtin-resource.ts';
export { defaultEventTTLSeconds } from './events.ts';
export { immortalNamespaces } from './namespace-store.ts';
export { customResourceDefinitionResource, customResourceDefinitionStrategy, customResourceDefinitionStatusStrategy } from './apiextensions.ts';
export { createScaleSubresource, scaleOf, type Subresource } from './scale.ts';
export { isConnectSubresource, type ConnectSubresource, type ConnectRequest, type ConnectResponse } from './connect-subresources.ts';
export { generateName } from './names.ts';
export { createConvertingStore, conversionOf, type ConvertingStoreOptions, type StoreConversion } from './converting-store.ts';
export {
  defaultTableConvertor,
  configMapTableConvertor,
  namespaceTableConvertor,
  secretTableConvertor,
  age,
  type TableConvertor,
} from './table-convertor.ts';
export { anonymousUser, authenticationResources, invalidBearerTokenError, noTokenAuthenticator, userInfoJson, type AuthenticationOptions, type TokenAuthentication, type TokenAuthenticator, type UserInfo } from './authentication.ts';
export { alwaysAllowAuthorizer, authorizationResources, type AuthorizationAttributes, type AuthorizationDecision, type AuthorizationOptions, type AuthorizationResult, type Authorizer, type NonResourceRuleInfo, type ResourceRuleInfo, type RulesResolver, type RulesResult } from './authorization.ts';
export { componentStatusResource, httpComponentProbe, storageComponentProbe, type ComponentHealth, type ComponentProbe, type ComponentStatusOptions } from './component-status.ts';
export {
  customResourceResources,
  pruneAndDefault,
  type ConversionWebhookTransportFactory,
  type CustomResourceConversionSpec,
  type CustomResourceDefinitionObject,
  type CustomResourceInfo,
} from './customresource.ts';
export { loadCel, mayHoldRules } from './cel-loader.ts';
export { addWarning, collectWarnings, currentWarnings } from './warnings.ts';
export { finalizerDeleteDependents, finalizerOrphanDependents } from './deletion.ts';
