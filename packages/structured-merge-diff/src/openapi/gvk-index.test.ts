// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/typeconverter.go (v0.33)
import { describe, expect, it } from 'vitest';
import { gvkIndexFromOpenAPI, gvkKey, parseGroupVersionKinds } from './gvk-index.ts';

describe('gvkIndexFromOpenAPI', () => {
  it('maps group/version/Kind (core group empty) to the definition name', () => {
    const index = gvkIndexFromOpenAPI({
      'io.k8s.api.core.v1.Pod': {
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: '', version: 'v1', kind: 'Pod' }],
      },
      'io.k8s.api.apps.v1.Deployment': {
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }],
      },
      'io.k8s.api.core.v1.PodSpec': { type: 'object' },
    });
    expect([...index]).toEqual([
      ['/v1/Pod', 'io.k8s.api.core.v1.Pod'],
      ['apps/v1/Deployment', 'io.k8s.api.apps.v1.Deployment'],
    ]);
    expect(gvkKey('', 'v1', 'Pod')).toBe('/v1/Pod');
  });

  it('indexes every GVK a definition lists (DeleteOptions is served in every group)', () => {
    const index = gvkIndexFromOpenAPI({
      'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions': {
        'x-kubernetes-group-version-kind': [
          { group: '', version: 'v1', kind: 'DeleteOptions' },
          { group: 'apps', version: 'v1', kind: 'DeleteOptions' },
        ],
      },
    });
    expect(index.get('/v1/DeleteOptions')).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions');
    expect(index.get('apps/v1/DeleteOptions')).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions');
  });

  it('skips malformed entries and empty kinds, as kube does', () => {
    const gvks = parseGroupVersionKinds({
      'x-kubernetes-group-version-kind': [
        { version: 'v1', kind: 'NoGroup' },
        { group: 'g', version: 1, kind: 'NumericVersion' },
        'not-an-object',
        null,
        { group: 'g', version: 'v1', kind: '' },
        { group: 'g', version: 'v1', kind: 'Good' },
      ],
    });
    expect(gvks).toEqual([
      { group: 'g', version: 'v1', kind: '' },
      { group: 'g', version: 'v1', kind: 'Good' },
    ]);
    expect(parseGroupVersionKinds({ 'x-kubernetes-group-version-kind': { group: 'g', version: 'v1', kind: 'K' } })).toEqual([]);
    const index = gvkIndexFromOpenAPI({
      A: { 'x-kubernetes-group-version-kind': [{ group: 'g', version: 'v1', kind: '' }, { group: 'g', version: 'v1', kind: 'Good' }] },
    });
    expect([...index.keys()]).toEqual(['g/v1/Good']);
  });
});
