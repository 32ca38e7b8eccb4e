// JSON values as kube's unstructured objects hold them.

/** A decoded JSON object. */
export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A deep copy of a JSON value (runtime.DeepCopyJSONValue). */
export function deepCopyJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopyJson) as T;
  if (isJsonObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepCopyJson(x)])) as T;
  return v;
}

/** The schema of the field `k` of an object: its property, else additionalProperties' schema. */
export function fieldSchema<S extends { properties?: Record<string, S>; additionalProperties?: { structural?: S } }>(s: S | undefined, k: string): S | undefined {
  if (s === undefined) return undefined;
  if (s.properties && Object.hasOwn(s.properties, k)) return s.properties[k];
  return s.additionalProperties?.structural;
}

/** Go's %q of a string (strconv.Quote) for the ASCII-printable and common cases. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Go's sort.Strings order: by UTF-8 bytes. */
export function compareGoStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
