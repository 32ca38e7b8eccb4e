// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printNetworkPolicy and
// printIngressClass (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, formatLabelSelector, nameColumn, nameOf, type LabelSelectorJson } from './format.ts';

/** The printer of `networkpolicies`: NAME, POD-SELECTOR, AGE. */
export const networkPolicyPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column(
      'Pod-Selector',
      'string',
      'Selects the pods to which this NetworkPolicy object applies. The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods. In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.',
    ),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj.spec ?? {}) as { podSelector?: LabelSelectorJson };
    // The internal spec's podSelector is a struct, never nil: an absent one prints as empty.
    return [nameOf(obj), formatLabelSelector(spec.podSelector ?? {}), age(obj, now)];
  },
  emptyRowsAsArray: true,
};

type ParametersJson = { apiGroup?: string; kind?: string; name?: string };

/** The printer of `ingressclasses`: NAME, CONTROLLER, PARAMETERS (`Kind[.group]/name` or `<none>`), AGE. */
export const ingressClassPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Controller', 'string', 'Controller that is responsible for handling this class'),
    column('Parameters', 'string', 'A reference to a resource with additional parameters'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj.spec ?? {}) as { controller?: string; parameters?: ParametersJson };
    const p = spec.parameters;
    let parameters = '<none>';
    if (p) parameters = `${p.kind ?? ''}${p.apiGroup !== undefined ? `.${p.apiGroup}` : ''}/${p.name ?? ''}`;
    return [nameOf(obj), spec.controller ?? '', parameters, age(obj, now)];
  },
  emptyRowsAsArray: true,
};
