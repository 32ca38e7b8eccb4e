// Behaviour of k8s.io/apimachinery/pkg/api/equality Semantic.DeepEqual (v1.33), on the JSON forms
// of typed objects: key order does not matter, nil and empty lists and maps are equal (omitempty
// writes neither), and a quantity written as a number equals its string ("1" and 1).

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}

/** Semantic equality of two JSON values of typed objects (see the file comment). */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
    if (typeof a === 'string' && typeof b === 'number') return a === String(b);
    return isEmpty(a) && isEmpty(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return isEmpty(a) && isEmpty(b);
    for (let i = 0; i < a.length; i++) if (!semanticEqual(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) {
    const v = x[k];
    if (k in y) {
      if (!semanticEqual(v, y[k])) return false;
    } else if (!isEmpty(v)) return false;
  }
  for (const k in y) if (!(k in x) && !isEmpty(y[k])) return false;
  return true;
}
