// Behaviour of k8s.io/apimachinery/pkg/fields/selector.go (v1.33): field selectors.
import { newBadRequest } from './errors.ts';

/** One term of a field selector: `metadata.name=x` or `status.phase!=Running`. */
export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '!=';
  readonly value: string;
}

/** A parsed field selector; matches against the field set a strategy exposes for an object. */
export interface FieldSelector {
  readonly requirements: readonly FieldRequirement[];
  matches(fields: Readonly<Record<string, string>>): boolean;
  isEmpty(): boolean;
  /** The value required for `field` with `=`, if the selector pins one (used to narrow a list to one key). */
  requiresExactMatch(field: string): string | undefined;
  toString(): string;
}

/** Escapes `\`, `,` and `=` so a literal value can be written into a field selector. */
function escapeValue(v: string): string {
  return v.replace(/[\\,=]/g, (c) => `\\${c}`);
}

function selectorOf(requirements: FieldRequirement[]): FieldSelector {
  return {
    requirements,
    // An absent field reads as '' (fields.Set.Get), so `spec.nodeName=` matches objects without one.
    matches: (fields) =>
      requirements.every((r) => ((fields[r.field] ?? '') === r.value) === (r.operator === '=')),
    isEmpty: () => requirements.length === 0,
    requiresExactMatch: (field) => requirements.find((r) => r.field === field && r.operator === '=')?.value,
    toString: () => requirements.map((r) => `${r.field}${r.operator}${escapeValue(r.value)}`).join(','),
  };
}

export const everythingFields: FieldSelector = selectorOf([]);

/** Splits on commas not escaped by a backslash; the terms keep their escapes. */
function splitTerms(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < s.length; i++) {
    if (inSlash) inSlash = false;
    else if (s[i] === '\\') inSlash = true;
    else if (s[i] === ',') {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** The field, operator and raw value of a term: the first `!=`, `==` or `=` splits it (fields have no escapes). */
function splitTerm(term: string): [string, '!=' | '==' | '=', string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

/** Undoes escapeValue; an unknown escape, a trailing `\`, or a bare `,` or `=` is a 400. */
function unescapeValue(v: string): string {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c === '\\') {
      const next = v[i + 1];
      if (next !== '\\' && next !== ',' && next !== '=') {
        throw newBadRequest(`invalid field selector: invalid escape sequence: \\${next ?? ''}`);
      }
      out += next;
      i++;
    } else if (c === ',' || c === '=') {
      throw newBadRequest(`invalid field selector: unescaped character in value: ${c.charCodeAt(0)}`);
    } else out += c;
  }
  return out;
}

/**
 * Parses the `fieldSelector` query syntax (`=`, `==`, `!=`, values escaped with `\`). Empty terms
 * are skipped and the terms are sorted, as upstream does. Throws a 400 StatusError on malformed input.
 */
export function parseFieldSelector(selector: string): FieldSelector {
  if (selector === '') return everythingFields;
  const reqs: FieldRequirement[] = [];
  for (const part of splitTerms(selector).sort()) {
    if (part === '') continue;
    const term = splitTerm(part);
    if (!term) throw newBadRequest(`invalid selector: '${selector}'; can't understand '${part}'`);
    const [field, op, raw] = term;
    reqs.push({ field, operator: op === '!=' ? '!=' : '=', value: unescapeValue(raw) });
  }
  return selectorOf(reqs);
}
