// Behaviour of k8s.io/kubernetes pkg/registry/authorization/{subjectaccessreview,
// selfsubjectaccessreview,localsubjectaccessreview,selfsubjectrulesreview} (v1.33): the four
// create-only kinds of authorization.k8s.io/v1. Their REST stores (in @kapi/registry) call these
// validations themselves, as kube's do.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import {
  LocalSubjectAccessReview,
  SelfSubjectAccessReview,
  SelfSubjectRulesReview,
  SubjectAccessReview,
  authorizationGroupName,
} from './types.ts';
import { validateLocalSubjectAccessReview, validateSelfSubjectAccessReview, validateSubjectAccessReview } from './validation.ts';

export const subjectAccessReviewKind = defineKind<SubjectAccessReview>({
  group: authorizationGroupName,
  version: 'v1',
  kind: 'SubjectAccessReview',
  resource: 'subjectaccessreviews',
  singular: 'subjectaccessreview',
  namespaced: false,
  schema: SubjectAccessReview,
  proto: protoMessageOf(SubjectAccessReview),
  description: 'Checks whether or not a user or group can perform an action.',
  validate: (sar) => validateSubjectAccessReview(sar),
});

export const selfSubjectAccessReviewKind = defineKind<SelfSubjectAccessReview>({
  group: authorizationGroupName,
  version: 'v1',
  kind: 'SelfSubjectAccessReview',
  resource: 'selfsubjectaccessreviews',
  singular: 'selfsubjectaccessreview',
  namespaced: false,
  schema: SelfSubjectAccessReview,
  proto: protoMessageOf(SelfSubjectAccessReview),
  description: 'Checks whether the current user can perform an action.',
  validate: (sar) => validateSelfSubjectAccessReview(sar),
});

export const localSubjectAccessReviewKind = defineKind<LocalSubjectAccessReview>({
  group: authorizationGroupName,
  version: 'v1',
  kind: 'LocalSubjectAccessReview',
  resource: 'localsubjectaccessreviews',
  singular: 'localsubjectaccessreview',
  namespaced: true,
  schema: LocalSubjectAccessReview,
  proto: protoMessageOf(LocalSubjectAccessReview),
  description: 'Checks whether a user or group can perform an action in a given namespace.',
  validate: (sar) => validateLocalSubjectAccessReview(sar),
});

export const selfSubjectRulesReviewKind = defineKind<SelfSubjectRulesReview>({
  group: authorizationGroupName,
  version: 'v1',
  kind: 'SelfSubjectRulesReview',
  resource: 'selfsubjectrulesreviews',
  singular: 'selfsubjectrulesreview',
  namespaced: false,
  schema: SelfSubjectRulesReview,
  proto: protoMessageOf(SelfSubjectRulesReview),
  description: 'Lists the actions the current user can perform in a namespace.',
  // ValidateSelfSubjectRulesReview finds nothing; the REST requires spec.namespace itself.
  validate: () => [],
});
