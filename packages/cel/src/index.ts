/**
 * @kapi/cel — one CEL environment with Kubernetes' libraries, for CRD validation rules
 * (x-kubernetes-validations) and, later, ValidatingAdmissionPolicy and webhook matchConditions.
 * The engine is @bufbuild/cel; this package adds kube's libraries, a type checker, cost tracking and the
 * CRD rule compilation and evaluation of apiextensions-apiserver.
 */
// The environment, compilation and evaluation
export { baseEnvironment, defaultCompatibilityVersion, type Environment } from './environment.ts';
export { compile, evaluate, celErrorText, type CompileResult, type EvalResult, type Program } from './program.ts';
export { check, formatIssues, type CheckIssue, type CheckResult } from './checker.ts';
export { T, typeString, assignable, type CelT, type PrimName } from './types.ts';

// Kube's opaque types and cost model
export { opaqueTypeNames, opaquePayload, opaqueKind, type OpaqueKind } from './opaque.ts';
export { CostTracker, chargeCost, withCostTracker, costLimitExceededMessage, type CostTable, type NodeCost } from './cost.ts';
export { callCost, actualSize, traversalCost } from './runtime-cost.ts';
export { estimateCallCost, type CallEstimate, type EstimateNode } from './cost-estimator.ts';
export * from './limits.ts';

// Kube's libraries (the parsers and value constructors behind them)
export { parseQuantity, compareQuantity, quantityValue, type Quantity } from './library/quantity.ts';
export { parseRequestURI, urlValue, type ParsedURL } from './library/urls.ts';
export { parseIP, ipValue } from './library/ip.ts';
export { parseCIDR, cidrValue } from './library/cidr.ts';
export { parseSemver, normalizeAndParseSemver, compareSemver, semverValue, type Semver } from './library/semver.ts';
export { constantFormats, type NamedFormat } from './library/format.ts';
export { optionalValue } from './library/optional.ts';
export type { Library, FuncDecl } from './library/library.ts';

// CRD validation rules (x-kubernetes-validations)
export { escapeName, unescapeName } from './escaping.ts';
export type { CelSchema, ValidationRule, FieldValueErrorReason } from './crd/schema.ts';
export { schemaDeclType, type DeclType } from './crd/decl-type.ts';
export { unstructuredToCel, untypedToCel } from './crd/values.ts';
export { validFieldPath } from './crd/field-path.ts';
export {
  compileSchemaRules,
  costErrorMessage,
  scopedVarName,
  oldScopedVarName,
  type CompiledRule,
  type RuleNode,
  type CompileSchemaOptions,
  type CompileSchemaResult,
} from './crd/compilation.ts';
export { validateRules, type ValidateOptions, type ValidateResult } from './crd/validation.ts';
