// Behaviour of k8s.io/apimachinery/pkg/labels/selector.go (v1.33): label selectors.
import { newBadRequest, quote } from './errors.ts';
import { isQualifiedName } from './validation.ts';

export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement of a label selector, e.g. `app in (web,api)`. */
export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  readonly values: readonly string[];
}

/** A parsed label selector: the AND of its requirements. The empty selector matches everything. */
export interface LabelSelector {
  readonly requirements: readonly LabelRequirement[];
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  isEmpty(): boolean;
  toString(): string;
}

function matchRequirement(r: LabelRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = labels[r.key];
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value!);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || !/^-?[0-9]+$/.test(value!)) return false;
      const n = Number(value);
      const bound = Number(r.values[0]);
      return r.operator === 'gt' ? n > bound : n < bound;
    }
  }
}

function requirementString(r: LabelRequirement): string {
  switch (r.operator) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
    case 'in':
    case 'notin':
      return `${r.key} ${r.operator} (${r.values.join(',')})`;
    case 'gt':
      return `${r.key}>${r.values[0]}`;
    case 'lt':
      return `${r.key}<${r.values[0]}`;
    default:
      return `${r.key}${r.operator}${r.values[0]}`;
  }
}

function selectorOf(requirements: LabelRequirement[]): LabelSelector {
  return {
    requirements,
    matches: (labels) => requirements.every((r) => matchRequirement(r, labels ?? {})),
    isEmpty: () => requirements.length === 0,
    toString: () => requirements.map(requirementString).join(','),
  };
}

/** The selector that matches every object. */
export const everythingLabels: LabelSelector = selectorOf([]);

const keyChars = /^[A-Za-z0-9_./-]+$/;
const valueChars = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Splits on commas that are not inside parentheses. */
function splitTop(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

function bad(selector: string, why: string): never {
  throw newBadRequest(`unable to parse requirement: ${why}`.replace(/\s+$/, '') + (selector ? '' : ''));
}

function checkKey(selector: string, key: string): string {
  if (key === '' || !keyChars.test(key)) bad(selector, `invalid label key ${JSON.stringify(key)}`);
  const errs = isQualifiedName(key);
  // Upstream validates the key against a nil field path, which prints as `<nil>`.
  if (errs.length > 0) bad(selector, `<nil>: Invalid value: ${quote(key)}: ${errs.join('; ')}`);
  return key;
}

function checkValue(selector: string, v: string): string {
  if (v.length > 63 || !valueChars.test(v)) bad(selector, `invalid label value: ${JSON.stringify(v)}: must be no more than 63 characters and consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`);
  return v;
}

/** Parses the `labelSelector` query syntax. Throws a 400 StatusError on malformed input. */
export function parseLabelSelector(selector: string): LabelSelector {
  const trimmed = selector.trim();
  if (trimmed === '') return everythingLabels;
  const reqs: LabelRequirement[] = [];
  for (const raw of splitTop(trimmed)) {
    const part = raw.trim();
    if (part === '') bad(selector, 'found \'\', expected: !, identifier, or \'end of string\'');
    let m: RegExpMatchArray | null;
    if ((m = part.match(/^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/))) {
      const values = m[3]!.split(',').map((v) => checkValue(selector, v.trim()));
      reqs.push({ key: checkKey(selector, m[1]!), operator: m[2] as 'in' | 'notin', values: [...new Set(values)].sort() });
    } else if ((m = part.match(/^!\s*([^=!<>\s]+)$/))) {
      reqs.push({ key: checkKey(selector, m[1]!), operator: '!', values: [] });
    } else if ((m = part.match(/^([^=!<>\s]+)\s*(==|=|!=|>|<)\s*(\S*)$/))) {
      const op = m[2]!;
      const key = checkKey(selector, m[1]!);
      if (op === '>' || op === '<') {
        if (!/^-?[0-9]+$/.test(m[3]!)) bad(selector, `for 'Gt', 'Lt' operators, the value must be an integer`);
        reqs.push({ key, operator: op === '>' ? 'gt' : 'lt', values: [m[3]!] });
      } else {
        reqs.push({ key, operator: op as '=' | '==' | '!=', values: [checkValue(selector, m[3]!)] });
      }
    } else if ((m = part.match(/^([^=!<>\s(),]+)$/))) {
      reqs.push({ key: checkKey(selector, m[1]!), operator: 'exists', values: [] });
    } else {
      bad(selector, `invalid requirement ${JSON.stringify(part)}`);
    }
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return selectorOf(reqs);
}
