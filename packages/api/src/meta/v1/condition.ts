// metav1.Condition of k8s.io/apimachinery pkg/apis/meta/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { metaV1 } from './names.ts';

/** A condition of an object. */
export const Condition = struct(metaV1('Condition', 'A condition of an object.'), {
  type: field(1, types.string(), { description: 'The condition type, CamelCase or foo.example.com/CamelCase.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  observedGeneration: field(3, types.int64(), { description: 'The object generation the condition was set for.' }),
  lastTransitionTime: field(4, types.time(), { description: 'When the status last changed.', required: true }),
  reason: field(5, types.string(), { description: 'Why the condition last changed, in one CamelCase word.', required: true, default: '' }),
  message: field(6, types.string(), { description: 'Why the condition last changed, for people.', required: true, default: '' }),
});
export type Condition = z.infer<typeof Condition>;
