// Follows cel-go checker/checker.go and checker/cost.go (v0.23, as vendored by k8s.io/apiserver v0.33): type-checks
// a parsed expression against the environment's declarations and the caller's variables, and estimates its worst-case
// cost. @bufbuild/cel 0.6.1 ships no usable checker, so this is a compact one: overload resolution with type
// parameters, field selection on schema object types, comprehensions, and cel-go's error texts.
import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import { assignable, freeType, join, sizeOf, substitute, T, typeString, unboundedSizeOf, type CelT } from './types.ts';
import { estimateCallCost, mulCost } from './cost-estimator.ts';
import type { Environment } from './environment.ts';
import type { FuncDecl } from './library/library.ts';

type Expr = ReturnType<typeof parse>['expr'];
type ParsedExpr = ReturnType<typeof parse>;

/** One checker error, at an AST node. */
export interface CheckIssue {
  readonly exprId: bigint;
  readonly message: string;
}

/** What the checker learned about an expression. */
export interface CheckResult {
  /** The expression's static type. */
  readonly type: CelT;
  /** Type errors; empty when the expression checks. */
  readonly issues: readonly CheckIssue[];
  /** The declared variables the expression references. */
  readonly references: ReadonlySet<string>;
  /** Worst-case cost (cel-go EstimateCost().Max); Infinity when unbounded. */
  readonly maxCost: number;
  /** The type of every checked node, by expression id. */
  readonly types: ReadonlyMap<bigint, CelT>;
}

interface Node {
  readonly t: CelT;
  readonly cost: number;
  /** Worst-case size (cel-go SizeEstimate.Max); Infinity when unknown. */
  readonly size: number;
  /** The value of an int literal. */
  readonly literal?: bigint;
}


const typeNames = new Set([
  'int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn',
  'google.protobuf.Timestamp', 'google.protobuf.Duration',
]);

/** Type-checks `parsed` with the given variables (e.g. `self`, `oldSelf`). */
export function check(env: Environment, parsed: ParsedExpr, vars: ReadonlyMap<string, CelT>): CheckResult {
  const issues: CheckIssue[] = [];
  // kube's size estimator answers a path it cannot resolve (a type name, the elements of a computed list) with the
  // size of the root variable's schema node
  const self = vars.get('self');
  const unresolvedPathSize = self === undefined ? 1 : sizeOf(self);
  const references = new Set<string>();
  const scopes: Map<string, Node>[] = [];
  const err = (e: Expr, message: string) => issues.push({ exprId: e.id, message });

  const lookup = (name: string): Node | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const n = scopes[i]!.get(name);
      if (n) return n;
    }
    const t = vars.get(name);
    if (t) {
      references.add(name);
      return { t, cost: 1, size: sizeOf(t) };
    }
    return undefined;
  };

  /** The dotted name an ident/select chain spells, if it is one. */
  const qualifiedName = (e: Expr | undefined): string | undefined => {
    if (!e) return undefined;
    if (e.exprKind.case === 'identExpr') return e.exprKind.value.name;
    if (e.exprKind.case === 'selectExpr' && !e.exprKind.value.testOnly) {
      const base = qualifiedName(e.exprKind.value.operand);
      return base === undefined ? undefined : `${base}.${e.exprKind.value.field}`;
    }
    return undefined;
  };

  // cel-go charges 1 for selecting from a map or object, 0 from dyn
  const selectField = (e: Expr, operand: Node, field: string): Node => {
    const t = operand.t;
    switch (t.kind) {
      case 'object': {
        const f = t.fields.get(field);
        if (!f) {
          err(e, `undefined field '${field}'`);
          return { t: T.dyn, cost: operand.cost + 1, size: Infinity };
        }
        return { t: f, cost: operand.cost + 1, size: sizeOf(f) };
      }
      case 'map':
        if (t.key.kind !== 'dyn' && t.key.kind !== 'param' && !(t.key.kind === 'prim' && t.key.name === 'string')) {
          err(e, `type '${typeString(t)}' does not support field selection`);
        }
        // kube's size estimator resolves schema paths through object fields only, so a map entry reached by
        // selection (x.y, unlike x['y']) has no schema bound
        return { t: t.value, cost: operand.cost + 1, size: unboundedSizeOf(t.value) };
      case 'dyn':
        return { t: T.dyn, cost: operand.cost, size: Infinity };
      default:
        err(e, `type '${typeString(t)}' does not support field selection`);
        return { t: T.dyn, cost: operand.cost + 1, size: Infinity };
    }
  };

  const resolve = (e: Expr, name: string, member: boolean, args: readonly Node[]): Node => {
    const all = env.decls.get(name);
    const argCost = args.reduce((s, a) => s + a.cost, 0);
    if (!all) {
      err(e, `undeclared reference to '${name}' (in container '')`);
      return { t: T.dyn, cost: argCost + 1, size: Infinity };
    }
    const matches: { d: FuncDecl; t: CelT }[] = [];
    for (const d of all) {
      if (d.member !== member || d.args.length !== args.length) continue;
      const b = new Map<string, CelT>();
      if (d.args.every((f, i) => assignable(f, args[i]!.t, b))) matches.push({ d, t: substitute(d.result, b) });
    }
    if (matches.length === 0) {
      const shown = args.map((a) => typeString(a.t));
      const sig = member ? `${shown[0]}.(${shown.slice(1).join(', ')})` : `(${shown.join(', ')})`;
      err(e, `found no matching overload for '${name}' applied to '${sig}'`);
      return { t: T.dyn, cost: argCost + 1, size: Infinity };
    }
    const t = matches.map((m) => m.t).reduce(join);
    const target = member ? args[0] : undefined;
    const operands = member ? args.slice(1) : args;
    if (name === 'dyn') return { t, cost: argCost + 1, size: args[0]!.size };
    const est = estimateCallCost(name, target, operands, t);
    const left = args[0]?.t;
    if (name === '_+_' && left?.kind === 'list' && left.listType && t.kind === 'list') {
      // kube's set and map lists keep their semantics through concatenation
      const keep: CelT = left.listType === 'map' ? { ...t, listType: 'map', mapKeys: left.mapKeys ?? [] } : { ...t, listType: 'set' };
      return { t: keep, cost: argCost + est.cost, size: est.resultSize ?? sizeOf(t) };
    }
    let size = est.resultSize ?? sizeOf(t);
    if (name === '_[_]') {
      const c = args[0]!.t;
      size = c.kind === 'list' ? sizeOf(c.elem) : c.kind === 'map' ? sizeOf(c.value) : Infinity;
    }
    if (name === '_?_:_') return { t, cost: args[0]!.cost + Math.max(args[1]!.cost, args[2]!.cost), size: Math.max(args[1]!.size, args[2]!.size) };
    return { t, cost: argCost + est.cost, size };
  };

  const types = new Map<bigint, CelT>();
  const visit = (e: Expr): Node => {
    const n = visitNode(e);
    types.set(e.id, n.t);
    return n;
  };
  const visitNode = (e: Expr): Node => {
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr': {
        const c = k.value.constantKind;
        switch (c.case) {
          case 'boolValue':
            return { t: T.bool, cost: 0, size: 1 };
          case 'int64Value':
            return { t: T.int, cost: 0, size: 1, literal: c.value };
          case 'uint64Value':
            return { t: T.uint, cost: 0, size: 1 };
          case 'doubleValue':
            return { t: T.double, cost: 0, size: 1 };
          case 'stringValue':
            return { t: T.string, cost: 0, size: [...c.value].length };
          case 'bytesValue':
            return { t: T.bytes, cost: 0, size: c.value.length };
          case 'nullValue':
            return { t: T.null, cost: 0, size: 1 };
          default:
            return { t: T.dyn, cost: 0, size: 0 };
        }
      }
      case 'identExpr': {
        const n = lookup(k.value.name);
        if (n) return n;
        if (typeNames.has(k.value.name)) return { t: T.type, cost: 1, size: unresolvedPathSize };
        err(e, `undeclared reference to '${k.value.name}' (in container '')`);
        return { t: T.dyn, cost: 1, size: Infinity };
      }
      case 'selectExpr': {
        const v = k.value;
        const q = qualifiedName(e);
        if (q !== undefined && !v.testOnly && vars.has(q)) return lookup(q)!;
        if (q !== undefined && !v.testOnly && typeNames.has(q) && lookup(q.split('.')[0]!) === undefined) {
          return { t: T.type, cost: 1, size: unresolvedPathSize };
        }
        const operand = visit(v.operand!);
        const n = selectField(e, operand, v.field);
        // has() costs only its operand (kube: PresenceTestHasCost(false))
        return v.testOnly ? { t: T.bool, cost: operand.cost, size: 1 } : n;
      }
      case 'callExpr': {
        const v = k.value;
        if (v.target) {
          const q = qualifiedName(v.target);
          if (q !== undefined && lookup(q.split('.')[0]!) === undefined && env.decls.has(`${q}.${v.function}`)) {
            return resolve(e, `${q}.${v.function}`, false, v.args.map(visit));
          }
          return resolve(e, v.function, true, [visit(v.target), ...v.args.map(visit)]);
        }
        return resolve(e, v.function, false, v.args.map(visit));
      }
      case 'listExpr': {
        const els = k.value.elements.map(visit);
        const elem = els.length ? els.map((n) => n.t).reduce(join) : freeType;
        return { t: T.list(elem, els.length), cost: 10 + els.reduce((s, n) => s + n.cost, 0), size: els.length };
      }
      case 'structExpr': {
        const v = k.value;
        if (v.messageName) {
          err(e, `undeclared reference to '${v.messageName}' (in container '')`);
          return { t: T.dyn, cost: 40, size: 0 };
        }
        let key: CelT | undefined;
        let val: CelT | undefined;
        let cost = 30;
        for (const en of v.entries) {
          if (en.keyKind.case === 'mapKey') {
            const kn = visit(en.keyKind.value);
            key = key ? join(key, kn.t) : kn.t;
            cost += kn.cost;
          }
          if (en.value) {
            const vn = visit(en.value);
            val = val ? join(val, vn.t) : vn.t;
            cost += vn.cost;
          }
        }
        return { t: T.map(key ?? freeType, val ?? freeType, v.entries.length), cost, size: v.entries.length };
      }
      case 'comprehensionExpr': {
        const v = k.value;
        const range = visit(v.iterRange!);
        let iterT: CelT;
        let iter2T: CelT | undefined;
        switch (range.t.kind) {
          case 'list':
            iterT = v.iterVar2 ? T.int : range.t.elem;
            iter2T = range.t.elem;
            break;
          case 'map':
            iterT = range.t.key;
            iter2T = range.t.value;
            break;
          case 'dyn':
            iterT = T.dyn;
            iter2T = T.dyn;
            break;
          default:
            err(v.iterRange!, `expression of type '${typeString(range.t)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
            iterT = T.dyn;
            iter2T = T.dyn;
        }
        const init = visit(v.accuInit!);
        const scope = new Map<string, Node>();
        // kube's size estimator finds no schema node for the elements of a computed range (map/filter results)
        const computed = qualifiedName(v.iterRange) === undefined && v.iterRange!.exprKind.case !== 'callExpr';
        const fromComputed = computed && v.iterRange!.exprKind.case === 'comprehensionExpr' && unresolvedPathSize !== undefined;
        const elemSize = (t: CelT) => (fromComputed ? unresolvedPathSize : sizeOf(t));
        scope.set(v.iterVar, { t: iterT, cost: 1, size: elemSize(iterT) });
        if (v.iterVar2) scope.set(v.iterVar2, { t: iter2T ?? T.dyn, cost: 1, size: elemSize(iter2T ?? T.dyn) });
        let accu: CelT = init.t;
        // the accumulator of map/filter grows to at most the range's size
        scope.set(v.accuVar, { t: accu, cost: 1, size: range.size });
        scopes.push(scope);
        const mark = issues.length;
        let step = visit(v.loopStep!);
        if (typeString(step.t) !== typeString(accu) && assignable(accu, step.t, new Map())) {
          // the accumulator starts as an empty literal (map/filter macros): it takes the step's type
          accu = join(accu, step.t);
          issues.length = mark;
          scope.set(v.accuVar, { t: accu, cost: 1, size: range.size });
          step = visit(v.loopStep!);
        }
        const cond = visit(v.loopCondition!);
        scopes.pop();
        const resultScope = new Map<string, Node>([[v.accuVar, { t: accu, cost: 1, size: range.size }]]);
        scopes.push(resultScope);
        const result = visit(v.result!);
        scopes.pop();
        const loop = mulCost(range.size, cond.cost + step.cost);
        const initKind = v.accuInit!.exprKind.case;
        const size = initKind === 'listExpr' || initKind === 'structExpr' ? range.size : initKind === 'constExpr' ? init.size : result.size;
        return { t: result.t, cost: range.cost + init.cost + loop + result.cost, size };
      }
      default:
        return { t: T.dyn, cost: 0, size: Infinity };
    }
  };

  const root = visit(parsed.expr);
  if (issues.length === 0) validateLiterals(parsed.expr, types, issues);
  return { type: root.t, issues, references, maxCost: root.cost, types };
}

const validateRegex = plan(celEnv(), parse("''.matches(x)")) as unknown as (b: { x: unknown }) => unknown;
const validateDuration = plan(celEnv(), parse('duration(x)')) as unknown as (b: { x: unknown }) => unknown;
const validateTimestamp = plan(celEnv(), parse('timestamp(x)')) as unknown as (b: { x: unknown }) => unknown;

function literalOf(e: Expr | undefined): string | bigint | undefined {
  const c = e?.exprKind.case === 'constExpr' ? e.exprKind.value.constantKind : undefined;
  return c?.case === 'stringValue' || c?.case === 'int64Value' ? c.value : undefined;
}

/**
 * The AST validators kube's base environment enables (cel.ValidateDurationLiterals, ValidateTimestampLiterals,
 * ValidateRegexLiterals) and cel.HomogeneousAggregateLiterals: literal arguments and literal lists/maps are checked
 * at compile time.
 */
function validateLiterals(root: Expr, types: ReadonlyMap<bigint, CelT>, issues: CheckIssue[]): void {
  const walk = (e: Expr | undefined): void => {
    if (!e) return;
    const k = e.exprKind;
    switch (k.case) {
      case 'selectExpr':
        walk(k.value.operand);
        return;
      case 'callExpr': {
        const v = k.value;
        walk(v.target);
        // string.format's argument list is exempt from the homogeneity check (as the strings extension declares)
        v.args.forEach((a) => (v.function === 'format' && v.target && a.exprKind.case === 'listExpr' ? a.exprKind.value.elements.forEach(walk) : walk(a)));
        const arg = v.target ? v.args[0] : v.args[v.args.length - 1];
        const lit = literalOf(arg);
        if (lit === undefined || !arg) return;
        if (v.function === 'matches' && typeof lit === 'string') {
          // the engine's own RE2 decides, as it is the one that runs matches()
          if (isCelError(validateRegex({ x: lit }))) issues.push({ exprId: arg.id, message: 'invalid matches argument' });
        } else if (v.function === 'duration' && !v.target && isCelError(validateDuration({ x: lit }))) {
          issues.push({ exprId: arg.id, message: 'invalid duration argument' });
        } else if (v.function === 'timestamp' && !v.target && (isCelError(validateTimestamp({ x: lit })) || (typeof lit === 'bigint' && (lit < -62135596800n || lit > 253402300799n)))) {
          issues.push({ exprId: arg.id, message: 'invalid timestamp argument' });
        }
        return;
      }
      case 'listExpr': {
        k.value.elements.forEach(walk);
        homogeneous(k.value.elements, types, issues);
        return;
      }
      case 'structExpr': {
        const keys: Expr[] = [];
        const values: Expr[] = [];
        for (const en of k.value.entries) {
          if (en.keyKind.case === 'mapKey') {
            walk(en.keyKind.value);
            keys.push(en.keyKind.value);
          }
          walk(en.value);
          if (en.value) values.push(en.value);
        }
        if (!k.value.messageName) {
          homogeneous(keys, types, issues);
          homogeneous(values, types, issues);
        }
        return;
      }
      case 'comprehensionExpr':
        [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result].forEach(walk);
        return;
      default:
        return;
    }
  };
  walk(root);
}

function homogeneous(elements: readonly Expr[], types: ReadonlyMap<bigint, CelT>, issues: CheckIssue[]): void {
  let first: CelT | undefined;
  for (const el of elements) {
    // dyn(x) opts an element out, as in cel-go
    if (el.exprKind.case === 'callExpr' && el.exprKind.value.function === 'dyn') continue;
    const t = types.get(el.id);
    if (!t || t.kind === 'dyn' || t.kind === 'param') continue;
    if (first === undefined) {
      first = t;
    } else if (typeString(first) !== typeString(t) && !(t.kind === 'prim' && t.name === 'null_type')) {
      issues.push({ exprId: el.id, message: `expected type '${typeString(first)}' but found '${typeString(t)}'` });
      return;
    }
  }
}

/** cel-go's rendering of issues: `ERROR: <input>:1:6: msg` with the source line and a caret, sorted by position. */
export function formatIssues(source: string, parsed: ParsedExpr | undefined, issues: readonly { exprId?: bigint; offset?: number; message: string }[]): string {
  const lines = source.split('\n');
  const calls = new Set<bigint>();
  const collect = (e: Expr | undefined): void => {
    if (!e) return;
    const k = e.exprKind;
    if (k.case === 'callExpr') {
      // cel-go places a function call at its opening parenthesis; the parser here at its name or dot
      if (/^[A-Za-z]/.test(k.value.function)) calls.add(e.id);
      collect(k.value.target);
      k.value.args.forEach(collect);
    } else if (k.case === 'selectExpr') collect(k.value.operand);
    else if (k.case === 'listExpr') k.value.elements.forEach(collect);
    else if (k.case === 'structExpr') k.value.entries.forEach((en) => (collect(en.keyKind.case === 'mapKey' ? en.keyKind.value : undefined), collect(en.value)));
    else if (k.case === 'comprehensionExpr') [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result].forEach(collect);
  };
  collect(parsed?.expr);
  const located = issues.map((i) => {
    let offset = i.offset ?? (i.exprId !== undefined ? Number(parsed?.sourceInfo?.positions[String(i.exprId)] ?? -1) : -1);
    if (offset >= 0 && i.exprId !== undefined && calls.has(i.exprId)) {
      const paren = source.indexOf('(', offset);
      if (paren >= 0) offset = paren;
    }
    return { ...i, offset };
  });
  located.sort((a, b) => a.offset - b.offset);
  return located
    .map((i) => {
      if (i.offset < 0) return `ERROR: <input>:-1:0: ${i.message}`;
      const codePoints = [...source.slice(0, i.offset)];
      const before = codePoints.join('');
      const line = before.split('\n').length;
      const col = codePoints.length - (before.lastIndexOf('\n') + 1 === 0 ? 0 : [...source.slice(0, before.lastIndexOf('\n') + 1)].length);
      const text = lines[line - 1] ?? '';
      return `ERROR: <input>:${line}:${col + 1}: ${i.message}\n | ${text}\n | ${'.'.repeat(col)}^`;
    })
    .join('\n');
}
