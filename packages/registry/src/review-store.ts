// Behaviour of k8s.io/apiserver pkg/endpoints/handlers/create.go (v1.33) for the REST stores that
// implement Creater alone (the access and token reviews): the namespace of the body is made the
// request's, and nothing else is served (405).
import type { KindDefinition } from '@kapi/api';
import { decodeMessage, encodeMessage, metaOf, newBadRequest, newMethodNotSupported, orderObject, type KubeObject } from '@kapi/apimachinery';
import type { GenericStore } from './generic-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import type { CreateOptions, RequestContext } from './options.ts';
import { apiVersionOf, groupResourceOf, type ResourceInfo } from './resource.ts';

/**
 * Answers one create: `obj` is the decoded, defaulted body whose namespace is the request's. The
 * result is the object to answer with (the body with its status filled, or a new object).
 */
export type ReviewCreate = (ctx: RequestContext, obj: KubeObject, options: CreateOptions) => Promise<KubeObject> | KubeObject;

/**
 * A store that serves `create` only and keeps nothing. Its answers carry kind and apiVersion and,
 * as Go writes a zero ObjectMeta, `metadata.creationTimestamp: null` unless set.
 */
export function createReviewStore(info: ResourceInfo, definition: KindDefinition, create: ReviewCreate): GenericStore {
  const gr = groupResourceOf(info);
  const notSupported = (verb: string) => () => Promise.reject(newMethodNotSupported(gr, verb));
  return {
    info,
    strategy: strategyForKind(definition),
    verbs: ['create'],
    async create(ctx, input, options = {}) {
      const obj = structuredClone(input);
      const meta = metaOf(obj);
      // EnsureObjectNamespaceMatchesRequestNamespace.
      const want = info.namespaced ? (ctx.namespace ?? '') : '';
      const have = meta.namespace ?? '';
      if (have !== want) {
        if (have === '') meta.namespace = want;
        else if (want === '') delete meta.namespace;
        else throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      // The body as Go holds it once decoded into its struct: fields in struct order, unknown ones gone.
      const { apiVersion: _apiVersion, kind: _kind, ...fields } = obj;
      const typed = decodeMessage(definition.proto, encodeMessage(definition.proto, fields)) as KubeObject;
      const out = await create(ctx, typed, options);
      const outMeta = metaOf(out);
      if (outMeta.creationTimestamp === undefined) outMeta.creationTimestamp = null;
      return orderObject(out, { apiVersion: apiVersionOf(info), kind: info.kind });
    },
    get: notSupported('get'),
    list: notSupported('list'),
    update: notSupported('update'),
    delete: notSupported('delete'),
    watch: notSupported('watch'),
  };
}
