// Deep equality of JSON values as Go's reflect.DeepEqual sees decoded structs: absent and empty
// members (omitempty zero values) are the same.

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).every((k) => isEmpty((v as Record<string, unknown>)[k])));
}

/** True when `a` and `b` hold the same values, reading absent, null and zero members alike. */
export function semanticDeepEqual(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => semanticDeepEqual(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!semanticDeepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    return true;
  }
  return a === b;
}
