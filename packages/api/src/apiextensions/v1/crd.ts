// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1 (register.go, types.go)
// and pkg/registry/customresourcedefinition/etcd.go (names) (v1.33): the
// CustomResourceDefinition kind.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { defaultCustomResourceDefinition } from './defaults.ts';
import { apiextensionsGroup } from './names.ts';
import { CustomResourceDefinition } from './types.ts';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from './validation.ts';

export const customResourceDefinitionKind = defineKind<CustomResourceDefinition>({
  group: apiextensionsGroup,
  version: 'v1',
  kind: 'CustomResourceDefinition',
  resource: 'customresourcedefinitions',
  singular: 'customresourcedefinition',
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
  namespaced: false,
  schema: CustomResourceDefinition,
  proto: protoMessageOf(CustomResourceDefinition),
  description: 'A resource defined by its users and served by the API server.',
  defaults: defaultCustomResourceDefinition,
  validate: validateCustomResourceDefinition,
  validateUpdate: validateCustomResourceDefinitionUpdate,
});
