// The Pod kind: names as kube-apiserver's discovery shows them, defaults (pod-defaults.ts) and
// validation (pod-validation.ts).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { Pod } from './pod.ts';
import { defaultPod } from './pod-defaults.ts';
import { validatePodCreate, validatePodUpdate } from './pod-validation.ts';

/** pods (po), in the `all` category. */
export const podKind = defineKind<Pod>({
  group: '',
  version: 'v1',
  kind: 'Pod',
  resource: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  categories: ['all'],
  namespaced: true,
  schema: Pod,
  proto: protoMessageOf(Pod),
  description: 'A group of containers that run together on one node.',
  defaults: defaultPod,
  validate: validatePodCreate,
  validateUpdate: validatePodUpdate,
});
