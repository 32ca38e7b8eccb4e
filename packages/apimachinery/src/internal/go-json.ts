// Behaviour of Go's encoding/json Marshal (go1.24) for values decoded from JSON into interface{}:
// object keys sorted bytewise, compact, HTML-safe string escapes.

const htmlEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function marshalString(s: string): string {
  // JSON.stringify escapes quotes, backslashes and control characters as Go does (\b \f \n \r \t,
  // else \u00xx); Go also escapes <, >, & and U+2028/U+2029. Those only occur inside strings.
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => htmlEscapes[c]!);
}

/**
 * The bytes Go's json.Marshal writes for a JSON value (map[string]interface{} keys sorted, numbers
 * as float64 or int64 print, which for JSON numbers is what JavaScript prints).
 */
export function goMarshalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return marshalString(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return `[${value.map(goMarshalJson).join(',')}]`;
      return `{${Object.keys(value)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort(compareUtf8)
        .map((k) => `${marshalString(k)}:${goMarshalJson((value as Record<string, unknown>)[k])}`)
        .join(',')}}`;
    default:
      return 'null';
  }
}

/**
 * Go's `%T` of a value decoded from JSON into interface{} (unstructured data): integral numbers
 * are int64 there, other numbers float64.
 */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}
