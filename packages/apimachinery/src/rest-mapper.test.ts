import { describe, expect, it } from 'vitest';
import { createRESTMapper, isAmbiguousError, isNoMatchError, type RESTMapping } from './rest-mapper.ts';

const mapping = (group: string, version: string, kind: string, resource: string, singular: string, extra: Partial<RESTMapping> = {}): RESTMapping => ({
  resource: { group, version, resource },
  groupVersionKind: { group, version, kind },
  singular,
  shortNames: [],
  categories: [],
  namespaced: true,
  ...extra,
});

const mapper = createRESTMapper([
  mapping('', 'v1', 'ConfigMap', 'configmaps', 'configmap', { shortNames: ['cm'] }),
  mapping('', 'v1', 'Pod', 'pods', 'pod', { shortNames: ['po'], categories: ['all'] }),
  mapping('', 'v1', 'Namespace', 'namespaces', 'namespace', { shortNames: ['ns'], namespaced: false }),
  mapping('apps', 'v1', 'Deployment', 'deployments', 'deployment', { shortNames: ['deploy'], categories: ['all'] }),
  mapping('events.k8s.io', 'v1', 'Event', 'events', 'event', { shortNames: ['ev'] }),
  mapping('', 'v1', 'Event', 'events', 'event', { shortNames: ['ev'] }),
  mapping('example.com', 'v1', 'Widget', 'widgets', 'widget'),
  mapping('other.io', 'v1', 'Widget', 'widgets', 'widget'),
]);

describe('RESTMapper', () => {
  it.each([
    ['configmaps', 'ConfigMap'],
    ['configmap', 'ConfigMap'],
    ['CM', 'ConfigMap'],
    ['deploy', 'Deployment'],
    ['deployments.apps', 'Deployment'],
    ['ns', 'Namespace'],
  ])('maps %s to %s', (resource, kind) => {
    expect(mapper.kindFor({ resource }).kind).toBe(kind);
  });

  it('honours group and version when given', () => {
    expect(mapper.kindFor({ group: 'apps', version: 'v1', resource: 'deployments' })).toEqual({ group: 'apps', version: 'v1', kind: 'Deployment' });
    expect(() => mapper.kindFor({ group: 'apps', version: 'v2', resource: 'deployments' })).toThrow('no matches for apps/v2, Resource=deployments');
  });

  it('prefers the core group when a name exists in several groups, and is ambiguous otherwise', () => {
    expect(mapper.kindFor({ resource: 'events' }).group).toBe('');
    let err: unknown;
    try {
      mapper.kindFor({ resource: 'widgets' });
    } catch (e) {
      err = e;
    }
    expect(isAmbiguousError(err)).toBe(true);
    expect(mapper.kindFor({ resource: 'widgets.other.io' }).group).toBe('other.io');
  });

  it('reports unknown resources and kinds as no-match errors', () => {
    let err: unknown;
    try {
      mapper.kindFor({ resource: 'gadgets' });
    } catch (e) {
      err = e;
    }
    expect(isNoMatchError(err)).toBe(true);
    expect(() => mapper.restMapping({ group: 'apps', kind: 'StatefulSet' }, 'v1')).toThrow('no matches for kind "StatefulSet" in version "apps/v1"');
  });

  it('finds the mapping of a kind in the first listed version that serves it', () => {
    expect(mapper.restMapping({ group: 'apps', kind: 'Deployment' }, 'v1beta2', 'v1').resource.resource).toBe('deployments');
  });

  it('singularizes and expands categories', () => {
    expect(mapper.resourceSingularizer('po')).toBe('pod');
    expect(mapper.expandCategory('all')).toEqual([
      { group: '', resource: 'pods' },
      { group: 'apps', resource: 'deployments' },
    ]);
  });
});
