// authentication.k8s.io/v1 as kube-apiserver v1.33 declares it (k8s.io/api authentication/v1
// types.go + generated.proto): TokenReview, SelfSubjectReview, and TokenRequest (a wire type).
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '@kapi/apimachinery';
import { SelfSubjectReview, TokenRequest, TokenReview, selfSubjectReviewKind, tokenReviewKind } from '../src/authentication/v1/index.ts';
import { builtinKinds, wireTypes } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const group = 'authentication.k8s.io';

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.authentication.v1.TokenReview': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authentication.v1.TokenReviewSpec': [
      ['token', 1],
      ['audiences', 2, 'list:atomic'],
    ],
    'io.k8s.api.authentication.v1.TokenReviewStatus': [
      ['authenticated', 1],
      ['user', 2],
      ['audiences', 4, 'list:atomic'],
      ['error', 3],
    ],
    'io.k8s.api.authentication.v1.UserInfo': [
      ['username', 1],
      ['uid', 2],
      ['groups', 3, 'list:atomic'],
      ['extra', 4],
    ],
    'io.k8s.api.authentication.v1.SelfSubjectReview': [
      ['metadata', 1],
      ['status', 2],
    ],
    'io.k8s.api.authentication.v1.SelfSubjectReviewStatus': [['userInfo', 1]],
    'io.k8s.api.authentication.v1.TokenRequest': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.authentication.v1.TokenRequestSpec': [
      ['audiences', 1, 'req list:atomic'],
      ['expirationSeconds', 4, 'ptr'],
      ['boundObjectRef', 3, 'ptr'],
    ],
    'io.k8s.api.authentication.v1.TokenRequestStatus': [
      ['token', 1, 'req'],
      ['expirationTimestamp', 2, 'req'],
    ],
    'io.k8s.api.authentication.v1.BoundObjectReference': [
      ['kind', 1],
      ['apiVersion', 2],
      ['name', 3],
      ['uid', 4],
    ],
  };

  it('every field of k8s.io/api authentication/v1, with its protobuf number and markers', () => {
    checkUpstreamTable([TokenReview, SelfSubjectReview, TokenRequest], table);
  });

  it('declares TokenReview and SelfSubjectReview as cluster-scoped kinds; TokenRequest as a wire type', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced])).toEqual([
      ['SelfSubjectReview', 'selfsubjectreviews', 'selfsubjectreview', false],
      ['TokenReview', 'tokenreviews', 'tokenreview', false],
    ]);
    expect(tokenReviewKind.validate({ spec: {} })).toEqual([]);
    expect(selfSubjectReviewKind.validate({})).toEqual([]);
    expect(wireTypes.some((t) => t.group === group && t.version === 'v1' && t.kind === 'TokenRequest')).toBe(true);
  });

  it('round-trips a user\'s extra values through their ExtraValue messages', () => {
    const status = { authenticated: true, user: { username: 'jane', groups: ['dev'], extra: { scopes: ['a', 'b'], empty: [] } } };
    const proto = tokenReviewKind.proto;
    const bytes = encodeMessage(proto, { spec: { token: 't' }, status });
    const back = decodeMessage(proto, bytes) as { status: typeof status };
    expect(back.status).toEqual(status);
  });
});
