/**
 * @kapi/patch/managedfields — kube-apiserver's field manager: metadata.managedFields kept on every
 * write (which manager owns which field, through which operation, version and subresource) and
 * server-side apply with conflicts, over @kapi/structured-merge-diff.
 */
export { createFieldManager, type FieldManager, type FieldManagerOptions } from './field-manager.ts';
export { createTypeConverter, createDeducedTypeConverter, type TypeConverter, type ToTypedOptions } from './type-converter.ts';
export {
  decodeManagedFields,
  encodeManagedFields,
  buildManagerIdentifier,
  isResetManagedFields,
  type Managed,
} from './managed.ts';
export { newApplyConflictError, conflictMessage, printManager } from './conflict.ts';
export { lastAppliedConfigAnnotation } from './last-applied.ts';
export { createScaleHandler, type ScaleHandler } from './scale-handler.ts';
export { createCustomResourceTypeConverter, customResourceSchemas, type CustomResourceVersion } from './custom-resource.ts';
