// Behaviour of k8s.io/apimachinery pkg/apis/meta/v1 types.go + generated.proto (v0.33.9): the
// meta/v1 messages that travel on the wire without being stored (request options, Status,
// WatchEvent, legacy discovery), declared with their protobuf numbers. k8s.io/api registers them
// in core/v1 too, which is where its fixtures name them. @kapi/apimachinery keeps the shapes the
// server parses (DeleteOptionsBody, Status, APIGroup …); these are their wire declarations.
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { metaV1 } from './names.ts';

const dryRun = () => field(1, types.list(types.string()), { description: 'When present, modifications are not persisted; the only value is All.', listType: 'atomic' });

export const CreateOptions = struct(metaV1('CreateOptions', 'The options of a create.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  dryRun: dryRun(),
  fieldManager: field(3, types.string(), { description: 'The name of the actor making the change.' }),
  fieldValidation: field(4, types.string(), { description: 'How unknown or duplicate fields are handled: Ignore, Warn or Strict.' }),
});

export const UpdateOptions = struct(metaV1('UpdateOptions', 'The options of an update.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  dryRun: dryRun(),
  fieldManager: field(2, types.string(), { description: 'The name of the actor making the change.' }),
  fieldValidation: field(3, types.string(), { description: 'How unknown or duplicate fields are handled: Ignore, Warn or Strict.' }),
});

export const PatchOptions = struct(metaV1('PatchOptions', 'The options of a patch.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  dryRun: dryRun(),
  force: field(2, types.bool(), { description: 'Take over conflicting fields (apply only).', pointer: true }),
  fieldManager: field(3, types.string(), { description: 'The name of the actor making the change; required for apply.' }),
  fieldValidation: field(4, types.string(), { description: 'How unknown or duplicate fields are handled: Ignore, Warn or Strict.' }),
});

export const GetOptions = struct(metaV1('GetOptions', 'The options of a get.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  resourceVersion: field(1, types.string(), { description: 'The resourceVersion the answer must not be older than ("0": any).' }),
});

export const ListOptions = struct(metaV1('ListOptions', 'The options of a list or watch.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  labelSelector: field(1, types.string(), { description: 'A label selector.' }),
  fieldSelector: field(2, types.string(), { description: 'A field selector.' }),
  watch: field(3, types.bool(), { description: 'Watch for changes instead of listing.' }),
  allowWatchBookmarks: field(9, types.bool(), { description: 'Ask for BOOKMARK events.' }),
  resourceVersion: field(4, types.string(), { description: 'Where a list or watch starts.' }),
  resourceVersionMatch: field(10, types.string(), { description: 'How resourceVersion applies to a list: Exact or NotOlderThan.' }),
  timeoutSeconds: field(5, types.int64(), { description: 'How long a watch or list may last.', pointer: true }),
  limit: field(7, types.int64(), { description: 'The most items to return.' }),
  continue: field(8, types.string(), { description: 'Where the next page of a list starts.' }),
  sendInitialEvents: field(11, types.bool(), { description: 'Start a watch with the current state as ADDED events.', pointer: true }),
});

export const Preconditions = struct(metaV1('Preconditions', 'What the object must be for the operation to go on.'), {
  uid: field(1, types.string(), { description: 'The UID the object must have.', pointer: true }),
  resourceVersion: field(2, types.string(), { description: 'The resourceVersion the object must have.', pointer: true }),
});

export const DeleteOptions = struct(metaV1('DeleteOptions', 'The options of a delete.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  gracePeriodSeconds: field(1, types.int64(), { description: 'Seconds before the object is deleted; 0 deletes now.', pointer: true }),
  preconditions: field(2, Preconditions, { description: 'What the object must be for the delete to go on.', pointer: true }),
  orphanDependents: field(3, types.bool(), { description: 'Deprecated: use propagationPolicy.', pointer: true }),
  propagationPolicy: field(4, types.string(), { description: 'Orphan, Background or Foreground.', pointer: true }),
  dryRun: field(5, types.list(types.string()), { description: 'When present, modifications are not persisted; the only value is All.', listType: 'atomic' }),
  ignoreStoreReadErrorWithClusterBreakingPotential: field(6, types.bool(), { description: 'Delete an object that cannot be read (unsafe).', pointer: true }),
});

export const ListMeta = struct(metaV1('ListMeta', 'Metadata of a list.'), {
  selfLink: field(1, types.string(), { description: 'Deprecated; never set.' }),
  resourceVersion: field(2, types.string(), { description: 'The version of the list.' }),
  continue: field(3, types.string(), { description: 'Where the next page of the list starts.' }),
  remainingItemCount: field(4, types.int64(), { description: 'Items left after this page (estimate).', pointer: true }),
});

export const StatusCause = struct(metaV1('StatusCause', 'One cause of an error.'), {
  reason: field(1, types.string(), { description: 'A machine-readable description of the cause.' }),
  message: field(2, types.string(), { description: 'A human-readable description of the cause.' }),
  field: field(3, types.string(), { description: 'The field of the resource that caused the error.' }),
});

export const StatusDetails = struct(metaV1('StatusDetails', 'More about an error, for clients.'), {
  name: field(1, types.string(), { description: 'The name of the resource concerned.' }),
  group: field(2, types.string(), { description: 'The group of the resource concerned.' }),
  kind: field(3, types.string(), { description: 'The kind of the resource concerned.' }),
  uid: field(6, types.string(), { description: 'The UID of the resource concerned.' }),
  causes: field(4, types.list(StatusCause), { description: 'The causes of the error.', listType: 'atomic' }),
  retryAfterSeconds: field(5, types.int32(), { description: 'Seconds a client should wait before retrying.' }),
});

export const Status = struct(metaV1('Status', 'The result of an operation that returns no object (and of every error).'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ListMeta, { description: 'Standard list metadata.' }),
  status: field(2, types.string(), { description: 'Success or Failure.' }),
  message: field(3, types.string(), { description: 'A human-readable description of the status.' }),
  reason: field(4, types.string(), { description: 'A machine-readable description of why the operation failed.' }),
  // kube publishes the (struct) details as an atomic list, a marker on the Go field.
  details: field(5, StatusDetails, { description: 'More about the reason.', pointer: true, listType: 'atomic' }),
  code: field(6, types.int32(), { description: 'The HTTP status code.' }),
});
export type StatusWire = z.infer<typeof Status>;

export const WatchEvent = struct(metaV1('WatchEvent', 'One event of a watch.'), {
  type: field(1, types.string(), { description: 'ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.', required: true, default: '' }),
  object: field(2, types.rawExtension(), { description: 'The object (or an ERROR event\'s Status), encoded as the watch\'s media type.', required: true }),
});

export const GroupVersionForDiscovery = struct(metaV1('GroupVersionForDiscovery', 'A group version a server serves.'), {
  groupVersion: field(1, types.string(), { description: '"group/version".', required: true, default: '' }),
  version: field(2, types.string(), { description: 'The version.', required: true, default: '' }),
});

export const ServerAddressByClientCIDR = struct(metaV1('ServerAddressByClientCIDR', 'The address clients in a CIDR use to reach the server.'), {
  clientCIDR: field(1, types.string(), { description: 'The CIDR the address applies to.', required: true, default: '' }),
  serverAddress: field(2, types.string(), { description: 'host:port of the server.', required: true, default: '' }),
});

export const APIGroup = struct(metaV1('APIGroup', 'A group, its versions and its preferred version.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  name: field(1, types.string(), { description: 'The name of the group.', required: true, default: '' }),
  versions: field(2, types.list(GroupVersionForDiscovery), { description: 'The versions served.', required: true, listType: 'atomic' }),
  preferredVersion: field(3, GroupVersionForDiscovery, { description: 'The version clients should use.' }),
  serverAddressByClientCIDRs: field(4, types.list(ServerAddressByClientCIDR), { description: 'Where clients reach the server, by client CIDR.', listType: 'atomic' }),
});

export const APIVersions = struct(metaV1('APIVersions', 'The versions of the legacy API (/api).'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  versions: field(1, types.list(types.string()), { description: 'The versions served.', required: true, listType: 'atomic' }),
  serverAddressByClientCIDRs: field(2, types.list(ServerAddressByClientCIDR), { description: 'Where clients reach the server, by client CIDR.', required: true, listType: 'atomic' }),
});

export const GroupVersionKind = struct(metaV1('GroupVersionKind', 'A group, version and kind.'), {
  group: field(1, types.string(), { required: true, default: '' }),
  version: field(2, types.string(), { required: true, default: '' }),
  kind: field(3, types.string(), { required: true, default: '' }),
});

export const GroupVersionResource = struct(metaV1('GroupVersionResource', 'A group, version and resource.'), {
  group: field(1, types.string(), { required: true, default: '' }),
  version: field(2, types.string(), { required: true, default: '' }),
  resource: field(3, types.string(), { required: true, default: '' }),
});

/**
 * One resource of a group version's legacy discovery. Go's protobuf wraps `verbs` in a message of
 * its own (Verbs, field 1); kapi serves discovery as JSON only, so it is declared as the list JSON
 * has.
 */
export const APIResource = struct(metaV1('APIResource', 'A resource of a group version.'), {
  name: field(1, types.string(), { description: 'The plural name of the resource.', required: true, default: '' }),
  singularName: field(6, types.string(), { description: 'The singular name of the resource.', required: true, default: '' }),
  namespaced: field(2, types.bool(), { description: 'Whether the resource is namespaced.', required: true, default: false }),
  group: field(8, types.string(), { description: 'The group of the resource, when it is not the group version\'s.' }),
  version: field(9, types.string(), { description: 'The version of the resource, when it is not the group version\'s.' }),
  kind: field(3, types.string(), { description: 'The kind of the resource.', required: true, default: '' }),
  verbs: field(4, types.list(types.string()), { description: 'The verbs the resource supports.', required: true }),
  shortNames: field(5, types.list(types.string()), { description: 'Short names of the resource.', listType: 'atomic' }),
  categories: field(7, types.list(types.string()), { description: 'The categories the resource belongs to.', listType: 'atomic' }),
  storageVersionHash: field(10, types.string(), { description: 'A hash of the version the resource is stored in.' }),
});

export const APIResourceList = struct(metaV1('APIResourceList', 'The resources of a group version.'), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  groupVersion: field(1, types.string(), { description: 'The group version.', required: true, default: '' }),
  resources: field(2, types.list(APIResource), { description: 'The resources.', required: true, listType: 'atomic' }),
});
