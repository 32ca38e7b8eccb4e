// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/pathelementmap_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { equalValues } from '../value/compare.ts';
import { PathElementValueMap } from './pathelementmap.ts';

describe('TestPathElementValueMap', () => {
  it('inserts, gets and replaces', () => {
    const m = new PathElementValueMap();
    expect(m.has({ fieldName: 'onion' })).toBe(false);

    m.insert({ fieldName: 'carrot' }, 'knife');
    m.insert({ fieldName: 'chive' }, 2);
    expect(m.has({ fieldName: 'onion' })).toBe(false);
    expect(m.has({ fieldName: 'carrot' })).toBe(true);
    expect(equalValues(m.get({ fieldName: 'carrot' }), 'knife')).toBe(true);
    expect(equalValues(m.get({ fieldName: 'chive' }), 2)).toBe(true);

    m.insert({ fieldName: 'carrot' }, 'fork');
    expect(equalValues(m.get({ fieldName: 'carrot' }), 'fork')).toBe(true);
  });
});
