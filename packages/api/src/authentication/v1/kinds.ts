// Behaviour of k8s.io/kubernetes pkg/registry/authentication/{tokenreview,selfsubjectreview}
// (v1.33): the two create-only kinds of authentication.k8s.io/v1. Neither is validated by a
// Validate* function: their REST checks the request itself (see @kapi/registry).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { SelfSubjectReview, TokenReview, authenticationGroupName } from './types.ts';

export const tokenReviewKind = defineKind<TokenReview>({
  group: authenticationGroupName,
  version: 'v1',
  kind: 'TokenReview',
  resource: 'tokenreviews',
  singular: 'tokenreview',
  namespaced: false,
  schema: TokenReview,
  proto: protoMessageOf(TokenReview),
  description: 'An attempt to authenticate a token to a known user.',
  validate: () => [],
});

export const selfSubjectReviewKind = defineKind<SelfSubjectReview>({
  group: authenticationGroupName,
  version: 'v1',
  kind: 'SelfSubjectReview',
  resource: 'selfsubjectreviews',
  singular: 'selfsubjectreview',
  namespaced: false,
  schema: SelfSubjectReview,
  proto: protoMessageOf(SelfSubjectReview),
  description: 'Who the server takes the requesting user for: the attributes the authenticator gave the request.',
  validate: () => [],
});
