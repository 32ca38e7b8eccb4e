// The strategy of a built-in kind, derived from its declaration in @kapi/api.
import type { KindDefinition } from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import { defaultAttrs } from '@kapi/storage';
import { defaultFieldLabelError, metadataFieldLabels } from './field-labels.ts';
import type { RESTStrategy } from './strategy.ts';

/** A strategy whose defaults and validation come from the kind's declaration; hooks may be overridden. */
export function strategyForKind<T extends KubeObject>(def: KindDefinition<T>, overrides: Partial<RESTStrategy<T>> = {}): RESTStrategy<T> {
  return {
    namespaced: def.namespaced,
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: true,
    defaults: (obj) => def.defaults(obj),
    prepareForCreate: () => {},
    prepareForUpdate: () => {},
    validate: (obj) => def.validate(obj),
    validateUpdate: (obj, old) => def.validateUpdate(obj, old),
    canonicalize: () => {},
    getAttrs: (obj) => defaultAttrs(obj),
    // DefaultMetaV1FieldSelectorConversion, for kinds without a field label conversion of their own
    // (cluster-scoped ones take metadata.namespace too, which reads as '').
    selectableFields: metadataFieldLabels,
    ...(overrides.selectableFields === undefined ? { fieldLabelError: defaultFieldLabelError } : {}),
    ...overrides,
  };
}
