// authorization.k8s.io/v1: SubjectAccessReview, SelfSubjectAccessReview, LocalSubjectAccessReview
// and SelfSubjectRulesReview (create-only, nothing stored).
import type { KindDefinition } from '../../kind.ts';
import { localSubjectAccessReviewKind, selfSubjectAccessReviewKind, selfSubjectRulesReviewKind, subjectAccessReviewKind } from './kinds.ts';

export {
  FieldSelectorAttributes,
  LabelSelectorAttributes,
  LocalSubjectAccessReview,
  NonResourceAttributes,
  NonResourceRule,
  ResourceAttributes,
  ResourceRule,
  SelfSubjectAccessReview,
  SelfSubjectAccessReviewSpec,
  SelfSubjectRulesReview,
  SelfSubjectRulesReviewSpec,
  SubjectAccessReview,
  SubjectAccessReviewSpec,
  SubjectAccessReviewStatus,
  SubjectRulesReviewStatus,
  authorizationGroupName,
} from './types.ts';
export { localSubjectAccessReviewKind, selfSubjectAccessReviewKind, selfSubjectRulesReviewKind, subjectAccessReviewKind } from './kinds.ts';
export {
  validateLocalSubjectAccessReview,
  validateSelfSubjectAccessReview,
  validateSelfSubjectAccessReviewSpec,
  validateSubjectAccessReview,
  validateSubjectAccessReviewSpec,
} from './validation.ts';
export { FieldSelectorRequirement } from '../../meta/v1/field-selector-requirement.ts';

/** The kinds of authorization.k8s.io/v1 kapi serves. */
export const authorizationV1Kinds: readonly KindDefinition[] = [
  localSubjectAccessReviewKind as KindDefinition,
  selfSubjectAccessReviewKind as KindDefinition,
  selfSubjectRulesReviewKind as KindDefinition,
  subjectAccessReviewKind as KindDefinition,
];
