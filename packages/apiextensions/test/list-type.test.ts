// kube's TestValidateListSetsAndMaps (schema/listtype/validation_test.go), as data.
import { describe, expect, it } from 'vitest';
import { FieldPath, fieldErrorString } from '@kapi/apimachinery';
import { validateListSetsAndMaps, type Structural } from '../src/index.ts';
import { fromGo, loadTable } from './fixtures.ts';

interface Case {
  name: string;
  schema: unknown;
  obj: Record<string, unknown> | null;
  errors: { Path: string; Type: string }[] | null;
}

describe('validateListSetsAndMaps (kube TestValidateListSetsAndMaps)', () => {
  for (const tc of loadTable<Case>('listtype-validation.json')) {
    it(tc.name, () => {
      const schema = tc.schema === null ? undefined : fromGo<Structural>(tc.schema);
      const errs = validateListSetsAndMaps(FieldPath.of('root'), schema, tc.obj ?? undefined);
      const got = errs.map((e) => ({ Path: e.field, Type: e.type }));
      expect(got).toEqual(expect.arrayContaining(tc.errors ?? []));
      expect(got).toHaveLength((tc.errors ?? []).length);
    });
  }

  it('reports the duplicate key fields as the value', () => {
    const s: Structural = {
      type: 'object',
      properties: { l: { type: 'array', xListType: 'map', xListMapKeys: ['k', 'p'], items: { type: 'object', properties: { k: { type: 'string' }, p: { type: 'integer' } } } } },
    };
    const errs = validateListSetsAndMaps(undefined, s, { l: [{ k: 'a', p: 1, v: 1 }, { k: 'a', p: 1, v: 2 }, { k: 'a', p: 1 }] });
    expect(errs.map(fieldErrorString)).toEqual(['l[1]: Duplicate value: {"k":"a","p":1}']);
  });
});
