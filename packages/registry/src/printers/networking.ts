// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printNetworkPolicy,
// printIngressClass, printIngress, printServiceCIDR and printIPAddress (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, compareStrings, formatLabelSelector, nameColumn, nameOf, type LabelSelectorJson } from './format.ts';

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

type IngressRuleJson = { host?: string };
type IngressJson = {
  spec?: { ingressClassName?: string | null; rules?: IngressRuleJson[] | null; tls?: unknown[] | null };
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] | null } };
};

/** formatHosts: the first three hosts of the rules, `+ N more...` after them, `*` for none. */
export function formatIngressHosts(rules: readonly IngressRuleJson[]): string {
  const max = 3;
  const list: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (list.length === max) more = true;
    if (!more && (rule.host ?? '') !== '') list.push(rule.host!);
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${rules.length - max} more...` : ret;
}

/**
 * ingressLoadBalancerStatusStringer: the distinct IPs (else hostnames) of the load balancer, sorted.
 * Server-side tables are generated wide, so the value is never clipped.
 */
export function ingressAddresses(ingress: readonly { ip?: string; hostname?: string }[]): string {
  const set = new Set<string>();
  for (const i of ingress) {
    if ((i.ip ?? '') !== '') set.add(i.ip!);
    else if ((i.hostname ?? '') !== '') set.add(i.hostname!);
  }
  return [...set].sort(compareStrings).join(',');
}

/** The printer of `ingresses`: NAME, CLASS, HOSTS, ADDRESS, PORTS, AGE. */
export const ingressPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
    column('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
    column('Address', 'string', 'Address is a list containing ingress points for the load-balancer'),
    column('Ports', 'string', 'Ports of TLS configurations that open'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const ing = obj as IngressJson;
    const className = ing.spec?.ingressClassName ?? '<none>';
    const ports = (ing.spec?.tls ?? []).length !== 0 ? '80, 443' : '80';
    return [nameOf(obj), className, formatIngressHosts(ing.spec?.rules ?? []), ingressAddresses(ing.status?.loadBalancer?.ingress ?? []), ports, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

/** The printer of `servicecidrs`: NAME, CIDRS (comma-separated), AGE. */
export const serviceCIDRPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column(
      'CIDRs',
      'string',
      'CIDRs defines the IP blocks in CIDR notation (e.g. "192.168.0.0/24" or "2001:db8::/64") from which to assign service cluster IPs. Max of two CIDRs is allowed, one of each IP family. This field is immutable.',
    ),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => [nameOf(obj), ((obj.spec as { cidrs?: string[] } | undefined)?.cidrs ?? []).join(','), age(obj, now)],
  emptyRowsAsArray: true,
};

type ParentRefJson = { group?: string; resource?: string; namespace?: string; name?: string };

/**
 * The printer of `ipaddresses`: NAME and PARENTREF (`resource[.group][/namespace]/name`, lower
 * case, or `<none>`). As in kube, the row also carries the age, a third cell no column describes.
 */
export const ipAddressPrinter: TableConvertor = {
  columns: [nameColumn, column('ParentRef', 'string', 'ParentRef references the resource that an IPAddress is attached to. An IPAddress must reference a parent object.')],
  cells: (obj: KubeObject, now) => {
    const ref = (obj.spec as { parentRef?: ParentRefJson | null } | undefined)?.parentRef;
    let parent = '<none>';
    if (ref) {
      // schema.GroupResource.String(): `resource.group`, or the resource alone in the core group.
      const gr = (ref.group ?? '') === '' ? (ref.resource ?? '') : `${ref.resource ?? ''}.${ref.group}`;
      parent = gr.toLowerCase();
      if ((ref.namespace ?? '') !== '') parent += `/${ref.namespace}`;
      parent += `/${ref.name ?? ''}`;
    }
    return [nameOf(obj), parent, age(obj, now)];
  },
  emptyRowsAsArray: true,
};
