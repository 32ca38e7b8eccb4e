// metav1.FieldSelectorRequirement of k8s.io/apimachinery pkg/apis/meta/v1/types.go and
// generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { metaV1 } from './names.ts';

/** A field key, an operator and values matched against fields of an object. */
export const FieldSelectorRequirement = struct(metaV1('FieldSelectorRequirement', 'A selector that contains values, a key, and an operator that relates the key and values.'), {
  key: field(1, types.string(), { description: 'The field selector key that the requirement applies to.', required: true, default: '' }),
  operator: field(2, types.string(), { description: 'In, NotIn, Exists or DoesNotExist.', required: true, default: '' }),
  values: field(3, types.list(types.string()), { description: 'The values; none for Exists and DoesNotExist.', listType: 'atomic' }),
});
export type FieldSelectorRequirement = z.infer<typeof FieldSelectorRequirement>;
