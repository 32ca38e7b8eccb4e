/**
 * @kapi/apiextensions — custom resources as kube's apiextensions-apiserver serves them: a CRD
 * version's schema as a structural schema (with kube's checks and messages), and the validation,
 * pruning and defaulting of custom resources against it.
 */
export {};
