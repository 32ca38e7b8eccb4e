// Follows k8s.io/apiserver/pkg/apis/cel/config.go and k8s.io/apiserver/pkg/cel/limits.go (v0.33): kube's CEL limits.

/** Runtime cost limit of one expression evaluation (celconfig.PerCallLimit). */
export const perCallLimit = 1_000_000;
/** Runtime cost budget of all CRD validation rules for one object (celconfig.RuntimeCELCostBudget). */
export const runtimeCELCostBudget = 10_000_000;
/** Estimated cost limit of one rule times its cardinality (apiextensions validation StaticEstimatedCostLimit). */
export const staticEstimatedCostLimit = 10_000_000;
/** Estimated cost limit of all rules of a CRD (StaticEstimatedCRDCostLimit). */
export const staticEstimatedCRDCostLimit = 100_000_000;
/** Largest request body kube accepts, used to bound unbounded lists and strings (celconfig.MaxRequestSizeBytes). */
export const maxRequestSizeBytes = 3 * 1024 * 1024;
/** Longest evaluated messageExpression (celconfig.MaxEvaluatedMessageExpressionSizeBytes). */
export const maxEvaluatedMessageExpressionSizeBytes = 5 * 1024;
