// Behaviour of k8s.io/api authentication/v1 types.go + generated.proto (v0.33.13): TokenReview,
// SelfSubjectReview and TokenRequest (the body of serviceaccounts/token), with UserInfo.
import { z } from 'zod';
import { ObjectMeta, customType, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';

export const authenticationGroupName = 'authentication.k8s.io';

/** The names of an authentication/v1 type; `kind` marks a top-level kind. */
export function authenticationV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.authentication.v1.${name}`,
    protoName: `k8s.io.api.authentication.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: authenticationGroupName, version: 'v1', kind: name } } : {}),
  };
}

/**
 * The value type of a user's `extra` map (Go's `type ExtraValue []string`, in the given API
 * package): a list of strings in JSON, a message with `items` (field 1) in protobuf.
 */
export function extraValueType(pkg: 'authentication' | 'authorization') {
  const wire = struct(
    { id: `io.k8s.api.${pkg}.v1.ExtraValue`, protoName: `k8s.io.api.${pkg}.v1.ExtraValue`, description: 'The values of one extra attribute of a user.' },
    { items: field(1, types.list(types.string())) },
  );
  return customType(z.array(z.string()), {
    id: `io.k8s.api.${pkg}.v1.ExtraValue`,
    openAPI: { type: 'array', items: { type: 'string', default: '' } },
    inlineOpenAPI: true,
    wire: () => wire,
    toWire: (v) => ({ items: v }),
    fromWire: (m) => (m.items as string[] | undefined) ?? [],
  });
}

/** The attributes of an authenticated user. */
export const UserInfo = struct(authenticationV1('UserInfo', 'The information about a user needed to implement the user.Info interface.'), {
  username: field(1, types.string(), { description: 'The name that uniquely identifies this user among all active users.' }),
  uid: field(2, types.string(), { description: 'A unique value that identifies this user across time.' }),
  groups: field(3, types.list(types.string()), { description: 'The names of groups this user is a part of.', listType: 'atomic' }),
  extra: field(4, types.map(extraValueType('authentication')), { description: 'Any additional information provided by the authenticator.' }),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const TokenReviewSpec = struct(authenticationV1('TokenReviewSpec', 'A description of the token authentication request.'), {
  token: field(1, types.string(), { description: 'The opaque bearer token.' }),
  audiences: field(2, types.list(types.string()), {
    description: 'Identifiers the resource server presented with the token identifies as; empty means the API server\'s audiences.',
    listType: 'atomic',
  }),
});

export const TokenReviewStatus = struct(authenticationV1('TokenReviewStatus', 'The result of the token authentication request.'), {
  authenticated: field(1, types.bool(), { description: 'Whether the token can be associated with a known user.' }),
  user: field(2, UserInfo, { description: 'The UserInfo associated with the provided token.' }),
  audiences: field(4, types.list(types.string()), { description: 'The audiences, among those asked for, the token is valid for.', listType: 'atomic' }),
  error: field(3, types.string(), { description: 'Why the token could not be checked.' }),
});

export const TokenReview = struct(
  authenticationV1('TokenReview', 'An attempt to authenticate a token to a known user.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, TokenReviewSpec, { description: 'The request being evaluated.', required: true }),
    status: field(3, TokenReviewStatus, { description: 'Filled in by the server: whether the token can be authenticated.' }),
  },
);
export type TokenReview = z.infer<typeof TokenReview>;

export const SelfSubjectReviewStatus = struct(authenticationV1('SelfSubjectReviewStatus', 'Filled in by the server with the user attributes.'), {
  userInfo: field(1, UserInfo, { description: 'The attributes of the user making this request.' }),
});

export const SelfSubjectReview = struct(
  authenticationV1('SelfSubjectReview', 'Who the server takes the requesting user for: the attributes the authenticator gave the request.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    status: field(2, SelfSubjectReviewStatus, { description: 'Filled in by the server with the user attributes.' }),
  },
);
export type SelfSubjectReview = z.infer<typeof SelfSubjectReview>;

export const BoundObjectReference = struct(authenticationV1('BoundObjectReference', 'A reference to the object a token is bound to.'), {
  kind: field(1, types.string(), { description: 'Kind of the referent: Pod or Secret.' }),
  apiVersion: field(2, types.string(), { description: 'API version of the referent.' }),
  name: field(3, types.string(), { description: 'Name of the referent.' }),
  uid: field(4, types.string(), { description: 'UID of the referent.' }),
});

export const TokenRequestSpec = struct(authenticationV1('TokenRequestSpec', 'The parameters of a token request.'), {
  audiences: field(1, types.list(types.string()), { description: 'The intended audiences of the token.', required: true, listType: 'atomic' }),
  expirationSeconds: field(4, types.int64(), { description: 'The requested duration of validity of the request.', pointer: true }),
  boundObjectRef: field(3, BoundObjectReference, { description: 'The object the token is bound to; the token is invalid once it is deleted.', pointer: true }),
});

export const TokenRequestStatus = struct(authenticationV1('TokenRequestStatus', 'The result of a token request.'), {
  token: field(1, types.string(), { description: 'The opaque bearer token.', required: true }),
  expirationTimestamp: field(2, types.time(), { description: 'When the returned token expires.', required: true }),
});

export const TokenRequest = struct(authenticationV1('TokenRequest', 'Requests a token for a given service account.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, TokenRequestSpec, { description: 'The parameters of the request.', required: true }),
  status: field(3, TokenRequestStatus, { description: 'Filled in by the server: the token or an error.' }),
});
export type TokenRequest = z.infer<typeof TokenRequest>;
