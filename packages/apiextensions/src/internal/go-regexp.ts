// Behaviour of Go's regexp/syntax parser (RE2) as far as kube's pattern checks see it: which
// patterns compile, the error text for those that do not, and a JavaScript RegExp that matches
// what the Go one matches for the RE2 subset both share.

const perlClasses: Record<string, string> = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: 'A-Za-z0-9_',
  xdigit: '0-9A-Fa-f',
};

class GoRegexpError extends Error {
  constructor(code: string, expr: string) {
    super(`error parsing regexp: ${code}: \`${expr}\``);
  }
}

const escapable = new Set('\\.+*?()|[]{}^$-/'.split(''));
const classEscapes = new Set(['d', 'D', 's', 'S', 'w', 'W']);

/**
 * Compiles a Go (RE2) regular expression to a JavaScript RegExp with the same matches for the
 * syntax both share; throws an Error with Go's message (`error parsing regexp: missing argument
 * to repetition operator: `+``) for what Go rejects.
 */
export function compileGoRegexp(pattern: string): RegExp {
  let out = '';
  let flags = 'u';
  let depth = 0;
  let i = 0;
  // Whether the last item can take a repetition operator, and whether it already is one.
  let canRepeat = false;
  let lastWasRepeat = false;
  let lastRepeatStart = 0;
  const repeat = (op: string, start: number) => {
    if (lastWasRepeat) throw new GoRegexpError('invalid nested repetition operator', pattern.slice(lastRepeatStart, i));
    if (!canRepeat) throw new GoRegexpError('missing argument to repetition operator', op);
    lastWasRepeat = true;
    lastRepeatStart = start;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    const start = i;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      let op = c;
      if (pattern[i] === '?') {
        op += '?';
        i++;
      }
      repeat(op, start);
      out += op;
      continue;
    }
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}(\?)?/.exec(pattern.slice(i));
      if (m) {
        const min = Number(m[1]);
        const max = m[3] === undefined || m[3] === '' ? undefined : Number(m[3]);
        i += m[0].length;
        if (min > 1000 || (max !== undefined && (max > 1000 || max < min))) throw new GoRegexpError('invalid repeat count', m[0].replace(/\?$/, ''));
        repeat(m[0], start);
        out += m[0];
        continue;
      }
      // A literal brace.
      i++;
      out += '\\{';
      canRepeat = true;
      lastWasRepeat = false;
      continue;
    }
    lastWasRepeat = false;
    if (c === '(') {
      if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) {
        throw new GoRegexpError('invalid or unsupported Perl syntax', '(?<');
      }
      if (pattern.startsWith('(?P<', i) || pattern.startsWith('(?<', i)) {
        const close = pattern.indexOf('>', i);
        const name = pattern.slice(pattern.indexOf('<', i) + 1, close);
        if (close < 0 || !/^[A-Za-z0-9_]+$/.test(name)) throw new GoRegexpError('invalid named capture', pattern.slice(i, close < 0 ? undefined : close + 1));
        out += `(?<${name}>`;
        i = close + 1;
      } else if (pattern.startsWith('(?', i)) {
        const m = /^\(\?([imsU-]*)(:|\))/.exec(pattern.slice(i));
        if (!m) throw new GoRegexpError('invalid or unsupported Perl syntax', pattern.slice(i, i + 3));
        const on = m[1]!.split('-')[0]!;
        if (m[2] === ')') {
          // Flags for the rest of the expression: JavaScript only has them for the whole.
          for (const f of on) if ((f === 'i' || f === 's' || f === 'm') && !flags.includes(f)) flags += f;
          i += m[0].length;
          canRepeat = false;
          continue;
        }
        for (const f of on) if ((f === 'i' || f === 's' || f === 'm') && !flags.includes(f)) flags += f;
        out += '(?:';
        i += m[0].length;
      } else {
        out += '(';
        i++;
      }
      depth++;
      canRepeat = false;
      continue;
    }
    if (c === ')') {
      if (depth === 0) throw new GoRegexpError('unexpected )', pattern);
      depth--;
      out += ')';
      i++;
      canRepeat = true;
      continue;
    }
    if (c === '|') {
      out += '|';
      i++;
      canRepeat = false;
      continue;
    }
    if (c === '^' || c === '$') {
      // Without (?m) both Go and JavaScript anchor at the ends of the text.
      out += c;
      i++;
      canRepeat = false;
      continue;
    }
    if (c === '[') {
      const [cls, end] = charClass(pattern, i);
      out += cls;
      i = end;
      canRepeat = true;
      continue;
    }
    if (c === '\\') {
      const [esc, end] = escape(pattern, i, false);
      out += esc;
      i = end;
      canRepeat = !['\\A', '\\z', '\\b', '\\B'].includes(pattern.slice(start, end));
      continue;
    }
    // Literal characters JavaScript's unicode mode wants escaped.
    out += c === '/' || c === '}' || c === ']' ? `\\${c}` : c;
    i++;
    canRepeat = true;
  }
  if (depth > 0) throw new GoRegexpError('missing closing )', pattern);
  return new RegExp(out, flags);
}

function escape(p: string, i: number, inClass: boolean): [string, number] {
  const n = p[i + 1];
  if (n === undefined) throw new GoRegexpError('trailing backslash at end of expression', '');
  if (escapable.has(n) && (n !== '-' || inClass)) return [`\\${n}`, i + 2];
  if (n >= '!' && n <= '~' && !/[A-Za-z0-9]/.test(n)) return [`\\x${n.charCodeAt(0).toString(16)}`, i + 2];
  if (classEscapes.has(n)) return [`\\${n}`, i + 2];
  if (!inClass) {
    if (n === 'A') return ['(?<![\\s\\S])', i + 2];
    if (n === 'z') return ['(?![\\s\\S])', i + 2];
    if (n === 'b' || n === 'B') return [`\\${n}`, i + 2];
  }
  if ('afnrtv'.includes(n)) return [`\\${n === 'a' ? 'x07' : n}`, i + 2];
  if (n === 'x') {
    const m = /^\\x(\{[0-9A-Fa-f]+\}|[0-9A-Fa-f]{2})/.exec(p.slice(i));
    if (!m) throw new GoRegexpError('invalid escape sequence', p.slice(i, i + 4));
    return [m[1]!.startsWith('{') ? `\\u${m[1]}` : `\\x${m[1]}`, i + m[0].length];
  }
  if (n === 'p' || n === 'P') {
    const m = /^\\[pP](\{[A-Za-z_]+\}|[A-Za-z])/.exec(p.slice(i));
    if (!m) throw new GoRegexpError('invalid character class range', p.slice(i, i + 3));
    const name = m[1]!.startsWith('{') ? m[1]! : `{${m[1]}}`;
    return [`\\${n}${name}`, i + m[0].length];
  }
  if (/[0-7]/.test(n)) {
    const m = /^\\([0-7]{1,3})/.exec(p.slice(i))!;
    if (n !== '0' && m[1]!.length === 1) throw new GoRegexpError('invalid escape sequence', `\\${n}`);
    return [`\\x${Number.parseInt(m[1]!, 8).toString(16).padStart(2, '0')}`, i + m[0].length];
  }
  throw new GoRegexpError('invalid escape sequence', `\\${n}`);
}

function charClass(p: string, i: number): [string, number] {
  const start = i;
  let out = '[';
  i++;
  if (p[i] === '^') {
    out += '^';
    i++;
  }
  let first = true;
  while (i < p.length && (p[i] !== ']' || first)) {
    first = false;
    if (p.startsWith('[:', i)) {
      const m = /^\[:(\^)?([a-z]+):\]/.exec(p.slice(i));
      if (m && perlClasses[m[2]!] !== undefined) {
        if (m[1]) throw new GoRegexpError('invalid character class range', m[0]);
        out += perlClasses[m[2]!];
        i += m[0].length;
        continue;
      }
    }
    if (p[i] === '\\') {
      const [esc, end] = escape(p, i, true);
      out += esc;
      i = end;
      continue;
    }
    const ch = p[i]!;
    out += ch === '[' || ch === '/' ? `\\${ch}` : ch;
    i++;
  }
  if (i >= p.length) throw new GoRegexpError('missing closing ]', p.slice(start));
  return [`${out}]`, i + 1];
}
