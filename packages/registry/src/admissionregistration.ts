// Behaviour of k8s.io/kubernetes pkg/registry/admissionregistration/{validatingwebhookconfiguration,
// mutatingwebhookconfiguration,validatingadmissionpolicy,validatingadmissionpolicybinding}/strategy.go
// and storage (v1.33): a create sets generation 1; a change of the webhooks (configurations) or of
// the spec (policies, bindings) bumps it; policies keep their status to `/status`, which keeps spec
// and metadata; no create by update, no unconditional update; stored under `/registry/<resource>`.
// Storage only: kapi neither calls the webhooks nor evaluates the policies yet, and the paramKind
// authorization check of policy writes is not done.
import {
  validateValidatingAdmissionPolicyStatusUpdate,
  validatingAdmissionPolicyBindingKind,
  validatingAdmissionPolicyKind,
  validatingWebhookConfigurationKind,
  mutatingWebhookConfigurationKind,
  type KindDefinition,
  type ValidatingAdmissionPolicy,
} from '@kapi/api';
import { metaOf, type KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { generationStrategy, specStatusStrategy } from './builtin-resource.ts';
import type { RESTStrategy } from './strategy.ts';
import {
  validatingAdmissionPolicyBindingPrinter,
  validatingAdmissionPolicyPrinter,
  webhookConfigurationPrinter,
} from './printers/admissionregistration.ts';

/**
 * metav1.ResetObjectMetaForStatus: a status write keeps the stored labels, annotations, finalizers,
 * owner references, deletion timestamp and generation.
 */
export function resetObjectMetaForStatus(obj: KubeObject, old: KubeObject): void {
  const meta = metaOf(obj) as Record<string, unknown>;
  const oldMeta = (old.metadata ?? {}) as Record<string, unknown>;
  for (const f of ['deletionTimestamp', 'generation', 'labels', 'annotations', 'finalizers', 'ownerReferences']) {
    if (oldMeta[f] !== undefined) meta[f] = oldMeta[f];
    else delete meta[f];
  }
}

const policyStatusStrategy: Partial<RESTStrategy> = {
  resetFields: [['spec'], ['metadata']],
  prepareForUpdate(obj, old) {
    if (old.spec !== undefined) obj.spec = old.spec;
    else delete obj.spec;
    resetObjectMetaForStatus(obj, old);
  },
  validateUpdate: (obj, old) => validateValidatingAdmissionPolicyStatusUpdate(obj as ValidatingAdmissionPolicy, old as ValidatingAdmissionPolicy),
};

/** The four resources of admissionregistration.k8s.io/v1 with kube's printers. */
export function admissionregistrationResources(): BuiltinResource[] {
  const conditional = { allowUnconditionalUpdate: false };
  return [
    {
      definition: validatingWebhookConfigurationKind as KindDefinition,
      strategy: { ...generationStrategy((obj) => obj.webhooks ?? []), ...conditional },
      table: webhookConfigurationPrinter,
    },
    {
      definition: mutatingWebhookConfigurationKind as KindDefinition,
      strategy: { ...generationStrategy((obj) => obj.webhooks ?? []), ...conditional },
      table: webhookConfigurationPrinter,
    },
    {
      definition: validatingAdmissionPolicyKind as KindDefinition,
      strategy: { ...specStatusStrategy(), ...conditional },
      table: validatingAdmissionPolicyPrinter,
      status: true,
      statusStrategy: policyStatusStrategy,
    },
    {
      definition: validatingAdmissionPolicyBindingKind as KindDefinition,
      strategy: { ...generationStrategy(), ...conditional },
      table: validatingAdmissionPolicyBindingPrinter,
    },
  ];
}
