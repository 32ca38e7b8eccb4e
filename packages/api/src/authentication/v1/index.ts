// authentication.k8s.io/v1: TokenReview and SelfSubjectReview (create-only, nothing stored), and
// TokenRequest, the body of a ServiceAccount's `token` subresource.
import type { KindDefinition } from '../../kind.ts';
import { selfSubjectReviewKind, tokenReviewKind } from './kinds.ts';

export {
  BoundObjectReference,
  SelfSubjectReview,
  SelfSubjectReviewStatus,
  TokenRequest,
  TokenRequestSpec,
  TokenRequestStatus,
  TokenReview,
  TokenReviewSpec,
  TokenReviewStatus,
  UserInfo,
  authenticationGroupName,
} from './types.ts';
export { selfSubjectReviewKind, tokenReviewKind } from './kinds.ts';

/** The kinds of authentication.k8s.io/v1 kapi serves. */
export const authenticationV1Kinds: readonly KindDefinition[] = [selfSubjectReviewKind as KindDefinition, tokenReviewKind as KindDefinition];
