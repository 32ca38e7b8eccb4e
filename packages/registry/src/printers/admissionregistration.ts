// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printValidatingWebhook,
// printMutatingWebhook, printValidatingAdmissionPolicy and printValidatingAdmissionPolicyBinding (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf, type LabelSelectorJson } from './format.ts';

const webhooksColumn = column('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration');

/** The printer of `validatingwebhookconfigurations` and `mutatingwebhookconfigurations`: NAME, WEBHOOKS, AGE. */
export const webhookConfigurationPrinter: TableConvertor = {
  columns: [nameColumn, webhooksColumn, ageColumn],
  cells: (obj: KubeObject, now) => [nameOf(obj), ((obj.webhooks as unknown[] | undefined) ?? []).length, age(obj, now)],
  emptyRowsAsArray: true,
};

/** The printer of `validatingadmissionpolicies`: NAME, VALIDATIONS, PARAMKIND (`apiVersion/kind` or `<unset>`), AGE. */
export const validatingAdmissionPolicyPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Validations', 'integer', 'Validations indicates the number of validation rules defined in this configuration'),
    column('ParamKind', 'string', 'ParamKind specifies the kind of resources used to parameterize this policy'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj.spec ?? {}) as { validations?: unknown[]; paramKind?: { apiVersion?: string; kind?: string } };
    const pk = spec.paramKind;
    const paramKind = pk ? `${pk.apiVersion ?? ''}/${pk.kind ?? ''}` : '<unset>';
    return [nameOf(obj), (spec.validations ?? []).length, paramKind, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

/** gogo's generated String() of a *metav1.LabelSelector, which kube's binding printer shows. */
export function gogoLabelSelectorString(sel: LabelSelectorJson): string {
  const labels = sel.matchLabels ?? {};
  const keys = Object.keys(labels).sort();
  const matchLabels = `map[string]string{${keys.map((k) => `${k}: ${labels[k]},`).join('')}}`;
  const exprs = (sel.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key ?? ''},Operator:${e.operator ?? ''},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:${matchLabels},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

/** The printer of `validatingadmissionpolicybindings`: NAME, POLICYNAME, PARAMREF, AGE. */
export const validatingAdmissionPolicyBindingPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('PolicyName', 'string', 'PolicyName indicates the policy definition which the policy binding binded to'),
    column('ParamRef', 'string', 'ParamRef indicates the param resource which sets the configration param'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj.spec ?? {}) as { policyName?: string; paramRef?: { name?: string; namespace?: string; selector?: LabelSelectorJson } };
    let paramName = '<unset>';
    const pr = spec.paramRef;
    if (pr) {
      // A name without a namespace prints as `*/name`: the printer cannot tell whether the param is cluster-scoped.
      if ((pr.name ?? '') !== '') paramName = (pr.namespace ?? '') !== '' ? `${pr.namespace}/${pr.name}` : `*/${pr.name}`;
      else if (pr.selector) paramName = gogoLabelSelectorString(pr.selector);
    }
    return [nameOf(obj), spec.policyName ?? '', paramName, age(obj, now)];
  },
  emptyRowsAsArray: true,
};
