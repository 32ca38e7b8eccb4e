// The review stores of authentication.k8s.io/v1 and authorization.k8s.io/v1 and componentstatuses
// (kube's pkg/registry/authentication, pkg/registry/authorization, pkg/registry/core/componentstatus,
// v1.33) over the interfaces the server plugs in: Authorizer, RulesResolver, TokenAuthenticator,
// and the component probes.
import { describe, expect, it } from 'vitest';
import { isStatusError, type KubeObject, type Status } from '@kapi/apimachinery';
import {
  alwaysAllowAuthorizer,
  anonymousUser,
  authenticationResources,
  authorizationResources,
  componentStatusResource,
  resourceInfoOf,
  type AuthorizationAttributes,
  type BuiltinResource,
  type GenericStore,
  type RequestContext,
} from '../src/index.ts';

const storeOf = (resources: BuiltinResource[], resource: string): GenericStore => {
  const r = resources.find((x) => x.definition.resource === resource)!;
  return r.rest!(resourceInfoOf(r.definition), () => []).store;
};

const failure = async (p: Promise<unknown>): Promise<Status> => {
  try {
    await p;
  } catch (err) {
    if (isStatusError(err)) return err.status;
    throw err;
  }
  throw new Error('expected a Status error');
};

const me: RequestContext = { user: { name: 'jane', groups: ['dev', 'system:authenticated'] } };

describe('access reviews', () => {
  it('ask the Authorizer with the attributes of the spec (the named subject, or the requester)', async () => {
    const seen: AuthorizationAttributes[] = [];
    const resources = authorizationResources({
      authorizer: {
        authorize: (a) => {
          seen.push(a);
          return Promise.resolve(a.verb === 'delete' ? { decision: 'Deny', reason: 'no deleting' } : { decision: 'NoOpinion', reason: '', evaluationError: 'webhook down' });
        },
      },
    });
    const sar = await storeOf(resources, 'subjectaccessreviews').create({}, {
      spec: { user: 'bob', groups: ['ops'], resourceAttributes: { namespace: 'ns', verb: 'delete', resource: 'pods', name: 'p' } },
    });
    expect(sar.status).toEqual({ allowed: false, denied: true, reason: 'no deleting' });
    const self = await storeOf(resources, 'selfsubjectaccessreviews').create(me, { spec: { nonResourceAttributes: { path: '/metrics', verb: 'get' } } });
    expect(self.status).toEqual({ allowed: false, evaluationError: 'webhook down' });
    expect(seen).toEqual([
      {
        user: { name: 'bob', groups: ['ops'] },
        verb: 'delete',
        resourceRequest: true,
        namespace: 'ns',
        apiGroup: '',
        apiVersion: '*',
        resource: 'pods',
        subresource: '',
        name: 'p',
        path: '',
      },
      { user: me.user, verb: 'get', resourceRequest: false, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '', path: '/metrics' },
    ]);
  });

  it('answer with the body, its status filled, kind and apiVersion set, and a null creationTimestamp', async () => {
    const out = await storeOf(authorizationResources(), 'subjectaccessreviews').create({}, { spec: { user: 'u', resourceAttributes: { verb: 'get' } } });
    expect(out).toEqual({
      kind: 'SubjectAccessReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec: { user: 'u', resourceAttributes: { verb: 'get' } },
      status: { allowed: true },
    });
  });

  it('refuse an invalid review with kube\'s Invalid error (the internal kind is empty)', async () => {
    const status = await failure(storeOf(authorizationResources(), 'subjectaccessreviews').create({}, { spec: {} }));
    expect(status.code).toBe(422);
    expect(status.message).toBe(
      '.authorization.k8s.io "" is invalid: [spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]',
    );
    expect(status.details).toEqual({
      group: 'authorization.k8s.io',
      causes: [
        { reason: 'FieldValueInvalid', message: 'Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified', field: 'spec.resourceAttributes' },
        { reason: 'FieldValueInvalid', message: 'Invalid value: "": at least one of user or group must be specified', field: 'spec.user' },
      ],
    });
  });

  it('need a user for the self reviews', async () => {
    const self = await failure(storeOf(authorizationResources(), 'selfsubjectaccessreviews').create({}, { spec: { resourceAttributes: {} } }));
    expect([self.code, self.message]).toEqual([400, 'no user present on request']);
    const rules = await failure(storeOf(authorizationResources(), 'selfsubjectrulesreviews').create({}, { spec: { namespace: 'a' } }));
    expect([rules.code, rules.message]).toEqual([400, 'no user present on request']);
  });

  it('give a LocalSubjectAccessReview the request\'s namespace and hold its spec to it', async () => {
    const store = storeOf(authorizationResources(), 'localsubjectaccessreviews');
    const ok = await store.create({ namespace: 'a' }, { spec: { user: 'u', resourceAttributes: { namespace: 'a', verb: 'get' } } });
    expect(ok.metadata).toEqual({ namespace: 'a', creationTimestamp: null });
    const other = await failure(store.create({ namespace: 'a' }, { metadata: { namespace: 'b' }, spec: { user: 'u', resourceAttributes: { namespace: 'b' } } }));
    expect(other.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
  });

  it('list the rules of a user, as a new object', async () => {
    const calls: [string, string][] = [];
    const resources = authorizationResources({
      rulesResolver: {
        rulesFor: (user, namespace) => {
          calls.push([user.name, namespace]);
          return Promise.resolve({
            resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p'] }],
            nonResourceRules: [],
            incomplete: true,
            evaluationError: 'partial',
          });
        },
      },
    });
    const out = await storeOf(resources, 'selfsubjectrulesreviews').create(me, { metadata: { labels: { a: 'b' } }, spec: { namespace: 'ns' } });
    expect(calls).toEqual([['jane', 'ns']]);
    expect(out).toEqual({
      kind: 'SelfSubjectRulesReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec: {},
      status: { resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p'] }], nonResourceRules: [], incomplete: true, evaluationError: 'partial' },
    });
    const noNamespace = await failure(storeOf(resources, 'selfsubjectrulesreviews').create(me, { spec: {} }));
    expect(noNamespace.message).toBe('no namespace on request');
  });

  it('serve create only', async () => {
    const store = storeOf(authorizationResources(), 'subjectaccessreviews');
    expect(store.verbs).toEqual(['create']);
    expect((await failure(store.list({}))).code).toBe(405);
    expect(await alwaysAllowAuthorizer.authorize({} as AuthorizationAttributes)).toEqual({ decision: 'Allow', reason: '' });
  });
});

describe('token and self reviews', () => {
  it('a token no authenticator knows: not authenticated, "invalid bearer token"', async () => {
    const out = await storeOf(authenticationResources(), 'tokenreviews').create({}, { spec: { token: 't' } });
    expect(out.status).toEqual({ user: {}, error: 'invalid bearer token' });
  });

  it('a known token: its user and audiences; a token for none of the audiences asked is a 500', async () => {
    const resources = authenticationResources({
      apiAudiences: ['https://kubernetes.default.svc'],
      tokenAuthenticator: {
        authenticateToken: (token, audiences) =>
          Promise.resolve(token === 'good' ? { user: { name: 'system:serviceaccount:ns:sa', uid: 'u1', groups: ['system:serviceaccounts'], extra: { k: ['v'] } }, audiences: [...audiences] } : { user: anonymousUser, audiences: ['elsewhere'] }),
      },
    });
    const store = storeOf(resources, 'tokenreviews');
    const out = await store.create({}, { spec: { token: 'good' } });
    expect(out.status).toEqual({
      authenticated: true,
      user: { username: 'system:serviceaccount:ns:sa', uid: 'u1', groups: ['system:serviceaccounts'], extra: { k: ['v'] } },
      audiences: ['https://kubernetes.default.svc'],
    });
    const wrong = await failure(store.create({}, { spec: { token: 'other' } }));
    expect([wrong.code, wrong.message]).toEqual([500, 'Internal error occurred: error validating audiences']);
    const empty = await failure(store.create({}, { spec: {} }));
    expect([empty.code, empty.message]).toEqual([400, 'token is required for TokenReview in authentication']);
  });

  it('an authenticator error becomes status.error', async () => {
    const resources = authenticationResources({ tokenAuthenticator: { authenticateToken: () => Promise.reject(new Error('oidc: issuer unreachable')) } });
    const out = await storeOf(resources, 'tokenreviews').create({}, { spec: { token: 't' } });
    expect(out.status).toEqual({ user: {}, error: 'oidc: issuer unreachable' });
  });

  it('SelfSubjectReview: the requester, stamped with the time of the request', async () => {
    const out = await storeOf(authenticationResources(), 'selfsubjectreviews').create({ user: anonymousUser }, {});
    expect(out.status).toEqual({ userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } });
    expect(out.metadata?.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('componentstatuses', () => {
  const resource = componentStatusResource({
    components: {
      'etcd-0': () => Promise.resolve({ status: 'True', message: 'ok' }),
      scheduler: () => Promise.resolve({ status: 'False', message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused' }),
    },
  });
  const store = resource.rest!(resourceInfoOf(resource.definition), () => []).store;

  it('probes every component on each read, get and list only, with the deprecation warning', async () => {
    expect(store.verbs).toEqual(['get', 'list']);
    expect(store.warning).toBe('v1 ComponentStatus is deprecated in v1.19+');
    const list = await store.list({});
    expect(list).toEqual({
      kind: 'ComponentStatusList',
      apiVersion: 'v1',
      metadata: {},
      items: [
        { metadata: { name: 'etcd-0', creationTimestamp: null }, conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }] },
        {
          metadata: { name: 'scheduler', creationTimestamp: null },
          conditions: [{ type: 'Healthy', status: 'False', message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused' }],
        },
      ],
    });
    expect(resource.table!.cells(list.items[1] as KubeObject, 0)).toEqual([
      'scheduler',
      'Unhealthy',
      'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused',
      '',
    ]);
  });

  it('answers an unknown component with kube\'s plain error (500)', async () => {
    const status = await failure(store.get({}, 'kube-dns'));
    expect([status.code, status.message]).toEqual([500, 'Internal error occurred: Component not found: kube-dns']);
  });

  it('reports a store whose probe fails as unhealthy with the error', async () => {
    const failing = componentStatusResource({ storageProbe: () => Promise.reject(new Error('database is closed')) });
    const s = failing.rest!(resourceInfoOf(failing.definition), () => []).store;
    expect((await s.get({}, 'etcd-0')).conditions).toEqual([{ type: 'Healthy', status: 'False', error: 'database is closed' }]);
  });
});
