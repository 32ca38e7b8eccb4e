// The core/v1 and meta/v1 declarations the workload kinds (apps/v1, batch/v1) embed, and the core
// defaults and validation of their pod templates, in one place.
export {
  LabelSelector,
  ObjectReference,
  PersistentVolumeClaim,
  PodTemplateSpec,
  defaultPodTemplateSpec,
  validatePodTemplateSpec,
} from '../../core/v1/index.ts';
