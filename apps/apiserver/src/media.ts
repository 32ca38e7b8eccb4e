// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/negotiation and
// k8s.io/apiserver/pkg/endpoints/handlers/negotiation (v1.33): Accept and Content-Type handling.

export interface MediaType {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
}

/** Parses one media type (`application/json;as=Table;v=v1;g=meta.k8s.io`). */
export function parseMediaType(text: string): MediaType | undefined {
  const [head, ...rest] = text.split(';');
  const [type, subtype] = (head ?? '').trim().toLowerCase().split('/');
  if (!type || !subtype) return undefined;
  const params: Record<string, string> = {};
  let q = 1;
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const k = p.slice(0, eq).trim().toLowerCase();
    const v = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
    if (k === 'q') q = Number.isFinite(Number(v)) ? Number(v) : 1;
    else params[k] = v;
  }
  return { type, subtype, params, q };
}

/** Parses an Accept header into its media types, in the client's order of preference. */
export function parseAccept(header: string | undefined): MediaType[] {
  if (!header || header.trim() === '') return [{ type: '*', subtype: '*', params: {}, q: 1 }];
  const out = header
    .split(',')
    .map((s) => parseMediaType(s))
    .filter((m): m is MediaType => m !== undefined && m.q > 0);
  // Stable sort by q, keeping the client's order among equals.
  return out.map((m, i) => ({ m, i })).sort((a, b) => b.m.q - a.m.q || a.i - b.i).map((x) => x.m);
}

/** True when `m` accepts application/json (exactly, or through a wildcard), without conversion parameters. */
export function acceptsPlainJson(m: MediaType): boolean {
  if (m.params.as !== undefined) return false;
  if (m.type === '*' && m.subtype === '*') return true;
  if (m.type === 'application' && (m.subtype === '*' || m.subtype === 'json')) return true;
  return false;
}

/** The media type of a body, without parameters (`application/json; charset=utf-8` → `application/json`). */
export function bareContentType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
