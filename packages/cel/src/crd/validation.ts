// Follows k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation.go (v0.33) Validator.Validate: runs
// every compiled rule at every node of an object (and its old version) where it is declared, charging a shared
// runtime cost budget, and reports kube's field errors.
import { fieldErrorString, fieldErrors, jsonDeepEqual, type FieldError } from '@kapi/apimachinery';
import type { CelInput } from '@bufbuild/cel';
import { costLimitExceededMessage } from '../cost.ts';
import { maxEvaluatedMessageExpressionSizeBytes, runtimeCELCostBudget } from '../limits.ts';
import { optionalValue } from '../library/optional.ts';
import { oldScopedVarName, scopedVarName, type CompiledRule, type RuleNode } from './compilation.ts';
import { unstructuredToCel } from './values.ts';
import type { CelSchema } from './schema.ts';
import type { Program } from '../program.ts';

/** The outcome of validating one object. */
export interface ValidateResult {
  readonly errors: FieldError[];
  /** Errors ratcheted into warnings (`<path>: <error>`, as kube adds them to the response). */
  readonly warnings: string[];
  /** What is left of the budget; negative once it ran out and validation stopped. */
  readonly remainingBudget: number;
}

/** Options of validateRules. */
export interface ValidateOptions {
  /** The path of the validated value (default: the root, printed `<nil>` as kube does). */
  readonly fieldPath?: string;
  /** The runtime cost budget (default RuntimeCELCostBudget, 10,000,000). */
  readonly costBudget?: number;
  /** Receives what kube logs (klog V(2)) when a messageExpression fails and the rule's message is used instead. */
  readonly log?: (message: string) => void;
  /**
   * Validation ratcheting (CRDValidationRatcheting, on in 1.33) on update: a rule that does not use
   * oldSelf and fails where the value equals its old value (or that of its nearest correlatable
   * ancestor) gives a warning instead of an error. Default true when an old object is given.
   */
  readonly ratcheting?: boolean;
}

const outOfBudget = 'validation failed due to running out of cost budget, no further validation rules will be run';
const child = (p: string, name: string) => (p === '' ? name : `${p}.${name}`);
const shown = (p: string) => (p === '' ? '<nil>' : p);

function ruleErrorString(r: CompiledRule['rule']): string {
  return r.message && r.message.length > 0 ? r.message.trim() : r.rule.trim();
}

function ruleMessageOrDefault(r: CompiledRule['rule']): string {
  return r.message && r.message.length > 0 ? r.message.trim() : `failed rule: ${ruleErrorString(r)}`;
}

function fieldErrorForReason(path: string, value: unknown, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldErrors.forbidden(path, detail);
    case 'FieldValueRequired':
      return fieldErrors.required(path, detail);
    case 'FieldValueDuplicate':
      return fieldErrors.duplicate(path, value);
    default:
      return fieldErrors.invalid(path, value, detail);
  }
}

type MsgResult = { message: string; remaining: number } | { error: string; kind: 'invalid' | 'internal' | 'other'; remaining: number };

function evalMessageExpression(p: Program, src: string, bindings: Record<string, CelInput>, remaining: number, limit: number): MsgResult {
  const r = p.eval(bindings, limit);
  if (r.cost > remaining) {
    return { error: 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run', kind: 'invalid', remaining: -1 };
  }
  const left = remaining - r.cost;
  if (r.error !== undefined) {
    if (r.error.startsWith(costLimitExceededMessage)) {
      return { error: `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(src)}`, kind: 'invalid', remaining: -1 };
    }
    return { error: `messageExpression evaluation failed due to: ${r.error}`, kind: 'other', remaining: left };
  }
  if (typeof r.value !== 'string') return { error: 'messageExpression failed to convert to string', kind: 'other', remaining: left };
  const msg = r.value.trim();
  if (Buffer.byteLength(msg) > maxEvaluatedMessageExpressionSizeBytes) {
    return { error: `messageExpression beyond allowable length of ${maxEvaluatedMessageExpressionSizeBytes}`, kind: 'other', remaining: left };
  }
  if (/\n/.test(msg)) return { error: 'messageExpression should not contain line breaks', kind: 'other', remaining: left };
  if (msg.length === 0) return { error: 'messageExpression should evaluate to a non-empty string', kind: 'other', remaining: left };
  return { message: msg, remaining: left };
}

function correlatable(s: CelSchema): boolean {
  const t = s['x-kubernetes-map-type'];
  return t === undefined || t === 'granular' || t === 'atomic';
}

/** Finds the old element with the same list-map keys (makeMapList), for x-kubernetes-list-type=map lists. */
function mapListOld(s: CelSchema, old: unknown[] | undefined, item: unknown): unknown {
  const keys = s['x-kubernetes-list-map-keys'];
  if (!old || s['x-kubernetes-list-type'] !== 'map' || !keys || keys.length === 0 || typeof item !== 'object' || item === null) return undefined;
  const it = item as Record<string, unknown>;
  return old.find((o) => typeof o === 'object' && o !== null && keys.every((k) => (o as Record<string, unknown>)[k] === it[k]));
}

/**
 * Validates `obj` (and, on update, `oldObj`) against the compiled rules. Transition rules (those using oldSelf) run
 * only where an old value correlates, unless they set optionalOldSelf. Stops with kube's message once the runtime
 * cost budget runs out.
 */
export function validateRules(node: RuleNode | undefined, obj: unknown, oldObj: unknown, opts: ValidateOptions = {}): ValidateResult {
  const errors: FieldError[] = [];
  const warnings: string[] = [];
  let budget = opts.costBudget ?? runtimeCELCostBudget;
  const ratcheting = (opts.ratcheting ?? true) && oldObj !== null && oldObj !== undefined;

  const validateExpressions = (n: RuleNode, path: string, v: unknown, old: unknown, unchanged: () => boolean): void => {
    const sts = n.schema.type ?? '';
    const at = shown(path);
    if (v === null || v === undefined) return;
    if (n.compilationError !== undefined) {
      errors.push(fieldErrors.invalid(at, sts, `rule compiler initialization error: ${n.compilationError}`));
      return;
    }
    if (n.rules.length === 0) return;
    if (budget <= 0) {
      errors.push(fieldErrors.invalid(at, sts, outOfBudget));
      budget = -1;
      return;
    }
    const self = unstructuredToCel(v, n.schema, n.isResourceRoot);
    const hasOld = old !== null && old !== undefined;
    const oldSelf = hasOld ? unstructuredToCel(old, n.schema, n.isResourceRoot) : undefined;
    for (const c of n.rules) {
      const rule = c.rule;
      if (c.error !== undefined) {
        errors.push(fieldErrors.invalid(at, sts, `rule compile error: ${c.error}`));
        continue;
      }
      if (!c.program) continue;
      const optionalOld = rule.optionalOldSelf === true;
      if (c.usesOldSelf && !hasOld && !optionalOld) continue;
      const bindings: Record<string, CelInput> = { [scopedVarName]: self };
      if (optionalOld) bindings[oldScopedVarName] = optionalValue(oldSelf === undefined ? undefined : (oldSelf as never));
      else if (oldSelf !== undefined) bindings[oldScopedVarName] = oldSelf;
      const r = c.program.eval(bindings, n.perCallLimit);
      if (r.cost > budget) {
        errors.push(fieldErrors.invalid(at, sts, outOfBudget));
        budget = -1;
        return;
      }
      budget -= r.cost;
      if (r.error !== undefined) {
        if (r.error.startsWith('no such overload')) {
          errors.push(
            fieldErrors.invalid(at, sts, `'${r.error}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`),
          );
        } else if (r.error.startsWith(costLimitExceededMessage)) {
          errors.push(fieldErrors.invalid(at, sts, `'${r.error}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(rule)}`));
          budget = -1;
          return;
        } else {
          errors.push(fieldErrors.invalid(at, sts, `${r.error} evaluating rule: ${ruleErrorString(rule)}`));
        }
        continue;
      }
      if (r.value === true) continue;
      const errPath = shown(c.normalizedFieldPath ? child(path, c.normalizedFieldPath) : path);
      // Ratcheting: a failure of a rule without oldSelf where nothing changed is only a warning.
      const addErr = (e: FieldError) => {
        if (ratcheting && !c.usesOldSelf && unchanged()) warnings.push(fieldErrorString(e));
        else errors.push(e);
      };
      if (c.messageExpression && rule.messageExpression) {
        const m = evalMessageExpression(c.messageExpression, rule.messageExpression, bindings, budget, n.perCallLimit);
        if ('message' in m) {
          addErr(fieldErrorForReason(errPath, sts, m.message, rule.reason));
          budget = m.remaining;
        } else if (m.kind === 'invalid') {
          errors.push(fieldErrors.invalid(errPath, sts, m.error));
          budget = -1;
          return;
        } else {
          opts.log?.(`messageExpression evaluation failed: ${m.error}`);
          addErr(fieldErrorForReason(errPath, sts, ruleMessageOrDefault(rule), rule.reason));
          budget = m.remaining;
        }
      } else {
        addErr(fieldErrorForReason(errPath, sts, ruleMessageOrDefault(rule), rule.reason));
      }
    }
  };

  /**
   * `old` is the correlated old value (undefined where none correlates: a new field, an item of a
   * list that is not a map list); `parentUnchanged` is whether the nearest correlated ancestor equals
   * its old value (kube's ratchetingOptions.shouldRatchetError).
   */
  const validate = (n: RuleNode | undefined, path: string, v: unknown, old: unknown, parentUnchanged: () => boolean): void => {
    if (!n || v === null || v === undefined) return;
    let eq: boolean | undefined;
    const unchanged = old === undefined ? parentUnchanged : () => (eq ??= jsonDeepEqual(v, old));
    validateExpressions(n, path, v, old, unchanged);
    if (budget < 0) return;
    for (const a of n.allOf) {
      validate(a, path, v, old, parentUnchanged);
      if (budget < 0) return;
    }
    if (Array.isArray(v)) {
      if (!n.items) return;
      const oldArr = Array.isArray(old) ? old : undefined;
      for (let i = 0; i < v.length; i++) {
        validate(n.items, `${path}[${i}]`, v[i], mapListOld(n.schema, oldArr, v[i]), unchanged);
        if (budget < 0) return;
      }
    } else if (typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      const oldMap = typeof old === 'object' && old !== null && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
      const corr = correlatable(n.schema);
      if (n.additionalProperties) {
        for (const [k, x] of Object.entries(obj)) {
          validate(n.additionalProperties, `${path}[${k}]`, x, corr ? oldMap?.[k] : undefined, unchanged);
          if (budget < 0) return;
        }
      }
      for (const [k, x] of Object.entries(obj)) {
        const p = n.properties.get(k);
        if (!p) continue;
        validate(p, child(path, k), x, corr ? oldMap?.[k] : undefined, unchanged);
        if (budget < 0) return;
      }
    }
  };

  validate(node, opts.fieldPath ?? '', obj, oldObj === null ? undefined : oldObj, () => false);
  return { errors, warnings, remainingBudget: budget };
}
