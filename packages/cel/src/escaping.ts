// Follows k8s.io/apiserver/pkg/cel/escaping.go (v0.33): how property names become CEL identifiers.

const reserved = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let',
  'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/**
 * The CEL name of a property: reserved words become `__word__`; `__`, `.`, `-` and `/` become `__underscores__`,
 * `__dot__`, `__dash__` and `__slash__`. Returns undefined for names CEL cannot address (empty, leading digit, other
 * characters).
 */
export function escapeName(ident: string): string | undefined {
  if (ident.length === 0 || (ident[0]! >= '0' && ident[0]! <= '9')) return undefined;
  if (reserved.has(ident)) return `__${ident}__`;
  if (!/^[a-zA-Z0-9_./-]*$/.test(ident)) return undefined;
  if (!/[./-]|__/.test(ident)) return ident;
  return ident.replace(/__|[-./]/g, (s) => ({ __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' })[s]!);
}

/** The inverse of escapeName; undefined when `escaped` is not a valid escaping. */
export function unescapeName(escaped: string): string | undefined {
  let ok = true;
  const out = escaped.replace(/__[^_]+__/g, (s) => {
    const inner = s.slice(2, -2);
    switch (inner) {
      case 'underscores':
        return '__';
      case 'dot':
        return '.';
      case 'dash':
        return '-';
      case 'slash':
        return '/';
    }
    if (reserved.has(inner)) {
      if (s.length !== escaped.length) ok = false;
      return inner;
    }
    ok = false;
    return '';
  });
  return ok ? out : undefined;
}
