// metav1.LabelSelector of k8s.io/apimachinery pkg/apis/meta/v1/types.go and generated.proto
// (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { metaV1 } from './names.ts';

/** A key, an operator and values matched against labels. */
export const LabelSelectorRequirement = struct(metaV1('LabelSelectorRequirement', 'A key, an operator and values matched against labels.'), {
  key: field(1, types.string(), { description: 'The label key.', required: true, default: '' }),
  operator: field(2, types.string(), { description: 'In, NotIn, Exists or DoesNotExist.', required: true, default: '' }),
  values: field(3, types.list(types.string()), { description: 'The values; none for Exists and DoesNotExist.', listType: 'atomic' }),
});
export type LabelSelectorRequirement = z.infer<typeof LabelSelectorRequirement>;

/** A label query over objects: the AND of matchLabels and matchExpressions; empty selects everything, null nothing. */
export const LabelSelector = struct({ ...metaV1('LabelSelector', 'A label query over objects: the AND of matchLabels and matchExpressions; empty selects everything, null nothing.'), mapType: 'atomic' }, {
  matchLabels: field(1, types.map(types.string()), { description: 'Labels an object must carry with these values.' }),
  matchExpressions: field(2, types.list(LabelSelectorRequirement), { description: 'Requirements on labels.', listType: 'atomic' }),
});
export type LabelSelector = z.infer<typeof LabelSelector>;
