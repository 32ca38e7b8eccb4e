// Behaviour of k8s.io/kube-openapi/pkg/validation/validate (schema.go, type.go, schema_props.go,
// values.go, object_validator.go, slice_validator.go, result.go) and its errors package, at
// kube-openapi c8a335a9a2ff (what apiextensions-apiserver v0.33 uses): how a value is checked
// against an OpenAPI schema, with go-openapi's messages and its "best failure" choice for anyOf
// and oneOf.
import type { JSONSchemaProps } from '@kapi/api';
import { formatValidator } from '../formats.ts';
import { compileGoRegexp } from './go-regexp.ts';
import { jsonDeepEqual } from '@kapi/apimachinery';
import { goQuote, isJsonObject } from './json.ts';

/** The error codes apiextensions maps to field errors. */
export type OpenAPIErrorCode =
  | 'invalidType'
  | 'required'
  | 'tooLong'
  | 'tooShort'
  | 'pattern'
  | 'enum'
  | 'multipleOf'
  | 'max'
  | 'min'
  | 'unique'
  | 'maxItems'
  | 'minItems'
  | 'tooFewProperties'
  | 'tooManyProperties'
  | 'unallowedProperty'
  | 'multipleOfMustBePositive'
  | 'composite';

/** One go-openapi error: `name` is the dotted path in the value (`spec.replicas`, `.x` at the root). */
export interface OpenAPIError {
  code: OpenAPIErrorCode;
  name: string;
  value?: unknown;
  valid?: number;
  values?: unknown[];
  message: string;
}

/** A validation result: its errors (deduplicated by message) and how many checks passed. */
export interface Result {
  errors: OpenAPIError[];
  matchCount: number;
}

const newResult = (): Result => ({ errors: [], matchCount: 0 });
function addErrors(r: Result, errs: readonly OpenAPIError[]): void {
  for (const e of errs) if (!r.errors.some((x) => x.message === e.message)) r.errors.push(e);
}
function merge(r: Result, ...others: (Result | undefined)[]): Result {
  for (const o of others) {
    if (!o) continue;
    addErrors(r, o.errors);
    r.matchCount += o.matchCount;
  }
  return r;
}
const single = (e: OpenAPIError): Result => ({ errors: [e], matchCount: 0 });

const IN = 'body';

/** A compiled schema node (spec.Schema after kube's conversion). */
interface Node {
  types: string[];
  nullable: boolean;
  format: string;
  formatCheck: ((s: string) => boolean) | undefined;
  maximum?: number;
  exclusiveMaximum: boolean;
  minimum?: number;
  exclusiveMinimum: boolean;
  maxLength?: number;
  minLength?: number;
  pattern: string;
  patternRe?: RegExp | Error;
  maxItems?: number;
  minItems?: number;
  uniqueItems: boolean;
  multipleOf?: number;
  enum?: unknown[];
  maxProperties?: number;
  minProperties?: number;
  required: string[];
  items?: Node;
  allOf: Node[];
  oneOf: Node[];
  anyOf: Node[];
  not?: Node;
  properties?: Map<string, Node>;
  additionalProperties?: { allows: boolean; schema?: Node };
}

/**
 * Compiles a CRD schema as kube's NewSchemaValidator sees it (`crd`: x-kubernetes-int-or-string
 * becomes type [integer, string], formats kube does not support are dropped), or as
 * NewSchemaValidatorFromOpenAPI sees a structural schema's ToKubeOpenAPI (`openapi`: neither).
 */
export function compileSchema(s: JSONSchemaProps, mode: 'crd' | 'openapi' = 'crd'): Node {
  const format = s.format && (mode === 'openapi' || formatValidator(s.format)) ? s.format : '';
  const node: Node = {
    types: s['x-kubernetes-int-or-string'] && mode === 'crd' ? ['integer', 'string'] : s.type ? [s.type] : [],
    nullable: s.nullable === true,
    format,
    formatCheck: formatValidator(format),
    exclusiveMaximum: s.exclusiveMaximum === true,
    exclusiveMinimum: s.exclusiveMinimum === true,
    pattern: s.pattern ?? '',
    uniqueItems: s.uniqueItems === true,
    required: s.required ?? [],
    allOf: (s.allOf ?? []).map((x) => compileSchema(x, mode)),
    oneOf: (s.oneOf ?? []).map((x) => compileSchema(x, mode)),
    anyOf: (s.anyOf ?? []).map((x) => compileSchema(x, mode)),
  };
  for (const k of ['maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'multipleOf', 'maxProperties', 'minProperties'] as const) {
    const v = s[k];
    if (typeof v === 'number') node[k] = v;
  }
  if (s.enum) node.enum = s.enum;
  if (s.not) node.not = compileSchema(s.not, mode);
  if (isJsonObject(s.items)) node.items = compileSchema(s.items as JSONSchemaProps, mode);
  if (s.properties) node.properties = new Map(Object.entries(s.properties).map(([k, p]) => [k, compileSchema(p, mode)]));
  if (s.additionalProperties === true || s.additionalProperties === false) node.additionalProperties = { allows: s.additionalProperties };
  else if (isJsonObject(s.additionalProperties)) node.additionalProperties = { allows: true, schema: compileSchema(s.additionalProperties as JSONSchemaProps, mode) };
  if (node.pattern) {
    try {
      node.patternRe = compileGoRegexp(node.pattern);
    } catch (e) {
      node.patternRe = e as Error;
    }
  }
  return node;
}

type Kind = 'map' | 'slice' | 'string' | 'bool' | 'int' | 'float';

/** The Go kind a decoded JSON value has in kube: integral numbers are int64, others float64. */
function kindOf(v: unknown): Kind {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' || typeof v === 'bigint') return Number.isInteger(Number(v)) ? 'int' : 'float';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

const schemaInfo: Record<Kind, [string, string]> = {
  bool: ['boolean', ''],
  string: ['string', ''],
  int: ['integer', 'int64'],
  float: ['number', 'float64'],
  slice: ['array', ''],
  map: ['object', ''],
};

/** Go's %q / %v of an errors.InvalidType value. */
function invalidType(name: string, typeName: string, value: unknown): OpenAPIError {
  const message = typeof value === 'string' ? `${name} in ${IN} must be of type ${typeName}: ${goQuote(value)}` : `${name} in ${IN} must be of type ${typeName}`;
  return { code: 'invalidType', name, value, message };
}

const maxJSONFloat = 2 ** 53 - 1;
/** swag.IsFloat64AJSONInteger. */
export function isFloat64AJSONInteger(f: number): boolean {
  if (!Number.isFinite(f) || f < -maxJSONFloat || f > maxJSONFloat) return false;
  if (Number.isInteger(f)) return true;
  const g = Math.trunc(f);
  const diff = Math.abs(f - g);
  if (f === 0 || g === 0) return diff < 1e-9 * Number.MIN_VALUE;
  return diff / Math.min(Math.abs(f) + Math.abs(g), Number.MAX_VALUE) < 1e-9;
}

/** Go's %v of a float64 (strconv 'g', shortest): exponent form below 1e-4 and from 1e6 on. */
export function goFloat(f: number): string {
  if (f === 0 || !Number.isFinite(f)) return String(f);
  const [m, e] = f.toExponential().split('e') as [string, string];
  const n = Number(e);
  if (n < -4 || n >= 6) return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  return String(f);
}

function typeCheck(n: Node, data: unknown, path: string): Result {
  const result: Result = { errors: [], matchCount: 1 };
  if (data === null || data === undefined) {
    if (n.types.length > 0 && !n.types.includes('null') && !n.nullable) return single(invalidType(path, n.types.join(','), 'null'));
    return result;
  }
  const kind = kindOf(data);
  const [schType, format] = schemaInfo[kind];
  const isFloatInt = schType === 'number' && isFloat64AJSONInteger(Number(data)) && n.types.includes('integer');
  const isIntFloat = schType === 'integer' && n.types.includes('number');
  if (kind !== 'string' && kind !== 'slice' && n.format !== '' && !(n.types.includes(schType) || format === n.format || isFloatInt || isIntFloat)) {
    return single(invalidType(path, n.format, format));
  }
  if (!(n.types.includes('number') || n.types.includes('integer')) && n.format !== '' && (kind === 'string' || kind === 'slice')) return result;
  if (!(n.types.includes(schType) || isFloatInt || isIntFloat)) return single(invalidType(path, n.types.join(','), schType));
  return result;
}

function composite(message: string): OpenAPIError {
  return { code: 'composite', name: '', message };
}

function schemaProps(n: Node, data: unknown, path: string): Result {
  const main = newResult();
  if (n.anyOf.length > 0) {
    let best: Result | undefined;
    let firstSuccess: Result | undefined;
    let succeeded = false;
    for (const sub of n.anyOf) {
      const r = validateNode(sub, data, path);
      if (r.errors.length === 0) {
        best = undefined;
        succeeded = true;
        firstSuccess ??= r;
        break;
      }
      if (best === undefined || r.matchCount > best.matchCount) best = r;
    }
    if (!succeeded) addErrors(main, [composite(`${goQuote(path)} must validate at least one schema (anyOf)`)]);
    if (best) merge(main, best);
    else if (firstSuccess) merge(main, firstSuccess);
  }
  if (n.oneOf.length > 0) {
    let best: Result | undefined;
    let firstSuccess: Result | undefined;
    let validated = 0;
    for (const sub of n.oneOf) {
      const r = validateNode(sub, data, path);
      if (r.errors.length === 0) {
        validated++;
        best = undefined;
        firstSuccess ??= r;
        continue;
      }
      if (validated === 0 && (best === undefined || r.matchCount > best.matchCount)) best = r;
    }
    if (validated !== 1) {
      const more = validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`;
      addErrors(main, [composite(`${goQuote(path)} must validate one and only one schema (oneOf). ${more}`)]);
      if (best) merge(main, best);
    } else if (firstSuccess) merge(main, firstSuccess);
  }
  if (n.allOf.length > 0) {
    let validated = 0;
    for (const sub of n.allOf) {
      const r = validateNode(sub, data, path);
      if (r.errors.length === 0) validated++;
      merge(main, r);
    }
    if (validated !== n.allOf.length) {
      addErrors(main, [composite(`${goQuote(path)} must validate all the schemas (allOf)${validated === 0 ? '. None validated' : ''}`)]);
    }
  }
  if (n.not && validateNode(n.not, data, path).errors.length === 0) {
    addErrors(main, [composite(`${goQuote(path)} must not validate the schema (not)`)]);
  }
  main.matchCount++;
  return main;
}

function stringCheck(n: Node, data: string, path: string): Result | undefined {
  const length = [...data].length;
  if (n.maxLength !== undefined && length > n.maxLength) {
    return single({ code: 'tooLong', name: path, value: data, valid: n.maxLength, message: `${path} in ${IN} should be at most ${n.maxLength} chars long` });
  }
  if (n.minLength !== undefined && length < n.minLength) {
    return single({ code: 'tooShort', name: path, value: data, valid: n.minLength, message: `${path} in ${IN} should be at least ${n.minLength} chars long` });
  }
  if (n.pattern !== '') {
    const re = n.patternRe;
    if (re instanceof Error) {
      return single({ code: 'pattern', name: path, value: data, message: `${path} in ${IN} should match '${n.pattern}, but pattern is invalid: ${re.message}'` });
    }
    if (re && !re.test(data)) return single({ code: 'pattern', name: path, value: data, message: `${path} in ${IN} should match '${n.pattern}'` });
  }
  return undefined;
}

/** numberValidator: constraints are checked natively, integers against truncated bounds, as Go does. */
function numberCheck(n: Node, data: number, path: string): Result {
  const isInt = Number.isInteger(data);
  // go-openapi checks integers natively: bounds and factors become int64 and print as such.
  const num = (x: number) => (isInt ? String(x) : goFloat(x));
  const res = newResult();
  const multiple = newResult();
  const minimum = newResult();
  const maximum = newResult();
  if (n.multipleOf !== undefined) {
    const factor = isInt ? Math.trunc(n.multipleOf) : n.multipleOf;
    if (factor <= 0) {
      addErrors(multiple, [{ code: 'multipleOfMustBePositive', name: path, value: factor, message: `factor MultipleOf declared for ${path} must be positive: ${num(factor)}` }]);
    } else {
      const ok = isInt ? data % factor === 0 : isFloat64AJSONInteger(factor < 1 ? (1 / factor) * data : data / factor);
      if (!ok) addErrors(multiple, [{ code: 'multipleOf', name: path, value: data, message: `${path} in ${IN} should be a multiple of ${num(factor)}` }]);
    }
  }
  if (n.maximum !== undefined) {
    const max = isInt ? Math.trunc(n.maximum) : n.maximum;
    if (n.exclusiveMaximum ? data >= max : data > max) {
      const rel = n.exclusiveMaximum ? 'less than' : 'less than or equal to';
      addErrors(maximum, [{ code: 'max', name: path, value: data, message: `${path} in ${IN} should be ${rel} ${num(max)}` }]);
    }
  }
  if (n.minimum !== undefined) {
    const min = isInt ? Math.trunc(n.minimum) : n.minimum;
    if (n.exclusiveMinimum ? data <= min : data < min) {
      const rel = n.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
      addErrors(minimum, [{ code: 'min', name: path, value: data, message: `${path} in ${IN} should be ${rel} ${num(min)}` }]);
    }
  }
  merge(res, multiple, minimum, maximum);
  res.matchCount++;
  return res;
}

function sliceCheck(n: Node, data: unknown[], path: string): Result {
  const result = newResult();
  if (n.items) data.forEach((v, i) => merge(result, validateNode(n.items!, v, `${path}[${i}]`)));
  const size = data.length;
  if (n.minItems !== undefined && size < n.minItems) {
    addErrors(result, [{ code: 'minItems', name: path, value: size, valid: n.minItems, message: `${path} in ${IN} should have at least ${n.minItems} items` }]);
  }
  if (n.maxItems !== undefined && size > n.maxItems) {
    addErrors(result, [{ code: 'maxItems', name: path, value: size, valid: n.maxItems, message: `${path} in ${IN} should have at most ${n.maxItems} items` }]);
  }
  if (n.uniqueItems && data.some((v, i) => data.slice(0, i).some((u) => jsonDeepEqual(u, v)))) {
    addErrors(result, [{ code: 'unique', name: path, message: `${path} in ${IN} shouldn't contain duplicates` }]);
  }
  result.matchCount++;
  return result;
}

function enumCheck(n: Node, data: unknown, path: string): Result | undefined {
  if (!n.enum || n.enum.length === 0) return undefined;
  if (data !== null && data !== undefined && n.enum.some((e) => e !== null && jsonDeepEqual(data, e))) return undefined;
  return single({ code: 'enum', name: path, value: data, values: n.enum, message: `${path} in ${IN} should be one of ${JSON.stringify(n.enum)}` });
}

function objectCheck(n: Node, data: Record<string, unknown>, path: string): Result {
  const res = newResult();
  const keys = Object.keys(data);
  if (n.minProperties !== undefined && keys.length < n.minProperties) {
    addErrors(res, [{ code: 'tooFewProperties', name: path, value: keys.length, valid: n.minProperties, message: `${path} in ${IN} should have at least ${n.minProperties} properties` }]);
  }
  if (n.maxProperties !== undefined && keys.length > n.maxProperties) {
    addErrors(res, [{ code: 'tooManyProperties', name: path, value: keys.length, valid: n.maxProperties, message: `${path} in ${IN} should have at most ${n.maxProperties} properties` }]);
  }
  const props = n.properties ?? new Map<string, Node>();
  if (n.additionalProperties && !n.additionalProperties.allows) {
    for (const k of keys) {
      if (!props.has(k)) addErrors(res, [{ code: 'unallowedProperty', name: path, value: k, message: `${path}.${k} in ${IN} is a forbidden property` }]);
    }
  } else if (n.additionalProperties?.schema) {
    for (const k of keys) if (!props.has(k)) merge(res, validateNode(n.additionalProperties.schema, data[k], `${path}.${k}`));
  }
  for (const [name, p] of props) {
    if (Object.hasOwn(data, name)) merge(res, validateNode(p, data[name], path === '' ? name : `${path}.${name}`));
  }
  for (const k of n.required) {
    if (!Object.hasOwn(data, k)) addErrors(res, [{ code: 'required', name: `${path}.${k}`, message: `${path}.${k} in ${IN} is required` }]);
  }
  return res;
}

/** SchemaValidator.Validate: every validator that applies to the value's kind, in go-openapi's order. */
export function validateNode(n: Node, data: unknown, path: string): Result {
  const result = newResult();
  if (data === null || data === undefined) {
    // For null, go-openapi calls the type validator whether or not it applies.
    merge(result, typeCheck(n, data, path));
    merge(result, enumCheck(n, data, path));
    return result;
  }
  const kind = kindOf(data);
  const run = (r: Result | undefined) => {
    merge(result, r);
    result.matchCount++;
  };
  if (n.types.length > 0 || n.format !== '') run(typeCheck(n, data, path));
  run(schemaProps(n, data, path));
  if (kind === 'string') run(stringCheck(n, data as string, path));
  if (kind === 'string' && n.formatCheck) {
    run(n.formatCheck(data as string) ? undefined : single(invalidType(path, n.format, data)));
  }
  if (kind === 'int' || kind === 'float') run(numberCheck(n, Number(data), path));
  if (kind === 'slice') run(sliceCheck(n, data as unknown[], path));
  run(enumCheck(n, data, path));
  if (kind === 'map') run(objectCheck(n, data as Record<string, unknown>, path));
  result.matchCount++;
  return result;
}
