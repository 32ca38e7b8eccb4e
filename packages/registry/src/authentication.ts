// Behaviour of k8s.io/kubernetes pkg/registry/authentication/tokenreview/storage.go and
// selfsubjectreview/rest.go, and of k8s.io/apiserver pkg/authentication (user.Info, the anonymous
// user, the bearer-token authenticator's answer) (v1.33): how the kinds of
// authentication.k8s.io/v1 are served. Both are create-only and keep nothing.
import { selfSubjectReviewKind, tokenReviewKind, type KindDefinition, type SelfSubjectReview, type TokenReview } from '@kapi/api';
import { newBadRequest, newInternalError, now } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { createReviewStore } from './review-store.ts';

export { anonymousUser, type UserInfo } from './user.ts';
import type { UserInfo } from './user.ts';

/** What a token authenticator found: the token's user and the audiences it is valid for. */
export interface TokenAuthentication {
  readonly user: UserInfo;
  readonly audiences: readonly string[];
}

/**
 * Checks a bearer token (kube's authenticator.Token behind the bearer-token request
 * authenticator). Resolves to undefined when no authenticator recognises the token; rejects when
 * one fails (the rejection's message becomes a TokenReview's `status.error`).
 */
export interface TokenAuthenticator {
  authenticateToken(token: string, audiences: readonly string[]): Promise<TokenAuthentication | undefined>;
}

/** The bearer-token authenticator's error for a token no authenticator recognised. */
export const invalidBearerTokenError = 'invalid bearer token';

/** No token authenticator configured: no token is recognised. */
export const noTokenAuthenticator: TokenAuthenticator = { authenticateToken: () => Promise.resolve(undefined) };

export interface AuthenticationOptions {
  /** Checks the tokens of TokenReviews (default: none recognised, as kapi has no token authenticator yet). */
  readonly tokenAuthenticator?: TokenAuthenticator;
  /** The audiences of a TokenReview that names none (kube's --api-audiences). */
  readonly apiAudiences?: readonly string[];
}

/** The JSON form of an authentication/v1 UserInfo: empty fields left out, as Go's omitempty does. */
export function userInfoJson(user: UserInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (user.name !== '') out.username = user.name;
  if (user.uid !== undefined && user.uid !== '') out.uid = user.uid;
  if (user.groups.length > 0) out.groups = [...user.groups];
  if (user.extra !== undefined && Object.keys(user.extra).length > 0) out.extra = Object.fromEntries(Object.entries(user.extra).map(([k, v]) => [k, [...v]]));
  return out;
}

/** The resources of authentication.k8s.io/v1. */
export function authenticationResources(options: AuthenticationOptions = {}): BuiltinResource[] {
  const tokens = options.tokenAuthenticator ?? noTokenAuthenticator;
  const apiAudiences = options.apiAudiences ?? [];
  return [
    {
      definition: tokenReviewKind as KindDefinition,
      rest: (info) => ({
        store: createReviewStore(info, tokenReviewKind as KindDefinition, async (ctx, obj) => {
          const review = obj as TokenReview;
          if ((ctx.namespace ?? '') !== '') throw newBadRequest(`namespace is not allowed on this type: ${ctx.namespace ?? ''}`);
          const token = review.spec?.token ?? '';
          if (token === '') throw newBadRequest('token is required for TokenReview in authentication');
          const asked = review.spec?.audiences ?? [];
          const audiences = asked.length > 0 ? asked : apiAudiences;
          let found: TokenAuthentication | undefined;
          let error: string | undefined;
          try {
            found = await tokens.authenticateToken(token, audiences);
            // The bearer-token authenticator's answer when no token authenticator knows the token.
            if (found === undefined) error = invalidBearerTokenError;
          } catch (err) {
            error = err instanceof Error ? err.message : String(err);
          }
          if (found !== undefined && audiences.length > 0 && !found.audiences.some((a) => audiences.includes(a))) {
            // The token is valid for none of the audiences asked for: badAuthenticatorAuds.
            throw newInternalError(new Error('error validating audiences'));
          }
          // Go's field order: authenticated, user (always written), audiences, error.
          const status: Record<string, unknown> = {};
          if (found !== undefined) status.authenticated = true;
          status.user = found !== undefined ? userInfoJson(found.user) : {};
          if (found !== undefined && found.audiences.length > 0) status.audiences = [...found.audiences];
          if (error !== undefined) status.error = error;
          review.status = status as TokenReview['status'];
          return review;
        }),
      }),
    },
    {
      definition: selfSubjectReviewKind as KindDefinition,
      rest: (info) => ({
        store: createReviewStore(info, selfSubjectReviewKind as KindDefinition, (ctx) => {
          if (ctx.user === undefined) throw newBadRequest('no user present on request');
          const review: SelfSubjectReview = {
            metadata: { creationTimestamp: now() },
            status: { userInfo: userInfoJson(ctx.user) },
          };
          return review;
        }),
      }),
    },
  ];
}
