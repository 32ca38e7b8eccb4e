// Follows cel-go interpreter/runtimecost.go costObserver (v0.23, as used by k8s.io/apiserver v0.33): which
// evaluated nodes cost what. @bufbuild/cel has no cost hooks, so before planning each costed node of the AST is
// wrapped in a call `__kapi_cost__(<node>, <key>)`, which records the node's value and charges the running
// CostTracker: identifiers and selections 1, list literals 10, map literals 30, calls by runtime-cost.ts from their
// operands' recorded values; constants, type names, `&&`, `||`, `?:`, has() and comprehensions themselves 0.
import { celFunc, celList, celMap, CelScalar, type CelValue, type parse } from '@bufbuild/cel';
import { chargeCost, currentCostTracker, type CostTable, type NodeCost } from './cost.ts';
import { callCost } from './runtime-cost.ts';
import { listSemanticsFunctions } from './library/list-semantics.ts';

/** The parsed AST node type of @bufbuild/cel. */
export type Expr = ReturnType<typeof parse>['expr'];

const costFnName = '__kapi_cost__';

/** The tracking function every instrumented program calls. */
export const costFunction = celFunc(costFnName, [CelScalar.DYN, CelScalar.INT], CelScalar.DYN, (v: CelValue, key: bigint) => {
  const t = currentCostTracker();
  const info = t?.table?.nodes.get(Number(key));
  if (!t || !info) return v;
  const k = Number(key);
  t.values.set(k, v);
  let n = info.base;
  if (info.call) {
    const operands = info.call.operands.map((o) => t.values.get(o) ?? t.table!.constants.get(o));
    n += callCost(info.call.fn, operands, v);
  }
  if (n > 0) chargeCost(n);
  return v;
});

const free = new Set(['_&&_', '_||_', '_?_:_']);
const typeNames = new Set([
  'int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn',
  'google.protobuf.Timestamp', 'google.protobuf.Duration',
]);
/** Conversions cel-go folds to constants when their argument is a literal. */
const foldedConversions = new Set(['int', 'uint', 'double', 'string', 'bytes', 'bool', 'duration', 'timestamp', 'dyn']);

/** Whether cel-go plans `e` as a constant: literals, and list/map literals of constants. */
function isConstant(e: Expr | undefined): boolean {
  if (!e) return false;
  const k = e.exprKind;
  switch (k.case) {
    case 'constExpr':
      return true;
    case 'listExpr':
      return k.value.elements.every(isConstant) && k.value.optionalIndices.length === 0;
    case 'structExpr':
      return !k.value.messageName && k.value.entries.every((en) => en.keyKind.case === 'mapKey' && isConstant(en.keyKind.value) && isConstant(en.value));
    case 'callExpr':
      return !k.value.target && foldedConversions.has(k.value.function) && k.value.args.every(isConstant);
    default:
      return false;
  }
}

/** Whether `e` is an attribute in cel-go's sense: an identifier with field and index qualifiers. */
function isAttribute(e: Expr | undefined): boolean {
  if (!e) return false;
  const k = e.exprKind;
  if (k.case === 'identExpr') return true;
  if (k.case === 'selectExpr') return !k.value.testOnly && isAttribute(k.value.operand);
  if (k.case === 'callExpr' && k.value.function === '_[_]' && !k.value.target) return isAttribute(k.value.args[0]);
  return false;
}

/** The dotted name an ident/select chain spells, if it is one. */
function qualifiedName(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  if (e.exprKind.case === 'identExpr') return e.exprKind.value.name;
  if (e.exprKind.case === 'selectExpr' && !e.exprKind.value.testOnly) {
    const base = qualifiedName(e.exprKind.value.operand);
    return base === undefined ? undefined : `${base}.${e.exprKind.value.field}`;
  }
  return undefined;
}

function constantValue(e: Expr): CelValue | undefined {
  if (e.exprKind.case === 'listExpr' && isConstant(e)) return celList(e.exprKind.value.elements.map((x) => constantValue(x) ?? null));
  if (e.exprKind.case === 'structExpr' && isConstant(e)) {
    return celMap(new Map(e.exprKind.value.entries.map((en) => [constantValue((en.keyKind as { value: Expr }).value) as string, constantValue(en.value!) ?? null])));
  }
  if (e.exprKind.case !== 'constExpr') return undefined;
  const c = e.exprKind.value.constantKind;
  switch (c.case) {
    case 'stringValue':
    case 'bytesValue':
    case 'boolValue':
    case 'doubleValue':
    case 'int64Value':
      return c.value;
    default:
      return null;
  }
}

/** An instrumented copy of an expression and the table its tracking calls consult. */
export interface Instrumented {
  readonly expr: Expr;
  readonly table: CostTable;
}

/**
 * Returns an instrumented deep copy of `root`. `isNamespacedFunction(q, fn)` tells whether a call `q.fn(...)` names
 * the global function `q.fn` (optional.of, format.named, sets.contains…), whose target must stay unwrapped;
 * `isVariable(name)` whether an identifier is a declared variable (else type names like `int` cost nothing).
 */
export function instrument(
  root: Expr,
  isNamespacedFunction: (qualifier: string, fn: string) => boolean = () => false,
  isVariable: (name: string) => boolean = () => true,
  listSemantics: (callId: bigint) => { readonly kind: 'set' | 'map'; readonly keys: readonly string[] } | undefined = () => undefined,
): Instrumented {
  let nextId = maxId(root) + 1n;
  const nodes = new Map<number, NodeCost>();
  const constants = new Map<number, CelValue>();
  const keyOf = (e: Expr) => {
    const v = constantValue(e);
    if (v !== undefined) constants.set(Number(e.id), v);
    return Number(e.id);
  };
  const wrap = (e: Expr, cost: NodeCost): Expr => {
    nodes.set(Number(e.id), cost);
    return {
      $typeName: 'cel.expr.Expr',
      id: nextId++,
      exprKind: {
        case: 'callExpr',
        value: {
          $typeName: 'cel.expr.Expr.Call',
          function: costFnName,
          args: [
            e,
            { $typeName: 'cel.expr.Expr', id: nextId++, exprKind: { case: 'constExpr', value: { $typeName: 'cel.expr.Constant', constantKind: { case: 'int64Value', value: e.id } } } },
          ],
        },
      },
    } as unknown as Expr;
  };
  const locals: string[] = [];

  const visit = (e: Expr): Expr => {
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        return e;
      case 'identExpr': {
        const name = k.value.name;
        if (!locals.includes(name) && typeNames.has(name) && !isVariable(name)) return e;
        return wrap(e, { base: 1 });
      }
      case 'selectExpr': {
        const v = k.value;
        const q = qualifiedName(e);
        if (q !== undefined && typeNames.has(q) && !locals.includes(q.split('.')[0]!) && !isVariable(q.split('.')[0]!)) return e;
        const operand = v.operand ? visit(v.operand) : undefined;
        const copy = { ...e, exprKind: { case: 'selectExpr', value: { ...v, operand } } } as Expr;
        return wrap(copy, { base: v.testOnly ? 0 : 1 });
      }
      case 'callExpr': {
        const v = k.value;
        if (v.function === '_?_:_') {
          // cel-go resolves a conditional as an attribute: a branch that is itself an attribute costs nothing
          const [c, t, f] = v.args;
          const branch = (b: Expr) => (isAttribute(b) ? b : visit(b));
          return { ...e, exprKind: { case: 'callExpr', value: { ...v, args: [visit(c!), branch(t!), branch(f!)] } } } as Expr;
        }
        const q = qualifiedName(v.target);
        const namespaced = v.target !== undefined && q !== undefined && isNamespacedFunction(q, v.function);
        const target = v.target ? (namespaced ? v.target : visit(v.target)) : undefined;
        const args = v.args.map(visit);
        let copy = { ...e, exprKind: { case: 'callExpr', value: { ...v, target, args } } } as Expr;
        const ls = ['_==_', '_!=_', '_+_'].includes(v.function) ? listSemantics(e.id) : undefined;
        if (ls) {
          // kube's set/map list semantics: `a op b` becomes `__kapi_list_op__(a, b, kind, keys)`
          const str = (value: string): Expr =>
            ({ $typeName: 'cel.expr.Expr', id: nextId++, exprKind: { case: 'constExpr', value: { $typeName: 'cel.expr.Constant', constantKind: { case: 'stringValue', value } } } }) as unknown as Expr;
          const keys = { $typeName: 'cel.expr.Expr', id: nextId++, exprKind: { case: 'listExpr', value: { $typeName: 'cel.expr.Expr.CreateList', elements: ls.keys.map(str), optionalIndices: [] } } } as unknown as Expr;
          const fnName = v.function === '_==_' ? listSemanticsFunctions.eq : v.function === '_!=_' ? listSemanticsFunctions.ne : listSemanticsFunctions.add;
          copy = { ...e, exprKind: { case: 'callExpr', value: { ...v, function: fnName, args: [...args, str(ls.kind), keys] } } } as Expr;
        }
        if (free.has(v.function)) return copy;
        // cel-go folds conversions of literals into constants
        if (!v.target && foldedConversions.has(v.function) && v.args.every(isConstant)) return copy;
        const fn = namespaced ? `${q}.${v.function}` : v.function;
        // an index into an attribute is one of its qualifiers: 1 for a constant key, else only the key's own cost
        if (v.function === '_[_]' && !v.target && isAttribute(v.args[0])) return wrap(copy, { base: isConstant(v.args[1]) ? 1 : 0 });
        const operands = [...(v.target && !namespaced ? [v.target] : []), ...v.args].map(keyOf);
        return wrap(copy, { base: 0, call: { fn, operands } });
      }
      case 'listExpr': {
        const v = k.value;
        if (isConstant(e)) {
          keyOf(e);
          return e;
        }
        return wrap({ ...e, exprKind: { case: 'listExpr', value: { ...v, elements: v.elements.map(visit) } } } as Expr, { base: 10 });
      }
      case 'structExpr': {
        const v = k.value;
        if (isConstant(e)) {
          keyOf(e);
          return e;
        }
        const entries = v.entries.map((en) => ({
          ...en,
          keyKind: en.keyKind.case === 'mapKey' ? { case: 'mapKey' as const, value: visit(en.keyKind.value) } : en.keyKind,
          value: en.value ? visit(en.value) : undefined,
        }));
        return wrap({ ...e, exprKind: { case: 'structExpr', value: { ...v, entries } } } as Expr, { base: v.messageName ? 40 : 30 });
      }
      case 'comprehensionExpr': {
        const v = k.value;
        const o = (x: Expr | undefined) => (x ? visit(x) : undefined);
        const iterRange = o(v.iterRange);
        const accuInit = o(v.accuInit);
        locals.push(v.iterVar, v.iterVar2, v.accuVar);
        const loopCondition = o(v.loopCondition);
        const loopStep = o(v.loopStep);
        const result = o(v.result);
        locals.length -= 3;
        return { ...e, exprKind: { case: 'comprehensionExpr', value: { ...v, iterRange, accuInit, loopCondition, loopStep, result } } } as Expr;
      }
      default:
        return e;
    }
  };
  return { expr: visit(root), table: { nodes, constants } };
}

function maxId(e: Expr | undefined): bigint {
  if (!e) return 0n;
  let m = e.id;
  const k = e.exprKind;
  const up = (x: Expr | undefined) => {
    const v = maxId(x);
    if (v > m) m = v;
  };
  switch (k.case) {
    case 'selectExpr':
      up(k.value.operand);
      break;
    case 'callExpr':
      up(k.value.target);
      k.value.args.forEach(up);
      break;
    case 'listExpr':
      k.value.elements.forEach(up);
      break;
    case 'structExpr':
      for (const en of k.value.entries) {
        if (en.keyKind.case === 'mapKey') up(en.keyKind.value);
        up(en.value);
      }
      break;
    case 'comprehensionExpr':
      [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result].forEach(up);
      break;
    default:
      break;
  }
  return m;
}
