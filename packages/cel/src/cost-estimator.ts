// Follows cel-go checker/cost.go functionCost (v0.23) and k8s.io/apiserver/pkg/cel/library/cost.go
// EstimateCallCost (v0.33): the estimated cost of one call, given the static sizes of its target and arguments.
// Sizes are worst-case (cel-go's SizeEstimate.Max); Infinity stands for cel-go's unknown size (MaxUint64).
import { sizeOf, typeString, type CelT } from './types.ts';

/** A call operand as the estimator sees it. */
export interface EstimateNode {
  readonly t: CelT;
  /** Worst-case size (string length, list length…). */
  readonly size: number;
  /** The literal value, when the operand is an int literal (split's limit). */
  readonly literal?: bigint | undefined;
}

/** A call's own cost (without its operands' costs) and, when known, its result's size. */
export interface CallEstimate {
  readonly cost: number;
  readonly resultSize?: number;
}

const stringTraversalCostFactor = 0.1;
const regexStringLengthCostFactor = 0.25;
const maxFormatSize = 64;
const maxNameFormatRegexSize = 128;

/** Multiplies, treating 0 × unknown as 0 like cel-go's saturating arithmetic. */
export function mulCost(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : a * b;
}

/** SizeEstimate.MultiplyByCostFactor: ceil(size × factor). */
export function byFactor(size: number, factor: number): number {
  return size === Infinity ? Infinity : Math.ceil(size * factor);
}

const kindOf = (t: CelT) => (t.kind === 'prim' ? t.name : t.kind);
const isStringy = (t: CelT) => t.kind === 'prim' && (t.name === 'string' || t.name === 'bytes');

/** kube's EstimateCallCost; undefined when kube has no special estimate. */
function kubeEstimate(name: string, target: EstimateNode | undefined, args: readonly EstimateNode[]): CallEstimate | undefined {
  const arg0 = args[0];
  switch (name) {
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf': {
      if (!target) return undefined;
      if (target.t.kind === 'list') {
        let el = 1;
        if (isStringy(target.t.elem)) el += byFactor(sizeOf(target.t.elem), stringTraversalCostFactor);
        return { cost: mulCost(target.size, el) };
      }
      return { cost: byFactor(target.size, stringTraversalCostFactor) };
    }
    case 'url':
      return arg0 ? { cost: byFactor(arg0.size, stringTraversalCostFactor), resultSize: arg0.size } : undefined;
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
      return target ? { cost: byFactor(target.size, stringTraversalCostFactor), resultSize: target.size } : undefined;
    case 'replace':
      return target && args.length >= 2 ? { cost: byFactor(target.size, 2 * stringTraversalCostFactor) } : undefined;
    case 'split':
      return target
        ? { cost: byFactor(target.size, 2 * stringTraversalCostFactor), resultSize: args[1]?.literal !== undefined ? Number(args[1].literal) : target.size }
        : undefined;
    case 'join': {
      if (!target || target.t.kind !== 'list') return undefined;
      let sz = mulCost(target.size, sizeOf(target.t.elem));
      if (arg0) sz += mulCost(arg0.size, Math.max(0, target.size - 1));
      return { cost: byFactor(sz, stringTraversalCostFactor), resultSize: sz };
    }
    case 'find':
    case 'findAll':
      if (!target || !arg0) return undefined;
      return { cost: mulCost(byFactor(target.size + 1, stringTraversalCostFactor), byFactor(arg0.size, regexStringLengthCostFactor)), resultSize: target.size };
    case 'cidr':
    case 'isIP':
    case 'isCIDR':
    case 'quantity':
    case 'isQuantity':
    case 'semver':
    case 'isSemver':
      return arg0 ? { cost: byFactor(arg0.size, stringTraversalCostFactor) } : { cost: 1 };
    case 'ip':
      return arg0 ? { cost: byFactor(arg0.size, stringTraversalCostFactor) } : { cost: 1 };
    case 'ip.isCanonical':
      return arg0 ? { cost: byFactor(arg0.size, 2 * stringTraversalCostFactor) } : undefined;
    case 'masked':
    case 'prefixLength':
    case 'family':
    case 'isUnspecified':
    case 'isLoopback':
    case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast':
    case 'isGlobalUnicast':
      return { cost: 1 };
    case 'containsIP':
    case 'containsCIDR': {
      if (!arg0) return undefined;
      let c = byFactor(16 + 16, stringTraversalCostFactor);
      if (name === 'containsCIDR') c += byFactor(16, stringTraversalCostFactor) + 1;
      if (kindOf(arg0.t) === 'string') c += byFactor(arg0.size, stringTraversalCostFactor);
      return { cost: c };
    }
    case 'validate':
      return arg0 ? { cost: byFactor(byFactor(arg0.size, stringTraversalCostFactor), maxNameFormatRegexSize * regexStringLengthCostFactor) } : undefined;
    case 'format.named':
    case 'sign':
    case 'asInteger':
    case 'isInteger':
    case 'asApproximateFloat':
    case 'isGreaterThan':
    case 'isLessThan':
    case 'compareTo':
    case 'add':
    case 'sub':
    case 'major':
    case 'minor':
    case 'patch':
    case 'getScheme':
    case 'getHostname':
    case 'getHost':
    case 'getPort':
    case 'getEscapedPath':
    case 'getQuery':
      return { cost: 1 };
    case '_==_': {
      const [l, r] = args;
      if (!l || !r || typeString(l.t) !== typeString(r.t) || l.t.kind !== 'opaque') return undefined;
      switch (l.t.name) {
        case 'net.IP':
        case 'net.CIDR':
        case 'kubernetes.Quantity':
        case 'kubernetes.Semver':
          return { cost: 1 };
        case 'kubernetes.NamedFormat':
          return { cost: byFactor(maxFormatSize, stringTraversalCostFactor) };
        case 'kubernetes.URL':
          return { cost: byFactor(r.size === Infinity ? 1 : r.size, stringTraversalCostFactor) };
      }
      return undefined;
    }
  }
  return undefined;
}

/**
 * The estimated cost of calling `name` (kube's estimator first, then cel-go's defaults): 1 for O(1) functions,
 * 0.1 per character or element traversed, regex cost as string × pattern length / 4.
 */
export function estimateCallCost(name: string, target: EstimateNode | undefined, args: readonly EstimateNode[], result: CelT): CallEstimate {
  const k = kubeEstimate(name, target, args);
  if (k) return k;
  const [a, b] = args;
  switch (name) {
    case 'format':
      return { cost: target ? byFactor(target.size, stringTraversalCostFactor) : 1 };
    case 'bytes':
      if (a && kindOf(a.t) === 'string') return { cost: byFactor(a.size, stringTraversalCostFactor), resultSize: a.size * 4 };
      break;
    case 'string':
      if (a && kindOf(a.t) === 'bytes') return { cost: byFactor(a.size, stringTraversalCostFactor), resultSize: a.size };
      break;
    case 'strings.quote':
      if (a) return { cost: byFactor(a.size, stringTraversalCostFactor), resultSize: a.size * 2 + 2 };
      break;
    case 'startsWith':
    case 'endsWith':
      if (a) return { cost: byFactor(a.size, stringTraversalCostFactor) };
      break;
    case '@in':
      if (b && b.t.kind === 'list') return { cost: b.size };
      break;
    case 'matches': {
      const str = target ?? a;
      const re = target ? a : b;
      if (str && re) return { cost: mulCost(byFactor(str.size + 1, stringTraversalCostFactor), byFactor(re.size, regexStringLengthCostFactor)) };
      break;
    }
    case 'contains':
      if (target && a) return { cost: mulCost(byFactor(target.size, stringTraversalCostFactor), byFactor(a.size, stringTraversalCostFactor)) };
      break;
    case '_&&_':
    case '_||_':
    case '_?_:_':
      return { cost: 0 };
    case '_+_':
      if (a && b && (isStringy(result) || result.kind === 'list')) {
        const size = a.size + b.size;
        return { cost: result.kind === 'list' ? 1 : byFactor(size, stringTraversalCostFactor), resultSize: size };
      }
      break;
    case '_<_':
    case '_<=_':
    case '_>_':
    case '_>=_':
      if (a && b && isStringy(a.t)) return { cost: byFactor(Math.min(a.size, b.size), stringTraversalCostFactor) };
      break;
    case '_==_':
    case '_!=_':
      if (a && b) return { cost: byFactor(Math.min(a.size, b.size), stringTraversalCostFactor) };
      break;
  }
  return { cost: 1 };
}
