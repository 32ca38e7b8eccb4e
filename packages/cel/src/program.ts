// Follows cel-go cel/env.go Compile / Program and k8s.io/apiserver/pkg/cel/compiler.go (v0.33): compile once
// (parse, check, estimate cost, plan) and evaluate many times under a runtime cost limit.
import { isCelError, parse, plan, type CelError, type CelInput, type CelValue } from '@bufbuild/cel';
import { check, formatIssues } from './checker.ts';
import { baseEnvironment, type Environment } from './environment.ts';
import { instrument } from './instrument.ts';
import { CostTracker, costLimitExceededMessage, withCostTracker, type CostTable } from './cost.ts';
import { perCallLimit } from './limits.ts';
import type { CelT } from './types.ts';

/** The outcome of one evaluation. */
export interface EvalResult {
  /** The value, when evaluation succeeded. */
  readonly value?: CelValue;
  /** cel-go's error text, when it failed (`no such key: x`, `operation cancelled: actual cost limit exceeded`). */
  readonly error?: string;
  /** The runtime cost charged. */
  readonly cost: number;
}

/** A compiled expression. */
export interface Program {
  readonly source: string;
  /** The checked output type. */
  readonly type: CelT;
  /** Worst-case cost estimated at compile time (Infinity when unbounded). */
  readonly maxCost: number;
  /** The declared variables the expression references. */
  readonly references: ReadonlySet<string>;
  /** Evaluates with the given variable values; `costLimit` defaults to kube's PerCallLimit. */
  eval(bindings: Readonly<Record<string, CelInput>>, costLimit?: number): EvalResult;
}

/** The result of compiling: a program or cel-go-style issues (`ERROR: <input>:1:6: …`). */
export type CompileResult = { readonly program: Program; readonly issues?: undefined } | { readonly program?: undefined; readonly issues: string };

/** Compiles `source` against `env` with the given variable declarations. */
export function compile(source: string, variables: ReadonlyMap<string, CelT> = new Map(), env: Environment = baseEnvironment()): CompileResult {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(source);
  } catch (e) {
    const m = /^<input>:(\d+):(\d+): (.*)$/s.exec((e as Error).message);
    if (!m) return { issues: `ERROR: <input>:-1:0: Syntax error: ${(e as Error).message}` };
    const lines = source.split('\n');
    const line = Number(m[1]);
    const col = Number(m[2]);
    return { issues: `ERROR: <input>:${line}:${col}: Syntax error: ${m[3]}\n | ${lines[line - 1] ?? ''}\n | ${'.'.repeat(Math.max(0, col - 1))}^` };
  }
  const checked = check(env, parsed, variables);
  if (checked.issues.length) return { issues: formatIssues(source, parsed, checked.issues) };
  let run: (ctx: Record<string, CelInput>) => CelValue | CelError;
  let table: CostTable;
  try {
    const namespaced = (q: string, fn: string) => env.decls.has(`${q}.${fn}`) && !variables.has(q.split('.')[0]!);
    const listSemantics = (id: bigint) => {
      const call = findCall(parsed.expr, id);
      const left = call ? checked.types.get(call.args[0]!.id) : undefined;
      return left?.kind === 'list' && left.listType ? { kind: left.listType, keys: left.mapKeys ?? [] } : undefined;
    };
    const inst = instrument(parsed.expr, namespaced, (name) => variables.has(name), listSemantics);
    table = inst.table;
    run = plan(env.cel, inst.expr) as unknown as typeof run;
  } catch (e) {
    return { issues: `ERROR: <input>:-1:0: ${(e as Error).message}` };
  }
  return {
    program: {
      source,
      type: checked.type,
      maxCost: checked.maxCost,
      references: checked.references,
      eval(bindings, costLimit = perCallLimit) {
        const tracker = new CostTracker(costLimit);
        tracker.table = table;
        let r: CelValue | CelError;
        try {
          r = withCostTracker(tracker, () => run({ ...bindings }));
        } catch (e) {
          r = e as CelError;
        }
        if (tracker.exceeded) return { error: costLimitExceededMessage, cost: tracker.cost };
        if (isCelError(r) || r instanceof Error) return { error: celErrorText(r), cost: tracker.cost };
        return { value: r, cost: tracker.cost };
      },
    },
  };
}

type Expr = ReturnType<typeof parse>['expr'];
type Call = Extract<Expr['exprKind'], { case: 'callExpr' }>['value'];

/** The call node with the given id (binary operators only have args). */
function findCall(e: Expr | undefined, id: bigint): Call | undefined {
  if (!e) return undefined;
  const k = e.exprKind;
  switch (k.case) {
    case 'callExpr':
      if (e.id === id) return k.value;
      for (const x of [k.value.target, ...k.value.args]) {
        const r = findCall(x, id);
        if (r) return r;
      }
      return undefined;
    case 'selectExpr':
      return findCall(k.value.operand, id);
    case 'listExpr':
      for (const x of k.value.elements) {
        const r = findCall(x, id);
        if (r) return r;
      }
      return undefined;
    case 'structExpr':
      for (const en of k.value.entries) {
        const r = findCall(en.keyKind.case === 'mapKey' ? en.keyKind.value : undefined, id) ?? findCall(en.value, id);
        if (r) return r;
      }
      return undefined;
    case 'comprehensionExpr':
      for (const x of [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result]) {
        const r = findCall(x, id);
        if (r) return r;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Maps @bufbuild/cel's runtime error texts to cel-go's where they differ. */
export function celErrorText(e: Error): string {
  const m = e.message;
  let r: RegExpExecArray | null;
  if ((r = /^field not found: (.*)$/.exec(m))) return `no such key: ${r[1]}`;
  if (/^(int|uint) overflow/.test(m)) return m.startsWith('uint') ? 'unsigned integer overflow' : 'integer overflow';
  if (/divide by zero|division by zero/.test(m)) return 'division by zero';
  if (/modulus by zero|modulo by zero/.test(m)) return 'modulus by zero';
  if ((r = /^index (-?\d+) out of bounds/.exec(m))) return `index out of bounds: ${r[1]}`;
  if ((r = /^key not found: (.*)$/.exec(m))) return `no such key: ${r[1]}`;
  if (/^unbound function|^found no matching overload/.test(m)) return `no such overload: ${m}`;
  return m;
}

/**
 * Parses and evaluates `source` without type checking or cost limits, for quick use and the conformance suite.
 * Returns the value or a CelError; never throws.
 */
export function evaluate(source: string, bindings: Readonly<Record<string, unknown>> = {}, env: Environment = baseEnvironment()): CelValue | CelError {
  try {
    const run = plan(env.cel, parse(source)) as unknown as (ctx: Record<string, unknown>) => CelValue | CelError;
    return run({ ...bindings });
  } catch (e) {
    return e as CelError;
  }
}

