// Follows cel-go interpreter/runtimecost.go costCall (v0.23) and k8s.io/apiserver/pkg/cel/library/cost.go CallCost
// (v0.33): the runtime cost of one evaluated call, from its argument values (the target first for member calls).
import { isCelList, isCelMap, type CelValue } from '@bufbuild/cel';
import { opaqueKind, opaquePayload } from './opaque.ts';
import type { NamedFormat } from './library/format.ts';

const stringTraversalCostFactor = 0.1;
const regexStringLengthCostFactor = 0.25;

/** cel-go's actualSize: the length of strings, bytes, lists and maps, else 1. */
export function actualSize(v: CelValue | undefined): number {
  if (typeof v === 'string') return [...v].length;
  if (v instanceof Uint8Array) return v.length;
  if (isCelList(v) || isCelMap(v)) {
    // kube's opaque values are maps here; cel-go does not size them
    if (isCelMap(v) && opaqueKind(v) !== undefined) return 1;
    return v.size;
  }
  return 1;
}

/** kube's traversalCost: the cost of walking a value as a data tree. */
export function traversalCost(v: CelValue | undefined): number {
  if (typeof v === 'string') return Math.floor([...v].length * stringTraversalCostFactor);
  if (v instanceof Uint8Array) return Math.floor(v.length * stringTraversalCostFactor);
  if (isCelList(v)) {
    let c = 0;
    for (const x of v) c += traversalCost(x);
    return c;
  }
  if (isCelMap(v) && opaqueKind(v) === undefined) {
    let c = 0;
    for (const [k, x] of v) c += traversalCost(k as CelValue) + traversalCost(x);
    return c;
  }
  return 1;
}

const ceil = Math.ceil;
const isStr = (v: CelValue | undefined) => typeof v === 'string' || v instanceof Uint8Array;

/** The cost of one call of `fn` with these argument values and result. */
export function callCost(fn: string, args: readonly (CelValue | undefined)[], result: CelValue): number {
  const [a, b] = args;
  // kube's CallCost
  switch (fn) {
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf':
      return args.length > 0 ? traversalCost(a) : 0;
    case 'url':
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
    case 'cidr':
    case 'isIP':
    case 'isCIDR':
    case 'quantity':
    case 'isQuantity':
    case 'semver':
    case 'isSemver':
      return ceil(actualSize(a) * stringTraversalCostFactor);
    case 'replace':
    case 'split':
      return ceil(actualSize(a) * 2 * stringTraversalCostFactor);
    case 'join':
      return ceil(actualSize(result) * 2 * stringTraversalCostFactor);
    case 'find':
    case 'findAll':
      return ceil((1 + actualSize(a)) * stringTraversalCostFactor) * ceil(actualSize(b) * regexStringLengthCostFactor);
    case 'ip':
      return opaqueKind(a) === 'cidr' ? 1 : ceil(actualSize(a) * stringTraversalCostFactor);
    case 'ip.isCanonical':
      return ceil(actualSize(a) * 2 * stringTraversalCostFactor);
    case 'masked':
    case 'prefixLength':
    case 'family':
    case 'isUnspecified':
    case 'isLoopback':
    case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast':
    case 'isGlobalUnicast':
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
      return 1;
    case 'containsIP':
    case 'containsCIDR': {
      // the CIDR's size is cel-go's size of the CIDR value (1 for an opaque value)
      const cidrSize = actualSize(a);
      let c = ceil((cidrSize + cidrSize) * stringTraversalCostFactor);
      if (fn === 'containsCIDR') c += ceil(cidrSize * stringTraversalCostFactor) + 1;
      if (typeof b === 'string') c += ceil(actualSize(b) * stringTraversalCostFactor);
      return c;
    }
    case 'validate': {
      const f = opaquePayload<NamedFormat>(a, 'format');
      if (f) return ceil((1 + actualSize(b)) * stringTraversalCostFactor) * ceil(f.maxRegexSize * regexStringLengthCostFactor);
      break;
    }
    case '_==_':
      if (opaqueKind(a) !== undefined && opaqueKind(a) !== 'optional') return 1;
      break;
  }
  // cel-go's defaults
  switch (fn) {
    case 'startsWith':
    case 'endsWith':
    case 'strings.quote':
    case 'format':
      return ceil(actualSize(a) * stringTraversalCostFactor);
    case 'bytes':
    case 'string':
      return isStr(a) ? ceil(actualSize(a) * stringTraversalCostFactor) : 1;
    case '@in':
      return isCelList(b) ? actualSize(b) : 1;
    case '_<_':
    case '_<=_':
    case '_>_':
    case '_>=_':
      if (!(isStr(a) && isStr(b))) return 1;
      return ceil(Math.min(actualSize(a), actualSize(b)) * stringTraversalCostFactor);
    case '_==_':
    case '_!=_':
      return ceil(Math.min(actualSize(a), actualSize(b)) * stringTraversalCostFactor);
    case '_+_':
      return isStr(a) && isStr(b) ? ceil((actualSize(a) + actualSize(b)) * stringTraversalCostFactor) : 1;
    case 'matches':
      return ceil((1 + actualSize(a)) * stringTraversalCostFactor) * ceil(actualSize(b) * regexStringLengthCostFactor);
    case 'contains':
      return ceil(actualSize(a) * stringTraversalCostFactor) * ceil(actualSize(b) * stringTraversalCostFactor);
  }
  return 1;
}
