// Follows k8s.io/apiserver/pkg/cel/library/libraries.go (v0.33): a library is a set of function declarations (what
// the checker sees) plus their implementations on @bufbuild/cel (what the evaluator runs).
import type { CelFunc, CelInput, CelValue } from '@bufbuild/cel';
import type { OpaqueKind } from '../opaque.ts';
import type { CelT } from '../types.ts';

/** One overload as the checker sees it. For a member overload `args[0]` is the receiver. */
export interface FuncDecl {
  readonly name: string;
  readonly member: boolean;
  readonly args: readonly CelT[];
  readonly result: CelT;
}

/** A named set of declarations and implementations, as kube's `cel.Lib`s are. */
export interface Library {
  readonly name: string;
  readonly decls: readonly FuncDecl[];
  readonly funcs: readonly CelFunc[];
  readonly opaque?: readonly OpaqueOverload[];
}

/** Declares a global function overload. */
export function fn(name: string, args: readonly CelT[], result: CelT): FuncDecl {
  return { name, member: false, args, result };
}

/** Declares a member (receiver-style) overload; `target` is the receiver type. */
export function method(name: string, target: CelT, args: readonly CelT[], result: CelT): FuncDecl {
  return { name, member: true, args: [target, ...args], result };
}

/**
 * An overload on one of kube's opaque types. The environment merges every overload of one name and arity into a
 * single @bufbuild/cel function that dispatches on the receiver's (or first argument's) opaque kind, since the engine
 * sees all opaque values as maps.
 */
export interface OpaqueOverload {
  readonly name: string;
  readonly member: boolean;
  readonly arity: number;
  readonly kind: OpaqueKind;
  readonly impl: (self: unknown, ...args: CelValue[]) => CelInput;
}

/** An opaque-typed overload; `self` is the receiver's (or first argument's) payload. */
export function opaqueOverload<P>(
  name: string,
  member: boolean,
  kind: OpaqueKind,
  arity: number,
  impl: (self: P, ...args: CelValue[]) => CelInput,
): OpaqueOverload {
  return { name, member, kind, arity, impl: impl as OpaqueOverload['impl'] };
}
