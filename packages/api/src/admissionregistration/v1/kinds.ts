// Behaviour of k8s.io/kubernetes pkg/registry/admissionregistration/{validatingwebhookconfiguration,
// mutatingwebhookconfiguration,validatingadmissionpolicy,validatingadmissionpolicybinding}/strategy.go
// (v1.33): the four cluster-scoped kinds of admissionregistration.k8s.io/v1.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { admissionregistrationGroupName } from './names.ts';
import { MutatingWebhookConfiguration, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding, ValidatingWebhookConfiguration } from './types.ts';
import {
  defaultMutatingWebhookConfiguration,
  defaultValidatingAdmissionPolicy,
  defaultValidatingAdmissionPolicyBinding,
  defaultValidatingWebhookConfiguration,
  validateMutatingWebhookConfiguration,
  validateMutatingWebhookConfigurationUpdate,
  validateValidatingWebhookConfiguration,
  validateValidatingWebhookConfigurationUpdate,
} from './validation.ts';
import {
  validateValidatingAdmissionPolicy,
  validateValidatingAdmissionPolicyBinding,
  validateValidatingAdmissionPolicyBindingUpdate,
  validateValidatingAdmissionPolicyUpdate,
} from './policy-validation.ts';

export const validatingWebhookConfigurationKind = defineKind<ValidatingWebhookConfiguration>({
  group: admissionregistrationGroupName,
  version: 'v1',
  kind: 'ValidatingWebhookConfiguration',
  resource: 'validatingwebhookconfigurations',
  singular: 'validatingwebhookconfiguration',
  categories: ['api-extensions'],
  namespaced: false,
  schema: ValidatingWebhookConfiguration,
  proto: protoMessageOf(ValidatingWebhookConfiguration),
  description: 'Admission webhooks that accept or reject objects without changing them.',
  defaults: (c) => defaultValidatingWebhookConfiguration(c),
  validate: (c) => validateValidatingWebhookConfiguration(c),
  validateUpdate: (c, old) => validateValidatingWebhookConfigurationUpdate(c, old),
});

export const mutatingWebhookConfigurationKind = defineKind<MutatingWebhookConfiguration>({
  group: admissionregistrationGroupName,
  version: 'v1',
  kind: 'MutatingWebhookConfiguration',
  resource: 'mutatingwebhookconfigurations',
  singular: 'mutatingwebhookconfiguration',
  categories: ['api-extensions'],
  namespaced: false,
  schema: MutatingWebhookConfiguration,
  proto: protoMessageOf(MutatingWebhookConfiguration),
  description: 'Admission webhooks that accept or reject and may change objects.',
  defaults: (c) => defaultMutatingWebhookConfiguration(c),
  validate: (c) => validateMutatingWebhookConfiguration(c),
  validateUpdate: (c, old) => validateMutatingWebhookConfigurationUpdate(c, old),
});

export const validatingAdmissionPolicyKind = defineKind<ValidatingAdmissionPolicy>({
  group: admissionregistrationGroupName,
  version: 'v1',
  kind: 'ValidatingAdmissionPolicy',
  resource: 'validatingadmissionpolicies',
  singular: 'validatingadmissionpolicy',
  categories: ['api-extensions'],
  namespaced: false,
  schema: ValidatingAdmissionPolicy,
  proto: protoMessageOf(ValidatingAdmissionPolicy),
  description: 'CEL validations that accept or reject objects without changing them.',
  defaults: (p) => defaultValidatingAdmissionPolicy(p),
  validate: (p) => validateValidatingAdmissionPolicy(p),
  validateUpdate: (p, old) => validateValidatingAdmissionPolicyUpdate(p, old),
});

export const validatingAdmissionPolicyBindingKind = defineKind<ValidatingAdmissionPolicyBinding>({
  group: admissionregistrationGroupName,
  version: 'v1',
  kind: 'ValidatingAdmissionPolicyBinding',
  resource: 'validatingadmissionpolicybindings',
  singular: 'validatingadmissionpolicybinding',
  categories: ['api-extensions'],
  namespaced: false,
  schema: ValidatingAdmissionPolicyBinding,
  proto: protoMessageOf(ValidatingAdmissionPolicyBinding),
  description: 'Binds a ValidatingAdmissionPolicy to parameters and resources.',
  defaults: (b) => defaultValidatingAdmissionPolicyBinding(b),
  validate: (b) => validateValidatingAdmissionPolicyBinding(b),
  validateUpdate: (b, old) => validateValidatingAdmissionPolicyBindingUpdate(b, old),
});
