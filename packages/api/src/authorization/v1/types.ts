// Behaviour of k8s.io/api authorization/v1 types.go + generated.proto (v0.33.13): the access
// reviews SubjectAccessReview, SelfSubjectAccessReview, LocalSubjectAccessReview and
// SelfSubjectRulesReview.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { LabelSelectorRequirement } from '../../meta/v1/label-selector.ts';
import { FieldSelectorRequirement } from '../../meta/v1/field-selector-requirement.ts';
import { extraValueType } from '../../authentication/v1/types.ts';

export const authorizationGroupName = 'authorization.k8s.io';

/** The names of an authorization/v1 type; `kind` marks a top-level kind. */
export function authorizationV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.authorization.v1.${name}`,
    protoName: `k8s.io.api.authorization.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: authorizationGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const FieldSelectorAttributes = struct(authorizationV1('FieldSelectorAttributes', 'A field selector of a resource request: raw, or parsed into requirements.'), {
  rawSelector: field(1, types.string(), { description: 'The serialization of a field selector, as a query parameter carries it.' }),
  requirements: field(2, types.list(FieldSelectorRequirement), { description: 'The parsed form of the selector.', listType: 'atomic' }),
});

export const LabelSelectorAttributes = struct(authorizationV1('LabelSelectorAttributes', 'A label selector of a resource request: raw, or parsed into requirements.'), {
  rawSelector: field(1, types.string(), { description: 'The serialization of a label selector, as a query parameter carries it.' }),
  requirements: field(2, types.list(LabelSelectorRequirement), { description: 'The parsed form of the selector.', listType: 'atomic' }),
});

export const ResourceAttributes = struct(authorizationV1('ResourceAttributes', 'The attributes of a resource request, as the authorizer receives them.'), {
  namespace: field(1, types.string(), { description: 'The namespace of the action; empty for cluster-scoped resources, and all namespaces for namespaced ones.' }),
  verb: field(2, types.string(), { description: 'A kubernetes resource API verb (get, list, watch, create, update, delete, proxy) or "*".' }),
  group: field(3, types.string(), { description: 'The API group of the resource; "*" means all.' }),
  version: field(4, types.string(), { description: 'The API version of the resource; "*" means all.' }),
  resource: field(5, types.string(), { description: 'One of the existing resource types; "*" means all.' }),
  subresource: field(6, types.string(), { description: 'One of the existing subresource types; "" means none.' }),
  name: field(7, types.string(), { description: 'The name of the resource being requested; "" means all.' }),
  fieldSelector: field(8, FieldSelectorAttributes, { description: 'The field selector of the request.', pointer: true }),
  labelSelector: field(9, LabelSelectorAttributes, { description: 'The label selector of the request.', pointer: true }),
});
export type ResourceAttributes = z.infer<typeof ResourceAttributes>;

export const NonResourceAttributes = struct(authorizationV1('NonResourceAttributes', 'The attributes of a non-resource request, as the authorizer receives them.'), {
  path: field(1, types.string(), { description: 'The URL path of the request.' }),
  verb: field(2, types.string(), { description: 'The standard HTTP verb.' }),
});
export type NonResourceAttributes = z.infer<typeof NonResourceAttributes>;

export const SubjectAccessReviewSpec = struct(
  authorizationV1('SubjectAccessReviewSpec', 'A description of the access request: exactly one of resourceAttributes and nonResourceAttributes, and the subject.'),
  {
    resourceAttributes: field(1, ResourceAttributes, { description: 'The information of a resource access request.', pointer: true }),
    nonResourceAttributes: field(2, NonResourceAttributes, { description: 'The information of a non-resource access request.', pointer: true }),
    user: field(3, types.string(), { description: 'The user you are testing for; with no groups, the groups are those of no group.' }),
    groups: field(4, types.list(types.string()), { description: 'The groups you are testing for.', listType: 'atomic' }),
    extra: field(5, types.map(extraValueType('authorization')), { description: 'Any additional information the authenticator provided about the user.' }),
    uid: field(6, types.string(), { description: 'Information about the requesting user.' }),
  },
);
export type SubjectAccessReviewSpec = z.infer<typeof SubjectAccessReviewSpec>;

export const SubjectAccessReviewStatus = struct(authorizationV1('SubjectAccessReviewStatus', 'The result of an access review.'), {
  allowed: field(1, types.bool(), { description: 'Whether the action is allowed.', required: true }),
  denied: field(4, types.bool(), { description: 'Whether the action is denied (only when allowed is false; neither means no opinion).' }),
  reason: field(2, types.string(), { description: 'Why the action is allowed or denied.' }),
  evaluationError: field(3, types.string(), { description: 'An error while checking; the authorizer may still have decided.' }),
});
export type SubjectAccessReviewStatus = z.infer<typeof SubjectAccessReviewStatus>;

export const SubjectAccessReview = struct(authorizationV1('SubjectAccessReview', 'Checks whether or not a user or group can perform an action.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, SubjectAccessReviewSpec, { description: 'The request being evaluated.', required: true }),
  status: field(3, SubjectAccessReviewStatus, { description: 'Filled in by the server: whether the request is allowed.' }),
});
export type SubjectAccessReview = z.infer<typeof SubjectAccessReview>;

export const SelfSubjectAccessReviewSpec = struct(
  authorizationV1('SelfSubjectAccessReviewSpec', 'A description of the access request of the requesting user: exactly one of resourceAttributes and nonResourceAttributes.'),
  {
    resourceAttributes: field(1, ResourceAttributes, { description: 'The information of a resource access request.', pointer: true }),
    nonResourceAttributes: field(2, NonResourceAttributes, { description: 'The information of a non-resource access request.', pointer: true }),
  },
);
export type SelfSubjectAccessReviewSpec = z.infer<typeof SelfSubjectAccessReviewSpec>;

export const SelfSubjectAccessReview = struct(
  authorizationV1('SelfSubjectAccessReview', 'Checks whether the current user can perform an action (a spec with no user and groups means "me").', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, SelfSubjectAccessReviewSpec, { description: 'The request being evaluated; user and groups must be empty.', required: true }),
    status: field(3, SubjectAccessReviewStatus, { description: 'Filled in by the server: whether the request is allowed.' }),
  },
);
export type SelfSubjectAccessReview = z.infer<typeof SelfSubjectAccessReview>;

export const LocalSubjectAccessReview = struct(
  authorizationV1('LocalSubjectAccessReview', 'Checks whether a user or group can perform an action in a given namespace.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, SubjectAccessReviewSpec, { description: 'The request being evaluated; spec.resourceAttributes.namespace must equal the namespace of the request.', required: true }),
    status: field(3, SubjectAccessReviewStatus, { description: 'Filled in by the server: whether the request is allowed.' }),
  },
);
export type LocalSubjectAccessReview = z.infer<typeof LocalSubjectAccessReview>;

export const ResourceRule = struct(authorizationV1('ResourceRule', 'A resource rule: the verbs allowed on some resources, possibly limited to some names.'), {
  verbs: field(1, types.list(types.string()), { description: 'The verbs allowed; "*" means all.', required: true, listType: 'atomic' }),
  apiGroups: field(2, types.list(types.string()), { description: 'The API groups of the resources; "*" means all.', listType: 'atomic' }),
  resources: field(3, types.list(types.string()), { description: 'The resources; "*" means all in the groups, "*/foo" a subresource of all.', listType: 'atomic' }),
  resourceNames: field(4, types.list(types.string()), { description: 'The names the rule is limited to; empty means all.', listType: 'atomic' }),
});
export type ResourceRule = z.infer<typeof ResourceRule>;

export const NonResourceRule = struct(authorizationV1('NonResourceRule', 'A non-resource rule: the verbs allowed on some URLs.'), {
  verbs: field(1, types.list(types.string()), { description: 'The verbs allowed; "*" means all.', required: true, listType: 'atomic' }),
  nonResourceURLs: field(2, types.list(types.string()), { description: 'The URLs; "*" alone, or a trailing "*" for a prefix.', listType: 'atomic' }),
});
export type NonResourceRule = z.infer<typeof NonResourceRule>;

export const SelfSubjectRulesReviewSpec = struct(authorizationV1('SelfSubjectRulesReviewSpec', 'The namespace the rules are asked for.'), {
  namespace: field(1, types.string(), { description: 'The namespace to evaluate rules for. Required.' }),
});

export const SubjectRulesReviewStatus = struct(authorizationV1('SubjectRulesReviewStatus', 'The rules of a user in a namespace, possibly incomplete.'), {
  resourceRules: field(1, types.list(ResourceRule), { description: 'The verbs allowed on resources.', required: true, listType: 'atomic' }),
  nonResourceRules: field(2, types.list(NonResourceRule), { description: 'The verbs allowed on non-resource URLs.', required: true, listType: 'atomic' }),
  incomplete: field(3, types.bool(), { description: 'True when the authorizer could not list every rule (it does not support rules evaluation).', required: true }),
  evaluationError: field(4, types.string(), { description: 'An error while evaluating rules; with incomplete.' }),
});
export type SubjectRulesReviewStatus = z.infer<typeof SubjectRulesReviewStatus>;

export const SelfSubjectRulesReview = struct(
  authorizationV1('SelfSubjectRulesReview', 'Lists the actions the current user can perform in a namespace (not to be trusted for authorization decisions).', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, SelfSubjectRulesReviewSpec, { description: 'The request being evaluated.', required: true }),
    status: field(3, SubjectRulesReviewStatus, { description: 'Filled in by the server: the rules of the user.' }),
  },
);
export type SelfSubjectRulesReview = z.infer<typeof SelfSubjectRulesReview>;
