import { describe, expect, it } from 'vitest';
import { statusFromError } from './errors.ts';
import { parseDeleteOptions, parseListOptions, parseWriteOptions } from './options.ts';

const q = (s: string) => new URLSearchParams(s);
function failure(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

describe('parseListOptions', () => {
  it('reads selectors, paging, watch and resourceVersion', () => {
    const o = parseListOptions(q('labelSelector=app%3Dweb&fieldSelector=metadata.name%3Dx&limit=500&continue=abc&watch=1&resourceVersion=7&allowWatchBookmarks=true&timeoutSeconds=30'));
    expect(o.labelSelector?.toString()).toBe('app=web');
    expect(o.fieldSelector?.toString()).toBe('metadata.name=x');
    expect(o).toMatchObject({ limit: 500, continue: 'abc', watch: true, resourceVersion: '7', allowWatchBookmarks: true, timeoutSeconds: 30 });
  });

  it('rejects malformed numbers and booleans with 400', () => {
    expect(failure(() => parseListOptions(q('limit=ten'))).code).toBe(400);
    expect(failure(() => parseListOptions(q('watch=maybe'))).code).toBe(400);
  });

  it.each([
    ['resourceVersionMatch=Exact', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'],
    ['resourceVersionMatch=Exact&resourceVersion=0', 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"'],
    ['resourceVersionMatch=Exact&resourceVersion=5&continue=x', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'],
    ['resourceVersionMatch=Newest&resourceVersion=5', 'resourceVersionMatch: Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""'],
    ['sendInitialEvents=true', 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list'],
  ])('%s is a 422 on ListOptions', (query, message) => {
    const s = failure(() => parseListOptions(q(query)));
    expect(s.code).toBe(422);
    expect(s.details?.kind).toBe('ListOptions');
    expect(s.details?.group).toBe('meta.k8s.io');
    expect(s.message).toBe(`ListOptions.meta.k8s.io "" is invalid: ${message}`);
  });
});

describe('parseListOptions for watch-list (sendInitialEvents)', () => {
  const parse = (q: string) => parseListOptions(new URLSearchParams(q));
  const message = (q: string) => {
    try {
      parse(q);
    } catch (err) {
      return statusFromError(err).message;
    }
    return 'no error';
  };

  it('accepts sendInitialEvents with resourceVersionMatch=NotOlderThan, as client-go sends it', () => {
    expect(parse('watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true')).toMatchObject({
      watch: true,
      sendInitialEvents: true,
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: true,
    });
  });

  it("answers kube's 422s for the combinations it forbids", () => {
    expect(message('watch=1&sendInitialEvents=true')).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
    );
    expect(message('watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=5')).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
    );
    expect(message('sendInitialEvents=true')).toBe('ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list');
  });
});

describe('parseWriteOptions', () => {
  it('defaults fieldValidation to Warn and accepts dryRun=All', () => {
    expect(parseWriteOptions(q(''), 'CreateOptions')).toEqual({ dryRun: false, fieldValidation: 'Warn' });
    expect(parseWriteOptions(q('dryRun=All&fieldManager=kubectl-create&fieldValidation=Strict'), 'CreateOptions')).toEqual({
      dryRun: true,
      fieldManager: 'kubectl-create',
      fieldValidation: 'Strict',
    });
  });

  it('rejects other dryRun values and unknown fieldValidation with 422', () => {
    expect(failure(() => parseWriteOptions(q('dryRun=Some'), 'CreateOptions')).message).toBe(
      'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Some"]: supported values: "All"',
    );
    expect(failure(() => parseWriteOptions(q('fieldValidation=strict'), 'PatchOptions')).code).toBe(422);
  });
});

describe('parseDeleteOptions', () => {
  it('takes the body (kubectl) over the query (client-node)', () => {
    expect(parseDeleteOptions(q('propagationPolicy=Orphan'), { propagationPolicy: 'Background', dryRun: ['All'], gracePeriodSeconds: 0 })).toEqual({
      propagationPolicy: 'Background',
      dryRun: true,
      gracePeriodSeconds: 0,
    });
    expect(parseDeleteOptions(q('propagationPolicy=Foreground&gracePeriodSeconds=5'), undefined)).toEqual({ propagationPolicy: 'Foreground', gracePeriodSeconds: 5 });
  });

  it('reads preconditions and rejects wrongly typed bodies with 400 and bad values with 422', () => {
    expect(parseDeleteOptions(q(''), { preconditions: { uid: 'u', resourceVersion: '5' } })).toEqual({ preconditions: { uid: 'u', resourceVersion: '5' } });
    expect(failure(() => parseDeleteOptions(q(''), { gracePeriodSeconds: 'soon' })).code).toBe(400);
    expect(failure(() => parseDeleteOptions(q(''), { propagationPolicy: 'Sideways' })).code).toBe(422);
    // A negative grace period is no error: the delete path takes it as 1 s (rest.BeforeDelete).
    expect(parseDeleteOptions(q('gracePeriodSeconds=-1'), undefined)).toEqual({ gracePeriodSeconds: 1 });
    expect(parseDeleteOptions(q(''), { orphanDependents: false })).toEqual({ orphanDependents: false });
    expect(failure(() => parseDeleteOptions(q('orphanDependents=true&propagationPolicy=Orphan'), undefined)).code).toBe(422);
  });
});
