// Field paths that print like Go's *field.Path, including the nil path kube passes around.
import { FieldPath } from '@kapi/apimachinery';

/**
 * A field path as kube passes it: `undefined` is Go's nil path, whose children start a new path
 * (`child(nil, "a")` is `a`, `key(nil, "k")` is `[k]`) and which prints as `<nil>` on its own.
 */
export type GoPath = FieldPath | undefined;

export const goChild = (p: GoPath, name: string): FieldPath => (p === undefined ? FieldPath.of(name) : p.child(name));
export const goKey = (p: GoPath, k: string): FieldPath => (p === undefined ? FieldPath.of(`[${k}]`) : p.key(k));
export const goIndex = (p: GoPath, i: number): FieldPath => (p === undefined ? FieldPath.of(`[${i}]`) : p.index(i));
/** The path as Go prints it. */
export const goPathString = (p: GoPath): string => (p === undefined ? '<nil>' : String(p));
/** The path argument of the field-error constructors for a Go path (`<nil>` for nil). */
export const goPathArg = (p: GoPath): FieldPath | string => p ?? '<nil>';
