/**
 * @kapi/cel — one CEL environment with Kubernetes' libraries, for CRD validation rules
 * (x-kubernetes-validations) and, later, ValidatingAdmissionPolicy and webhook matchConditions.
 */
export {};
