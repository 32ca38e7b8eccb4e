// Behaviour of Go's encoding/json scanner.go (as vendored by sigs.k8s.io/json, v1.33): the first
// syntax error of a JSON text, named and placed as Go names it.
import { quote } from '../errors.ts';

/** kube's nesting limit (json-scan.ts maxJsonDepth). */
const defaultMaxDepth = 10000;
const QUOTE = 0x22;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const DOT = 0x2e;

// The states of Go's scanner (scanner.go), one per stateXxx function.
const S = {
  BeginValueOrEmpty: 0, BeginValue: 1, BeginStringOrEmpty: 2, BeginString: 3, EndValue: 4, EndTop: 5,
  InString: 6, InStringEsc: 7, EscU: 8, EscU1: 9, EscU12: 10, EscU123: 11,
  Neg: 12, One: 13, Zero: 14, Dot: 15, Dot0: 16, E: 17, ESign: 18, E0: 19,
  T: 20, Tr: 21, Tru: 22, F: 23, Fa: 24, Fal: 25, Fals: 26, N: 27, Nu: 28, Nul: 29,
} as const;
type State = (typeof S)[keyof typeof S];

const PARSE_OBJECT_KEY = 0;
const PARSE_OBJECT_VALUE = 1;
const PARSE_ARRAY_VALUE = 2;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** The literal states: the byte each expects and the state after it. */
const literalSteps: Partial<Record<State, [string, State, string]>> = {
  [S.T]: ['r', S.Tr, 'true'],
  [S.Tr]: ['u', S.Tru, 'true'],
  [S.Tru]: ['e', S.EndValue, 'true'],
  [S.F]: ['a', S.Fa, 'false'],
  [S.Fa]: ['l', S.Fal, 'false'],
  [S.Fal]: ['s', S.Fals, 'false'],
  [S.Fals]: ['e', S.EndValue, 'false'],
  [S.N]: ['u', S.Nu, 'null'],
  [S.Nu]: ['l', S.Nul, 'null'],
  [S.Nul]: ['l', S.EndValue, 'null'],
};

/** Go's quoteChar of the byte Go would see first for the character at `i` (a space past the end). */
function quoteChar(text: string, i: number): string {
  let b = i < text.length ? text.codePointAt(i)! : 0x20;
  if (b >= 0x10000) b = 0xf0 | (b >> 18);
  else if (b >= 0x800) b = 0xe0 | (b >> 12);
  else if (b >= 0x80) b = 0xc0 | (b >> 6);
  if (b === 0x27) return `'\\''`;
  if (b === 0x22) return `'"'`;
  return `'${quote(String.fromCharCode(b)).slice(1, -1)}'`;
}

/**
 * Runs Go's JSON scanner over `text` and returns its first error: the message of Go's SyntaxError
 * and the index of the character it is about (the length for the end of input).
 */
export function goSyntaxError(text: string, maxDepth = defaultMaxDepth): { message: string; index: number } | undefined {
  const stack: number[] = [];
  let state: State = S.BeginValue;
  const fail = (i: number, context: string) => ({ message: `invalid character ${quoteChar(text, i)} ${context}`, index: i });
  const ended = () => state === S.EndTop; // read through a closure: `step` moves the state
  const pop = () => {
    stack.pop();
    state = stack.length === 0 ? S.EndTop : S.EndValue;
  };
  // Each step returns an error context, or '' when the character is accepted.
  const step = (c: number): string => {
    for (;;) {
      switch (state) {
        case S.BeginValueOrEmpty:
          if (isSpace(c)) return '';
          state = c === RBRACKET ? S.EndValue : S.BeginValue;
          continue;
        case S.BeginValue:
          if (isSpace(c)) return '';
          if (c === LBRACE || c === LBRACKET) {
            state = c === LBRACE ? S.BeginStringOrEmpty : S.BeginValueOrEmpty;
            stack.push(c === LBRACE ? PARSE_OBJECT_KEY : PARSE_ARRAY_VALUE);
            return stack.length > maxDepth ? 'exceeded max depth' : '';
          }
          if (c === QUOTE) state = S.InString;
          else if (c === 0x2d) state = S.Neg;
          else if (c === 0x30) state = S.Zero;
          else if (c === 0x74) state = S.T;
          else if (c === 0x66) state = S.F;
          else if (c === 0x6e) state = S.N;
          else if (c >= 0x31 && c <= 0x39) state = S.One;
          else return 'looking for beginning of value';
          return '';
        case S.BeginStringOrEmpty:
          if (isSpace(c)) return '';
          if (c === RBRACE) {
            stack[stack.length - 1] = PARSE_OBJECT_VALUE;
            state = S.EndValue;
          } else state = S.BeginString;
          continue;
        case S.BeginString:
          if (isSpace(c)) return '';
          if (c !== QUOTE) return 'looking for beginning of object key string';
          state = S.InString;
          return '';
        case S.EndValue: {
          if (stack.length === 0) {
            state = S.EndTop;
            continue;
          }
          if (isSpace(c)) return '';
          const ps = stack[stack.length - 1];
          if (ps === PARSE_OBJECT_KEY) {
            if (c !== 0x3a) return 'after object key';
            stack[stack.length - 1] = PARSE_OBJECT_VALUE;
            state = S.BeginValue;
          } else if (ps === PARSE_OBJECT_VALUE) {
            if (c === COMMA) {
              stack[stack.length - 1] = PARSE_OBJECT_KEY;
              state = S.BeginString;
            } else if (c === RBRACE) pop();
            else return 'after object key:value pair';
          } else {
            if (c === COMMA) state = S.BeginValue;
            else if (c === RBRACKET) pop();
            else return 'after array element';
          }
          return '';
        }
        case S.EndTop:
          return isSpace(c) ? '' : 'after top-level value';
        case S.InString:
          if (c === QUOTE) state = S.EndValue;
          else if (c === BACKSLASH) state = S.InStringEsc;
          else if (c < 0x20) return 'in string literal';
          return '';
        case S.InStringEsc:
          if (c === 0x75) state = S.EscU;
          else if ('bfnrt\\/"'.includes(String.fromCharCode(c))) state = S.InString;
          else return 'in string escape code';
          return '';
        case S.EscU:
        case S.EscU1:
        case S.EscU12:
        case S.EscU123:
          if (!isHex(c)) return 'in \\u hexadecimal character escape';
          state = state === S.EscU123 ? S.InString : ((state + 1) as State);
          return '';
        case S.Neg:
          if (c === 0x30) state = S.Zero;
          else if (c >= 0x31 && c <= 0x39) state = S.One;
          else return 'in numeric literal';
          return '';
        case S.One:
          if (isDigit(c)) return '';
          state = S.Zero;
          continue;
        case S.Zero:
          if (c === DOT) state = S.Dot;
          else if (c === 0x65 || c === 0x45) state = S.E;
          else {
            state = S.EndValue;
            continue;
          }
          return '';
        case S.Dot:
          if (!isDigit(c)) return 'after decimal point in numeric literal';
          state = S.Dot0;
          return '';
        case S.Dot0:
          if (isDigit(c)) return '';
          if (c === 0x65 || c === 0x45) {
            state = S.E;
            return '';
          }
          state = S.EndValue;
          continue;
        case S.E:
          if (c === 0x2b || c === 0x2d) {
            state = S.ESign;
            return '';
          }
          state = S.ESign;
          continue;
        case S.ESign:
          if (!isDigit(c)) return 'in exponent of numeric literal';
          state = S.E0;
          return '';
        case S.E0:
          if (isDigit(c)) return '';
          state = S.EndValue;
          continue;
        default: {
          const [want, next, literal] = literalSteps[state]!;
          if (c !== want.charCodeAt(0)) return `in literal ${literal} (expecting '${want}')`;
          state = next;
          return '';
        }
      }
    }
  };
  for (let i = 0; i < text.length; i++) {
    const context = step(text.charCodeAt(i));
    if (context !== '') return fail(i, context);
  }
  // At the end Go feeds one space: it completes a number or exposes a half-read literal.
  if (ended()) return undefined;
  const context = step(0x20);
  if (context !== '') return fail(text.length, context);
  if (ended()) return undefined;
  return { message: 'unexpected end of JSON input', index: text.length };
}
