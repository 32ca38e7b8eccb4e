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

function selectorOf(requirements: FieldRequirement[]): FieldSelector {
  return {
    requirements,
    matches: (fields) =>
      requirements.every((r) => (r.operator === '=' ? fields[r.field] === r.value : fields[r.field] !== r.value)),
    isEmpty: () => requirements.length === 0,
    requiresExactMatch: (field) => requirements.find((r) => r.field === field && r.operator === '=')?.value,
    toString: () => requirements.map((r) => `${r.field}${r.operator}${r.value}`).join(','),
  };
}

export const everythingFields: FieldSelector = selectorOf([]);

/** Splits on unescaped commas and unescapes `\,` `\=` `\\`. */
function splitEscaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/** Parses the `fieldSelector` query syntax (`=`, `==`, `!=`). Throws a 400 StatusError on malformed input. */
export function parseFieldSelector(selector: string): FieldSelector {
  if (selector.trim() === '') return everythingFields;
  const reqs: FieldRequirement[] = [];
  for (const part of splitEscaped(selector, ',')) {
    const m = part.match(/^((?:[^=!\\]|\\.)*?)(!=|==|=)((?:[^\\]|\\.)*)$/);
    if (!m || m[1] === '') throw newBadRequest(`invalid selector: '${selector}'; can't understand '${part}'`);
    reqs.push({ field: unescape(m[1]!), operator: m[2] === '!=' ? '!=' : '=', value: unescape(m[3]!) });
  }
  return selectorOf(reqs);
}
