// Behaviour of k8s.io/kubernetes pkg/registry/authorization/{subjectaccessreview,
// selfsubjectaccessreview,localsubjectaccessreview,selfsubjectrulesreview}/rest.go and
// pkg/registry/authorization/util/helpers.go, and of k8s.io/apiserver pkg/authorization/authorizer
// (interfaces.go, rule.go) and authorizerfactory/builtin.go (the AlwaysAllow authorizer) (v1.33):
// how the kinds of authorization.k8s.io/v1 are served. All four are create-only and keep nothing;
// they ask an Authorizer (and a RulesResolver) the server passes in.
import {
  authorizationGroupName,
  localSubjectAccessReviewKind,
  selfSubjectAccessReviewKind,
  selfSubjectRulesReviewKind,
  subjectAccessReviewKind,
  type KindDefinition,
  type LocalSubjectAccessReview,
  type NonResourceAttributes,
  type ResourceAttributes,
  type SelfSubjectAccessReview,
  type SelfSubjectRulesReview,
  type SubjectAccessReview,
  type SubjectAccessReviewSpec,
} from '@kapi/api';
import { newBadRequest, newInvalid, type FieldError, type KubeObject } from '@kapi/apimachinery';
import type { UserInfo } from './authentication.ts';
import type { BuiltinResource } from './builtin-resource.ts';
import { createReviewStore } from './review-store.ts';

/**
 * What an authorizer decides on (kube's authorizer.Attributes): who asks, and either a resource
 * request (verb, namespace, group, version, resource, subresource, name) or a non-resource one
 * (verb and path).
 */
export interface AuthorizationAttributes {
  readonly user: UserInfo;
  readonly verb: string;
  readonly resourceRequest: boolean;
  readonly namespace: string;
  readonly apiGroup: string;
  /** `*` when the request names none. */
  readonly apiVersion: string;
  readonly resource: string;
  readonly subresource: string;
  readonly name: string;
  /** The URL path of a non-resource request. */
  readonly path: string;
  /** The selectors of a resource request, as the review carried them (raw or parsed). */
  readonly fieldSelector?: ResourceAttributes['fieldSelector'];
  readonly labelSelector?: ResourceAttributes['labelSelector'];
}

/** Allow, Deny, or no opinion (another authorizer may decide; alone it means "not allowed"). */
export type AuthorizationDecision = 'Allow' | 'Deny' | 'NoOpinion';

/** An authorizer's answer: its decision, why, and an error met on the way (it may decide anyway). */
export interface AuthorizationResult {
  readonly decision: AuthorizationDecision;
  readonly reason: string;
  readonly evaluationError?: string;
}

/** Decides whether a request may proceed (kube's authorizer.Authorizer). */
export interface Authorizer {
  authorize(attributes: AuthorizationAttributes): Promise<AuthorizationResult>;
}

/** A rule on resources, as a rules review lists it (kube's authorizer.ResourceRuleInfo). */
export interface ResourceRuleInfo {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly resourceNames?: readonly string[];
}

/** A rule on non-resource URLs (kube's authorizer.NonResourceRuleInfo). */
export interface NonResourceRuleInfo {
  readonly verbs: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

/** What a user may do in a namespace, as far as the resolver can tell. */
export interface RulesResult {
  readonly resourceRules: readonly ResourceRuleInfo[];
  readonly nonResourceRules: readonly NonResourceRuleInfo[];
  /** True when some authorizer cannot list its rules, so more may be allowed than listed. */
  readonly incomplete: boolean;
  readonly evaluationError?: string;
}

/** Lists the rules of a user in a namespace (kube's authorizer.RuleResolver). */
export interface RulesResolver {
  rulesFor(user: UserInfo, namespace: string): Promise<RulesResult>;
}

/**
 * kube-apiserver's `--authorization-mode=AlwaysAllow`: every request is allowed (with no reason),
 * and every user's rules are everything.
 */
export const alwaysAllowAuthorizer: Authorizer & RulesResolver = {
  authorize: () => Promise.resolve({ decision: 'Allow', reason: '' }),
  rulesFor: () =>
    Promise.resolve({
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    }),
};

export interface AuthorizationOptions {
  /** Decides the access reviews (default: {@link alwaysAllowAuthorizer}). */
  readonly authorizer?: Authorizer;
  /** Answers SelfSubjectRulesReviews (default: {@link alwaysAllowAuthorizer}). */
  readonly rulesResolver?: RulesResolver;
}

/** ResourceAttributesFrom: an empty version matches all of them. */
function resourceAttributesFrom(user: UserInfo, a: ResourceAttributes): AuthorizationAttributes {
  return {
    user,
    verb: a.verb ?? '',
    resourceRequest: true,
    namespace: a.namespace ?? '',
    apiGroup: a.group ?? '',
    apiVersion: (a.version ?? '') === '' ? '*' : a.version!,
    resource: a.resource ?? '',
    subresource: a.subresource ?? '',
    name: a.name ?? '',
    path: '',
    ...(a.fieldSelector !== undefined ? { fieldSelector: a.fieldSelector } : {}),
    ...(a.labelSelector !== undefined ? { labelSelector: a.labelSelector } : {}),
  };
}

/** NonResourceAttributesFrom. */
function nonResourceAttributesFrom(user: UserInfo, a: NonResourceAttributes): AuthorizationAttributes {
  return { user, verb: a.verb ?? '', resourceRequest: false, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '', path: a.path ?? '' };
}

/** The attributes of a review's spec, about `user` (the spec's own subject, or the requester). */
function attributesOf(user: UserInfo, spec: { resourceAttributes?: ResourceAttributes | undefined; nonResourceAttributes?: NonResourceAttributes | undefined }): AuthorizationAttributes {
  return spec.resourceAttributes !== undefined ? resourceAttributesFrom(user, spec.resourceAttributes) : nonResourceAttributesFrom(user, spec.nonResourceAttributes ?? {});
}

/** AuthorizationAttributesFrom: the subject a SubjectAccessReview names. */
function subjectOf(spec: SubjectAccessReviewSpec): UserInfo {
  return {
    name: spec.user ?? '',
    groups: spec.groups ?? [],
    ...(spec.uid !== undefined ? { uid: spec.uid } : {}),
    ...(spec.extra !== undefined ? { extra: spec.extra } : {}),
  };
}

/** The review's status from a decision, with Go's field order (allowed is always written). */
async function decide(authorizer: Authorizer, attributes: AuthorizationAttributes): Promise<Record<string, unknown>> {
  const { decision, reason, evaluationError } = await authorizer.authorize(attributes);
  const status: Record<string, unknown> = { allowed: decision === 'Allow' };
  if (decision === 'Deny') status.denied = true;
  if (reason !== '') status.reason = reason;
  if (evaluationError !== undefined && evaluationError !== '') status.evaluationError = evaluationError;
  return status;
}

/**
 * The reviews' Invalid error: kube builds it from the internal object's kind, which decoding
 * leaves empty, so it reads `.authorization.k8s.io "" is invalid: …` (kubectl: "The request is
 * invalid").
 */
function invalidReview(errs: FieldError[]): never {
  throw newInvalid({ group: authorizationGroupName, kind: '' }, '', errs);
}

/** The resources of authorization.k8s.io/v1. */
export function authorizationResources(options: AuthorizationOptions = {}): BuiltinResource[] {
  const authorizer = options.authorizer ?? alwaysAllowAuthorizer;
  const rules = options.rulesResolver ?? alwaysAllowAuthorizer;
  const requester = (user: UserInfo | undefined): UserInfo => {
    if (user === undefined) throw newBadRequest('no user present on request');
    return user;
  };
  const resource = <T extends KubeObject>(def: KindDefinition<T>, create: (ctx: { namespace?: string; user?: UserInfo }, obj: T) => Promise<KubeObject>): BuiltinResource => ({
    definition: def as unknown as KindDefinition,
    rest: (info) => ({ store: createReviewStore(info, def as unknown as KindDefinition, (ctx, obj) => create(ctx, obj as T)) }),
  });
  return [
    resource(subjectAccessReviewKind, async (_ctx, sar: SubjectAccessReview) => {
      const errs = subjectAccessReviewKind.validate(sar);
      if (errs.length > 0) invalidReview(errs);
      const spec = sar.spec ?? {};
      sar.status = (await decide(authorizer, attributesOf(subjectOf(spec), spec))) as SubjectAccessReview['status'];
      return sar;
    }),
    resource(selfSubjectAccessReviewKind, async (ctx, sar: SelfSubjectAccessReview) => {
      const errs = selfSubjectAccessReviewKind.validate(sar);
      if (errs.length > 0) invalidReview(errs);
      const user = requester(ctx.user);
      sar.status = (await decide(authorizer, attributesOf(user, sar.spec ?? {}))) as SelfSubjectAccessReview['status'];
      return sar;
    }),
    resource(localSubjectAccessReviewKind, async (ctx, sar: LocalSubjectAccessReview) => {
      const errs = localSubjectAccessReviewKind.validate(sar);
      if (errs.length > 0) invalidReview(errs);
      const namespace = ctx.namespace ?? '';
      if (namespace === '') throw newBadRequest(`namespace is required on this type: ${namespace}`);
      if (namespace !== (sar.metadata?.namespace ?? '')) throw newBadRequest(`spec.resourceAttributes.namespace must match namespace: ${namespace}`);
      const spec = sar.spec ?? {};
      sar.status = (await decide(authorizer, attributesOf(subjectOf(spec), spec))) as LocalSubjectAccessReview['status'];
      return sar;
    }),
    resource(selfSubjectRulesReviewKind, async (ctx, review: SelfSubjectRulesReview) => {
      const user = requester(ctx.user);
      const namespace = review.spec?.namespace ?? '';
      if (namespace === '') throw newBadRequest('no namespace on request');
      let result: RulesResult;
      try {
        result = await rules.rulesFor(user, namespace);
      } catch (err) {
        result = { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: err instanceof Error ? err.message : String(err) };
      }
      // A new object: the request's spec and metadata are not echoed.
      const status: Record<string, unknown> = {
        resourceRules: result.resourceRules.map((r) => ({
          verbs: [...r.verbs],
          ...(r.apiGroups.length > 0 ? { apiGroups: [...r.apiGroups] } : {}),
          ...(r.resources.length > 0 ? { resources: [...r.resources] } : {}),
          ...(r.resourceNames !== undefined && r.resourceNames.length > 0 ? { resourceNames: [...r.resourceNames] } : {}),
        })),
        nonResourceRules: result.nonResourceRules.map((r) => ({ verbs: [...r.verbs], ...(r.nonResourceURLs.length > 0 ? { nonResourceURLs: [...r.nonResourceURLs] } : {}) })),
        incomplete: result.incomplete,
      };
      if (result.evaluationError !== undefined && result.evaluationError !== '') status.evaluationError = result.evaluationError;
      return { metadata: {}, spec: {}, status };
    }),
  ];
}
