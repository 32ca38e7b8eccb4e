// Runner for the CEL conformance suite shipped by @bufbuild/cel-spec (cel-spec v0.25.1 `tests/simple/testdata`) against
// the engine with Kubernetes' base environment, for the files kube's libraries rely on.
import { type IncrementalTest } from '@bufbuild/cel-spec/testdata/tests.js';
import { celUint, isCelError, isCelList, isCelMap, isCelType, isCelUint, type CelValue } from '@bufbuild/cel';
import { evaluate } from '../src/index.ts';

type Value = NonNullable<IncrementalTest['original']['resultMatcher']['value']> & { kind: { case: string | undefined; value?: unknown } };

class Unsupported extends Error {}

function toInput(v: Value): unknown {
  const k = v.kind;
  switch (k.case) {
    case 'nullValue':
      return null;
    case 'boolValue':
    case 'stringValue':
    case 'doubleValue':
    case 'bytesValue':
      return k.value;
    case 'int64Value':
      return k.value as bigint;
    case 'uint64Value':
      return celUint(k.value as bigint);
    case 'listValue':
      return (k.value as { values: Value[] }).values.map(toInput);
    case 'mapValue':
      return new Map((k.value as { entries: { key: Value; value: Value }[] }).entries.map((e) => [toInput(e.key), toInput(e.value)]));
    case 'typeValue':
      return { type: k.value as string };
    default:
      throw new Unsupported(`value kind ${k.case}`);
  }
}

function same(actual: CelValue, expected: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && 'type' in expected && !(expected instanceof Map) && !Array.isArray(expected)) {
    return isCelType(actual) && actual.name === (expected as { type: string }).type;
  }
  if (typeof expected === 'number') return typeof actual === 'number' && (Object.is(actual, expected) || actual === expected);
  if (isCelUint(expected)) return isCelUint(actual) && actual.value === expected.value;
  if (expected instanceof Uint8Array) return actual instanceof Uint8Array && Buffer.from(actual).equals(Buffer.from(expected));
  if (Array.isArray(expected)) {
    if (!isCelList(actual) || actual.size !== expected.length) return false;
    return expected.every((e, i) => same(actual.get(i)!, e));
  }
  if (expected instanceof Map) {
    if (!isCelMap(actual) || actual.size !== expected.size) return false;
    for (const [k, v] of expected) {
      const a = actual.get(isCelUint(k) ? k : (k as string | bigint | boolean));
      if (a === undefined || !same(a, v)) return false;
    }
    return true;
  }
  return actual === expected;
}

/** Runs one test; returns 'pass', 'fail: …' or 'skip: …'. */
export function runOne(t: IncrementalTest): string {
  const o = t.original;
  try {
    if (o.container !== '' || o.checkOnly) return 'skip: container/checkOnly';
    const bindings: Record<string, unknown> = {};
    for (const [name, ev] of Object.entries(o.bindings)) {
      if (ev.kind.case !== 'value') return 'skip: non-value binding';
      bindings[name] = toInput(ev.kind.value as Value);
    }
    const m = o.resultMatcher;
    const expected = m.case === 'value' ? toInput(m.value as Value) : m.case === undefined ? true : undefined;
    const got = evaluate(o.expr, bindings);
    if (m.case === 'evalError' || m.case === 'anyEvalErrors') return isCelError(got) ? 'pass' : `fail: expected error, got ${String(got)}`;
    if (m.case !== 'value' && m.case !== undefined) return `skip: matcher ${m.case}`;
    if (isCelError(got)) return `fail: ${got.message}`;
    return same(got, expected) ? 'pass' : `fail: got ${String(got)}`;
  } catch (e) {
    if (e instanceof Unsupported) return `skip: ${e.message}`;
    return `fail: threw ${(e as Error).message}`;
  }
}

