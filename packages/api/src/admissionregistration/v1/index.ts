// admissionregistration.k8s.io/v1: ValidatingWebhookConfiguration, MutatingWebhookConfiguration,
// ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding. Served as storage only: no webhook
// is called and no policy evaluated yet.
import type { KindDefinition } from '../../kind.ts';
import { mutatingWebhookConfigurationKind, validatingAdmissionPolicyBindingKind, validatingAdmissionPolicyKind, validatingWebhookConfigurationKind } from './kinds.ts';

export {
  MatchResources as AdmissionMatchResources,
  MutatingWebhook,
  MutatingWebhookConfiguration,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingAdmissionPolicyBindingSpec,
  ValidatingAdmissionPolicySpec,
  ValidatingAdmissionPolicyStatus,
  ValidatingWebhook,
  ValidatingWebhookConfiguration,
  WebhookClientConfig as AdmissionWebhookClientConfig,
} from './types.ts';
export { mutatingWebhookConfigurationKind, validatingAdmissionPolicyBindingKind, validatingAdmissionPolicyKind, validatingWebhookConfigurationKind } from './kinds.ts';
export { admissionregistrationGroupName } from './names.ts';
export {
  acceptedAdmissionReviewVersions,
  defaultMutatingWebhookConfiguration,
  defaultValidatingAdmissionPolicy,
  defaultValidatingAdmissionPolicyBinding,
  defaultValidatingWebhookConfiguration,
  validateMutatingWebhookConfiguration,
  validateMutatingWebhookConfigurationUpdate,
  validateValidatingWebhookConfiguration,
  validateValidatingWebhookConfigurationUpdate,
} from './validation.ts';
export {
  validateMetaConditions,
  validateValidatingAdmissionPolicy,
  validateValidatingAdmissionPolicyBinding,
  validateValidatingAdmissionPolicyBindingUpdate,
  validateValidatingAdmissionPolicyStatusUpdate,
  validateValidatingAdmissionPolicyUpdate,
} from './policy-validation.ts';

/** The kinds of admissionregistration.k8s.io/v1 kapi serves. */
export const admissionregistrationV1Kinds: readonly KindDefinition[] = [
  validatingWebhookConfigurationKind as KindDefinition,
  mutatingWebhookConfigurationKind as KindDefinition,
  validatingAdmissionPolicyKind as KindDefinition,
  validatingAdmissionPolicyBindingKind as KindDefinition,
];
