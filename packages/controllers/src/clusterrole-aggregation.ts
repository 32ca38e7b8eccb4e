// Behaviour of k8s.io/kubernetes/pkg/controller/clusterroleaggregation/clusterroleaggregation_controller.go
// (v1.33): a ClusterRole with an aggregationRule holds the rules of every ClusterRole its selectors
// match, in kube's order (selector by selector, matched roles by name, first occurrence kept),
// written by server-side apply as `clusterrole-aggregation-controller` only when they differ.
import { aggregateFieldErrors, isStatusError, validateLabelRequirement, type KubeObject } from '@kapi/apimachinery';
import type { ResourceClient } from './client.ts';
import type { Informer } from './informer.ts';
import type { ControllerDescriptor } from './manager.ts';
import { createWorkQueue } from './queue.ts';

/** The field manager of the controller's applies. */
export const clusterRoleAggregationFieldManager = 'clusterrole-aggregation-controller';

export interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}
type ClusterRole = KubeObject & { rules?: PolicyRule[] | null; aggregationRule?: { clusterRoleSelectors?: LabelSelector[] | null } | null };

const ruleFields = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const;

/** equality.Semantic.DeepEqual of two string lists: an absent list equals an empty one. */
const sameList = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) => {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
const sameRule = (a: PolicyRule, b: PolicyRule) => ruleFields.every((f) => sameList(a[f], b[f]));
const sameRules = (a: readonly PolicyRule[] | null | undefined, b: readonly PolicyRule[] | null | undefined) => {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((r, i) => sameRule(r, y[i]!));
};

const operators: Record<string, 'in' | 'notin' | 'exists' | '!'> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: matchLabels as `=` requirements, matchExpressions by operator,
 * each checked as labels.NewRequirement checks it (an invalid one is an error, and the sync fails).
 * The empty selector matches everything.
 */
export function labelSelectorMatcher(selector: LabelSelector): (labels: Readonly<Record<string, string>> | undefined) => boolean {
  const reqs: { key: string; op: '=' | 'in' | 'notin' | 'exists' | '!'; values: readonly string[] }[] = [];
  const check = (key: string, op: string, values: readonly string[]) => {
    const errs = validateLabelRequirement(key, op, values);
    if (errs.length > 0) throw new Error(aggregateFieldErrors(errs));
  };
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    check(key, '=', [value]);
    reqs.push({ key, op: '=', values: [value] });
  }
  for (const expr of selector.matchExpressions ?? []) {
    const op = operators[expr.operator];
    if (op === undefined) throw new Error(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    check(expr.key, op, expr.values ?? []);
    reqs.push({ key: expr.key, op, values: expr.values ?? [] });
  }
  return (labels = {}) =>
    reqs.every(({ key, op, values }) => {
      const has = Object.hasOwn(labels, key);
      switch (op) {
        case '=':
        case 'in':
          return has && values.includes(labels[key]!);
        case 'notin':
          return !has || !values.includes(labels[key]!);
        case 'exists':
          return has;
        case '!':
          return !has;
      }
    });
}

/**
 * The rules `role` aggregates from `roles`: for each selector in turn, the matching ClusterRoles
 * (itself left out) by name, and each of their rules unless an equal one is already in.
 */
export function aggregatedRules(role: ClusterRole, roles: readonly ClusterRole[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const matches = labelSelectorMatcher(selector);
    const matched = roles.filter((r) => matches(r.metadata?.labels)).sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
    for (const r of matched) {
      if (r.metadata?.name === role.metadata?.name) continue;
      for (const rule of r.rules ?? []) if (!out.some((have) => sameRule(have, rule))) out.push(rule);
    }
  }
  return out;
}

/** A rule as kube's PolicyRuleApplyConfiguration carries it: the five lists, the absent ones left out. */
const toApplyRule = (rule: PolicyRule): PolicyRule => {
  const out: PolicyRule = {};
  for (const f of ruleFields) if (rule[f] !== undefined && rule[f] !== null) out[f] = [...rule[f]];
  return out;
};

/**
 * One aggregated ClusterRole's sync: nothing for a role that is gone or has no aggregationRule, or
 * whose rules already are the aggregate; otherwise a forced apply of exactly the aggregate (an
 * update of the cached object where the server takes no apply, kube's fallback).
 */
export async function syncClusterRoleAggregation(clusterRoles: Pick<Informer, 'get' | 'list'>, client: ResourceClient, name: string): Promise<void> {
  const role = clusterRoles.get('', name) as ClusterRole | undefined;
  if (!role || role.aggregationRule === undefined || role.aggregationRule === null) return;
  const rules = aggregatedRules(role, clusterRoles.list() as ClusterRole[]);
  if (sameRules(rules, role.rules)) return;
  const apply: KubeObject = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name } };
  if (rules.length > 0) apply.rules = rules.map(toApplyRule);
  try {
    await client.patch('', name, 'application/apply-patch+yaml', apply, undefined, { fieldManager: clusterRoleAggregationFieldManager, force: true });
  } catch (err) {
    if (!(isStatusError(err) && err.status.reason === 'UnsupportedMediaType')) throw err;
    const next = structuredClone(role);
    next.rules = rules.map((r) => structuredClone(r));
    await client.update('', next);
  }
}

/** kube's ClusterRole aggregation controller (`clusterrole-aggregation-controller`, alias `clusterrole-aggregation`). */
export function clusterRoleAggregationController(): ControllerDescriptor {
  return {
    name: 'clusterrole-aggregation-controller',
    aliases: ['clusterrole-aggregation'],
    start(ctx) {
      const client = ctx.client.resource('rbac.authorization.k8s.io', 'v1', 'clusterroles');
      if (!client) throw new Error('rbac.authorization.k8s.io/v1 clusterroles are not served');
      const clusterRoles = ctx.informer('rbac.authorization.k8s.io', 'v1', 'clusterroles');
      const queue = createWorkQueue<string>((name) => syncClusterRoleAggregation(clusterRoles, client, name), {
        workers: 5,
        onError: (name, err) => ctx.log.warn({ err, clusterRole: name }, 'clusterrole aggregation failed; retrying'),
      });
      // Any change may matter to any aggregated role (the dependency graph is not known): queue them all.
      const enqueueAll = () => {
        for (const r of clusterRoles.list() as ClusterRole[]) if (r.aggregationRule !== undefined && r.aggregationRule !== null) queue.add(r.metadata?.name ?? '');
      };
      let stopped = false;
      const synced = clusterRoles.synced.then(() => {
        if (!stopped) clusterRoles.addHandlers({ add: enqueueAll, update: enqueueAll, delete: enqueueAll });
      });
      return {
        stop() {
          stopped = true;
          queue.stop();
        },
        async idle() {
          await synced;
          await queue.idle();
        },
      };
    },
  };
}
