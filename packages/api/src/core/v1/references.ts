// References to other objects, as declared in k8s.io/api core/v1/types.go and generated.proto
// (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';

/** A reference to an object, with optional pointers into it. */
export const ObjectReference = struct({ ...coreV1('ObjectReference', 'A reference to an object, with optional pointers into it.'), mapType: 'atomic' }, {
  kind: field(1, types.string(), { description: 'Kind of the referenced object.' }),
  namespace: field(2, types.string(), { description: 'Namespace of the referenced object.' }),
  name: field(3, types.string(), { description: 'Name of the referenced object.' }),
  uid: field(4, types.string(), { description: 'UID of the referenced object.' }),
  apiVersion: field(5, types.string(), { description: 'API version of the referenced object.' }),
  resourceVersion: field(6, types.string(), { description: 'The resourceVersion the reference is about.' }),
  fieldPath: field(7, types.string(), { description: 'A path within the object, e.g. spec.containers{name}.' }),
});
export type ObjectReference = z.infer<typeof ObjectReference>;

/** A reference to an object by name in the same namespace. */
export const LocalObjectReference = struct({ ...coreV1('LocalObjectReference', 'A reference to an object by name in the same namespace.'), mapType: 'atomic' }, {
  name: field(1, types.string(), { description: 'Name of the referenced object.', default: '' }),
});
export type LocalObjectReference = z.infer<typeof LocalObjectReference>;

/** A reference to an object of some kind in the same namespace. */
export const TypedLocalObjectReference = struct({ ...coreV1('TypedLocalObjectReference', 'A reference to an object of some kind in the same namespace.'), mapType: 'atomic' }, {
  apiGroup: field(1, types.string(), { description: 'The group of the referenced kind; the core group when unset.', pointer: true }),
  kind: field(2, types.string(), { description: 'The kind of the referenced object.', required: true, default: '' }),
  name: field(3, types.string(), { description: 'Name of the referenced object.', required: true, default: '' }),
});
export type TypedLocalObjectReference = z.infer<typeof TypedLocalObjectReference>;

/** A reference to an object of some kind, possibly in another namespace. */
export const TypedObjectReference = struct(coreV1('TypedObjectReference', 'A reference to an object of some kind, possibly in another namespace.'), {
  apiGroup: field(1, types.string(), { description: 'The group of the referenced kind; the core group when unset.', pointer: true }),
  kind: field(2, types.string(), { description: 'The kind of the referenced object.', required: true, default: '' }),
  name: field(3, types.string(), { description: 'Name of the referenced object.', required: true, default: '' }),
  namespace: field(4, types.string(), { description: 'Namespace of the referenced object; another namespace needs a ReferenceGrant.', pointer: true }),
});
export type TypedObjectReference = z.infer<typeof TypedObjectReference>;
