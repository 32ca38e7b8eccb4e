// Behaviour of github.com/evanphx/json-patch MergePatch (RFC 7386), as kube-apiserver applies
// `application/merge-patch+json` bodies.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Applies a JSON merge patch: objects merge key by key, `null` deletes a key, everything else
 * (arrays included) replaces. Returns a new value; the inputs are not modified.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out;
}
