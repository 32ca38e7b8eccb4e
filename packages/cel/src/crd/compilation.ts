// Follows k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/compilation.go (v0.33) and the CEL part of
// pkg/apis/apiextensions/validation/validation.go (validateCustomResourceDefinitionOpenAPISchema): compiles every
// x-kubernetes-validations rule of a structural schema with `self` (and `oldSelf`) typed from the schema, checks
// their estimated cost, and reports kube's field errors.
import { fieldErrors, type FieldError } from '@kapi/apimachinery';
import { compile, type Program } from '../program.ts';
import { baseEnvironment, type Environment } from '../environment.ts';
import { T, typeString, type CelT } from '../types.ts';
import { maxRequestSizeBytes, perCallLimit, staticEstimatedCostLimit, staticEstimatedCRDCostLimit } from '../limits.ts';
import { schemaDeclType } from './decl-type.ts';
import { validFieldPath } from './field-path.ts';
import { additionalPropertiesOf, itemsOf, type CelSchema, type ValidationRule } from './schema.ts';

/**
 * The rule as kube's error shows it: the internal ValidationRule struct has no json tags, so Go's
 * json.Marshal writes every field, capitalised, in declaration order.
 */
function asInternalRule(rule: ValidationRule): Record<string, unknown> {
  return {
    Rule: rule.rule,
    Message: rule.message ?? '',
    MessageExpression: rule.messageExpression ?? '',
    Reason: rule.reason ?? null,
    FieldPath: rule.fieldPath ?? '',
    OptionalOldSelf: rule.optionalOldSelf ?? null,
  };
}

/** The name of the variable holding the value the rule is declared on. */
export const scopedVarName = 'self';
/** The name of the variable holding the old value in transition rules. */
export const oldScopedVarName = 'oldSelf';

/** One compiled rule (CompilationResult). */
export interface CompiledRule {
  readonly rule: ValidationRule;
  /** The program; undefined for empty rules and rules that failed to compile. */
  readonly program?: Program | undefined;
  /** Why the rule did not compile (kube's detail text). */
  readonly error?: string | undefined;
  readonly messageExpression?: Program | undefined;
  readonly messageExpressionError?: string | undefined;
  /** Whether the rule references oldSelf (a transition rule). */
  readonly usesOldSelf: boolean;
  /** Estimated worst-case cost of one evaluation. */
  readonly maxCost: number;
  readonly messageExpressionMaxCost: number;
  /** The worst-case number of times the rule runs for one object. */
  readonly maxCardinality: number;
  /** `fieldPath` normalized (`spec.foo`), when given and valid. */
  readonly normalizedFieldPath?: string | undefined;
}

/** The compiled rules of one schema node and of the nodes below it that have rules (a Validator). */
export interface RuleNode {
  readonly schema: CelSchema;
  readonly isResourceRoot: boolean;
  readonly rules: readonly CompiledRule[];
  /** Set when the node's rules could not be compiled at all ("rule compiler initialization error"). */
  readonly compilationError?: string | undefined;
  readonly properties: ReadonlyMap<string, RuleNode>;
  readonly additionalProperties?: RuleNode | undefined;
  readonly items?: RuleNode | undefined;
  readonly allOf: readonly RuleNode[];
  /** The runtime cost limit of one evaluation of these rules. */
  readonly perCallLimit: number;
}

/** Options of compileSchemaRules. */
export interface CompileSchemaOptions {
  /** Where the schema sits in the CRD, for error paths (default `spec.validation.openAPIV3Schema`). */
  readonly rootPath?: string;
  /** Whether the schema is the resource's root (adds apiVersion, kind, metadata.name/generateName). Default true. */
  readonly isResourceRoot?: boolean;
  /** The CEL environment (default: baseEnvironment()). */
  readonly environment?: Environment;
  /** Skip the per-expression estimated cost check (as kube does for unchanged expressions). */
  readonly suppressPerExpressionCost?: boolean;
  /** The runtime cost limit of one evaluation (default PerCallLimit, 1,000,000). */
  readonly perCallLimit?: number;
}

/** The outcome: the compiled rule tree and the CRD field errors. */
export interface CompileSchemaResult {
  /** The root of the compiled tree; undefined when the schema has no rules. */
  readonly rules: RuleNode | undefined;
  readonly errors: readonly FieldError[];
  /** Sum of every expression's estimated cost times its cardinality. */
  readonly totalCost: number;
}

const child = (p: string, name: string) => (p === '' ? name : `${p}.${name}`);
const key = (p: string, k: string) => `${p}[${k}]`;
const index = (p: string, i: number) => `${p}[${i}]`;

function hasXValidations(s: CelSchema | undefined): boolean {
  if (!s) return false;
  if ((s['x-kubernetes-validations'] ?? []).length > 0) return true;
  if (hasXValidations(itemsOf(s))) return true;
  if (hasXValidations(additionalPropertiesOf(s))) return true;
  for (const p of Object.values(s.properties ?? {})) if (hasXValidations(p)) return true;
  for (const a of s.allOf ?? []) if (hasXValidations(a)) return true;
  return false;
}

/** getCostErrorMessage of apiextensions validation. */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const f = cost / limit;
  const factor = f > 100 ? 'more than 100x' : f < 1.5 ? `${f.toFixed(6)}x` : `${f.toFixed(1)}x`;
  return `${costName} exceeds budget by factor of ${factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

const boolName = typeString(T.bool);
const stringName = typeString(T.string);

/** compileRule: one rule against `self` of type `t`. */
function compileRule(env: Environment, schema: CelSchema, t: CelT, rule: ValidationRule, maxCardinality: number): CompiledRule {
  const base = { rule, usesOldSelf: false, maxCost: 0, messageExpressionMaxCost: 0, maxCardinality };
  if (rule.rule.trim() === '') return base;
  const vars = new Map<string, CelT>([
    [scopedVarName, t],
    [oldScopedVarName, rule.optionalOldSelf ? T.optional(t) : t],
  ]);
  const r = compile(rule.rule, vars, env);
  if (!r.program) return { ...base, error: `compilation failed: ${r.issues}` };
  if (typeString(r.program.type) !== boolName) return { ...base, error: 'cel expression must evaluate to a bool' };
  let out: CompiledRule = { ...base, program: r.program, usesOldSelf: r.program.references.has(oldScopedVarName), maxCost: r.program.maxCost };
  if (rule.messageExpression) {
    const m = compile(rule.messageExpression, vars, env);
    if (!m.program) out = { ...out, messageExpressionError: `messageExpression compilation failed: ${m.issues}` };
    else if (typeString(m.program.type) !== stringName) out = { ...out, messageExpressionError: 'messageExpression must evaluate to a string' };
    else out = { ...out, messageExpression: m.program, messageExpressionMaxCost: m.program.maxCost };
  }
  if (rule.fieldPath) {
    try {
      out = { ...out, normalizedFieldPath: validFieldPath(rule.fieldPath, schema) };
    } catch {
      // reported by the CRD validation below
    }
  }
  return out;
}

const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : a * b);

/**
 * Compiles every x-kubernetes-validations rule of a CRD version's structural schema (the schema as JSON), and
 * returns the compiled tree with the field errors kube's CRD validation reports for them: compilation failures,
 * non-bool rules, messageExpression problems, invalid fieldPath, oldSelf on uncorrelatable parts of the schema,
 * optionalOldSelf without oldSelf, and estimated costs above the per-rule and per-CRD limits.
 */
export function compileSchemaRules(schema: CelSchema, opts: CompileSchemaOptions = {}): CompileSchemaResult {
  const env = opts.environment ?? baseEnvironment();
  const errors: FieldError[] = [];
  let totalCost = 0;
  const rootPath = opts.rootPath ?? 'spec.validation.openAPIV3Schema';

  // `s` holds the rules (a node, or one of its allOf entries); `ts` the node whose type `self` has.
  const walk = (
    s: CelSchema,
    ts: CelSchema,
    path: string,
    isResourceRoot: boolean,
    cardinality: number | undefined,
    uncorrelatable: string | undefined,
  ): RuleNode | undefined => {
    if (!hasXValidations(s)) return undefined;
    const rules: CompiledRule[] = [];
    let compilationError: string | undefined;
    const xv = s['x-kubernetes-validations'] ?? [];
    if (xv.length > 0) {
      const decl = schemaDeclType(ts, isResourceRoot);
      const xvPath = child(path, 'x-kubernetes-validations');
      if (!decl) {
        compilationError = 'failed to convert to declType for CEL validation rules';
        errors.push(fieldErrors.internal(xvPath, new Error(compilationError)));
      } else {
        const maxCardinality = Math.floor(maxRequestSizeBytes / (decl.minSerializedSize + 1));
        xv.forEach((rule, i) => {
          const rulePath = child(index(xvPath, i), 'rule');
          if (rule.rule.trim() === '') errors.push(fieldErrors.required(rulePath, 'rule is not specified'));
          const cr = compileRule(env, ts, decl.t, rule, maxCardinality);
          rules.push(cr);
          const card = cardinality ?? cr.maxCardinality;
          const cost = mul(cr.maxCost, card);
          if (!opts.suppressPerExpressionCost && cost > staticEstimatedCostLimit) {
            errors.push(fieldErrors.forbidden(rulePath, costErrorMessage('estimated rule cost', cost, staticEstimatedCostLimit)));
          }
          totalCost += cost;
          if (cr.error !== undefined) errors.push(fieldErrors.invalid(rulePath, asInternalRule(rule), cr.error));
          if (cr.messageExpressionError !== undefined) {
            errors.push(fieldErrors.invalid(child(index(xvPath, i), 'messageExpression'), asInternalRule(rule), cr.messageExpressionError));
          } else if (cr.messageExpression) {
            const mcost = mul(cr.messageExpressionMaxCost, card);
            if (!opts.suppressPerExpressionCost && mcost > staticEstimatedCostLimit) {
              errors.push(
                fieldErrors.forbidden(child(index(xvPath, i), 'messageExpression'), costErrorMessage('estimated messageExpression cost', mcost, staticEstimatedCostLimit)),
              );
            }
            totalCost += mcost;
          }
          if (cr.usesOldSelf) {
            if (uncorrelatable !== undefined) {
              errors.push(fieldErrors.invalid(rulePath, rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatable}`));
            }
          } else if (rule.optionalOldSelf !== undefined) {
            errors.push(fieldErrors.invalid(child(index(xvPath, i), 'optionalOldSelf'), rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
          }
          if (rule.fieldPath) {
            try {
              validFieldPath(rule.fieldPath, ts);
            } catch {
              errors.push(fieldErrors.invalid(child(index(xvPath, i), 'fieldPath'), rule.fieldPath, 'fieldPath must be a valid path'));
            }
          }
        });
      }
    }
    const mapCorrelatable = ts['x-kubernetes-map-type'] === undefined || ts['x-kubernetes-map-type'] === 'granular' || ts['x-kubernetes-map-type'] === 'atomic';
    const properties = new Map<string, RuleNode>();
    for (const [name, p] of Object.entries(s.properties ?? {})) {
      const tp = ts.properties?.[name];
      if (!tp) continue;
      const n = walk(p, tp, key(child(path, 'properties'), name), tp['x-kubernetes-embedded-resource'] === true, cardinality, uncorrelatable ?? (mapCorrelatable ? undefined : path));
      if (n) properties.set(name, n);
    }
    const items = itemsOf(s);
    const titems = itemsOf(ts);
    const ap = additionalPropertiesOf(s);
    const tap = additionalPropertiesOf(ts);
    const times = (max: number | undefined) => (cardinality === undefined || max === undefined ? undefined : cardinality * max);
    const itemsNode =
      items && titems
        ? walk(items, titems, child(path, 'items'), titems['x-kubernetes-embedded-resource'] === true, times(ts.maxItems), uncorrelatable ?? (ts['x-kubernetes-list-type'] === 'map' ? undefined : path))
        : undefined;
    const apNode =
      ap && tap
        ? walk(ap, tap, child(path, 'additionalProperties'), tap['x-kubernetes-embedded-resource'] === true, times(ts.maxProperties), uncorrelatable ?? (mapCorrelatable ? undefined : path))
        : undefined;
    const allOf = (s.allOf ?? []).flatMap((a, i) => {
      const n = walk(a, ts, index(child(path, 'allOf'), i), isResourceRoot, cardinality, uncorrelatable);
      return n ? [n] : [];
    });
    return { schema: ts, isResourceRoot, rules, compilationError, properties, additionalProperties: apNode, items: itemsNode, allOf, perCallLimit: opts.perCallLimit ?? perCallLimit };
  };

  const rules = walk(schema, schema, rootPath, opts.isResourceRoot ?? true, 1, undefined);
  if (totalCost > staticEstimatedCRDCostLimit) {
    errors.push(fieldErrors.forbidden(rootPath, costErrorMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', totalCost, staticEstimatedCRDCostLimit)));
  }
  return { rules, errors, totalCost };
}
