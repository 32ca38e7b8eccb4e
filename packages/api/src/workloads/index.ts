// Validation the workload kinds of apps/v1 and batch/v1 share (selectors, pod templates, int-or-percent
// values, Go-formatted values in messages). Internal to @kapi/api: not exported from the package root.
export * from './validation.ts';
export * from './template-validation.ts';
