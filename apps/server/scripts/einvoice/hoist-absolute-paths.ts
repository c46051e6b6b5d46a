/**
 * A mechanical rewrite of a Schematron-generated validation stylesheet that keeps every assert's meaning and makes
 * long invoices fast (ADR 76). The asserts of the official rules often test an absolute path, such as
 * `//rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax`, from a context
 * that repeats once per invoice line; SaxonJS walks the whole document for it every time, so a 200-line invoice
 * costs 200 walks of a 200-line document. An absolute path that mentions no variable and no `current()` has the
 * same value from every context node of the document, so each distinct one becomes a global variable (SaxonJS
 * evaluates a global variable once, on first use, and never if unused) and the assert refers to it.
 *
 * Only the `test` of `xsl:when` and `xsl:if` (the asserts and reports) is rewritten; the match patterns, the
 * messages and the SVRL's copy of each test stay as published. Plain TypeScript (types only), so that
 * compile-rules.mjs runs it with Node's type stripping.
 */

type TokenKind = 'name' | 'string' | 'number' | 'variable' | 'symbol';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

const NAME_START = /[A-Za-z_\u00C0-\uFFFF]/;
const NAME_CHAR = /[\w.\-\u00B7\u00C0-\uFFFF]/;
/** Longest first, so `//` wins over `/` and `!=` over `!`. */
const SYMBOLS = [
  '//',
  '::',
  '..',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '||',
  ':=',
  '/',
  '(',
  ')',
  '[',
  ']',
  ',',
  '@',
  '.',
  '=',
  '<',
  '>',
  '|',
  '+',
  '-',
  '*',
  '!',
  '?',
  '{',
  '}',
];

/** XPath 2.0 / 3.1 tokens, enough to find where paths start and end (no comments: the rules have none). */
export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const ncName = (from: number) => {
    let end = from;
    while (end < expression.length && NAME_CHAR.test(expression[end]!)) end++;
    return end;
  };
  while (index < expression.length) {
    const char = expression[index]!;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const start = index;
    if (char === '"' || char === "'") {
      index++;
      // A doubled quote is an escaped quote inside the literal.
      while (index < expression.length) {
        if (expression[index] === char) {
          if (expression[index + 1] === char) index += 2;
          else break;
        } else index++;
      }
      if (index >= expression.length) throw new Error(`Unterminated string in: ${expression}`);
      index++;
      tokens.push({ kind: 'string', text: expression.slice(start, index), start, end: index });
    } else if (/\d/.test(char) || (char === '.' && /\d/.test(expression[index + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(expression.slice(index))!;
      index += match[0].length;
      tokens.push({ kind: 'number', text: match[0], start, end: index });
    } else if (char === '$') {
      index = ncName(index + 1);
      if (expression[index] === ':' && NAME_START.test(expression[index + 1] ?? '')) index = ncName(index + 1);
      tokens.push({ kind: 'variable', text: expression.slice(start, index), start, end: index });
    } else if (NAME_START.test(char) || (char === '*' && expression[index + 1] === ':')) {
      // A QName, prefix:*, or *:local-name.
      index = char === '*' ? index + 1 : ncName(index);
      if (expression[index] === ':' && expression[index + 1] !== ':' && expression[index + 1] !== '=') {
        if (expression[index + 1] === '*') index += 2;
        else if (NAME_START.test(expression[index + 1] ?? '')) index = ncName(index + 1);
      }
      tokens.push({ kind: 'name', text: expression.slice(start, index), start, end: index });
    } else {
      const symbol = SYMBOLS.find((candidate) => expression.startsWith(candidate, index));
      if (!symbol) throw new Error(`Unexpected "${char}" in: ${expression}`);
      index += symbol.length;
      tokens.push({ kind: 'symbol', text: symbol, start, end: index });
    }
  }
  return tokens;
}

/**
 * Marks which tokens close an operand (XPath's own rule for telling `*` the wildcard from `*` the operator, and
 * `and` the name from `and` the operator): after an operand, a name is an operator and `*` multiplies.
 */
function operandEnds(tokens: Token[]): boolean[] {
  const ends: boolean[] = [];
  let afterOperand = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1]?.text;
    let end: boolean;
    if (token.kind === 'string' || token.kind === 'number' || token.kind === 'variable') end = true;
    else if (token.kind === 'name') {
      // After an operand a name is an operator keyword (and, or, div, return, satisfies, ...), unless it names an
      // axis or a function, which only an operand position allows anyway.
      end = afterOperand ? false : next !== '(' && next !== '::';
    } else if (token.text === '*') end = !afterOperand;
    else end = token.text === ')' || token.text === ']' || token.text === '.' || token.text === '..';
    ends.push(end);
    afterOperand = end;
  }
  return ends;
}

/** The index after the bracket or parenthesis group that opens at `open`. */
function closeGroup(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (tokens[i]!.kind !== 'symbol') continue;
    if (text === '(' || text === '[' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('Unbalanced brackets');
}

/** The index after the step that starts at `i` (axis, node test or function call, predicates), or `i` if none. */
function stepEnd(tokens: Token[], i: number): number {
  const token = tokens[i];
  if (!token) return i;
  let j = i;
  if (token.text === '@') j++;
  const at = tokens[j];
  if (!at) return i;
  if (at.kind === 'name' && tokens[j + 1]?.text === '::') j += 2;
  const test = tokens[j];
  if (!test) return i;
  if (test.kind === 'name') {
    j++;
    if (tokens[j]?.text === '(') j = closeGroup(tokens, j);
  } else if (test.kind === 'symbol' && (test.text === '*' || test.text === '.' || test.text === '..')) j++;
  else if (test.kind === 'symbol' && test.text === '(') j = closeGroup(tokens, j);
  else return i;
  while (tokens[j]?.text === '[') j = closeGroup(tokens, j);
  return j;
}

export interface AbsolutePath {
  /** Offsets in the expression. */
  start: number;
  end: number;
  text: string;
}

/**
 * The absolute paths in an expression that have the same value from every context node: they start with `/` or
 * `//` where an operand is expected, have at least one step, and mention no variable and no `current()` (inside a
 * predicate, `.` and relative steps refer to the predicate's own context, which the path itself sets).
 * A path is taken whole, with its predicates and every following step.
 */
export function absolutePaths(expression: string): AbsolutePath[] {
  const tokens = tokenize(expression);
  const ends = operandEnds(tokens);
  const found: AbsolutePath[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const startsPath =
      token.kind === 'symbol' && (token.text === '/' || token.text === '//') && (i === 0 || !ends[i - 1]);
    if (!startsPath) {
      i++;
      continue;
    }
    let j = i;
    let steps = 0;
    while (tokens[j]?.text === '/' || tokens[j]?.text === '//') {
      const after = stepEnd(tokens, j + 1);
      if (after === j + 1) break;
      steps++;
      j = after;
    }
    if (steps === 0) {
      i++;
      continue;
    }
    const inside = tokens.slice(i, j);
    const dependent = inside.some(
      (t, k) => t.kind === 'variable' || (t.kind === 'name' && t.text === 'current' && inside[k + 1]?.text === '('),
    );
    if (!dependent) {
      const start = token.start;
      const end = tokens[j - 1]!.end;
      found.push({ start, end, text: expression.slice(start, end) });
    }
    i = j;
  }
  return found;
}

const unescape = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&');
const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface HoistResult {
  xslt: string;
  /** The global variables added: name and the path each holds. */
  hoisted: { name: string; path: string }[];
  /** How many tests were rewritten. */
  rewritten: number;
}

const PREFIX = 'invoicer-hoisted-';

/** Rewrites the asserts' tests of a validation stylesheet (the XSLT text), as described above. */
export function hoistAbsolutePaths(xslt: string): HoistResult {
  if (xslt.includes(PREFIX)) throw new Error(`The stylesheet already uses the variable prefix ${PREFIX}`);
  /** Each distinct path (by its tokens) and its variable; the select keeps the path's first spelling. */
  const names = new Map<string, { name: string; path: string }>();
  let rewritten = 0;
  const result = xslt.replace(
    /(<xsl:(?:when|if)\s+test=")([^"]*)(")/g,
    (_, open: string, raw: string, close: string) => {
      const expression = unescape(raw);
      const paths = absolutePaths(expression);
      if (paths.length === 0) return open + raw + close;
      let out = '';
      let last = 0;
      for (const { start, end, text } of paths) {
        // Whitespace between tokens does not change a path: one variable per path however it is spaced.
        const key = tokenize(text)
          .map((token) => token.text)
          .join(' ');
        let variable = names.get(key);
        if (!variable) {
          variable = { name: `${PREFIX}${names.size + 1}`, path: text };
          names.set(key, variable);
        }
        // The path's line breaks stay, so every later line of the stylesheet keeps its number (error messages).
        out += `${expression.slice(last, start)}$${variable.name}${'\n'.repeat(text.split('\n').length - 1)}`;
        last = end;
      }
      rewritten++;
      return open + escape(out + expression.slice(last)) + close;
    },
  );
  const hoisted = [...names.values()];
  const declarations = hoisted
    .map(({ name, path }) => `<xsl:variable name="${name}" select="${escape(path)}"/>`)
    .join('');
  // Top-level declarations go right after the stylesheet's start tag, in its namespace context, on its line.
  const stylesheet = /<xsl:stylesheet\b[^>]*>/.exec(result);
  if (!stylesheet) throw new Error('No xsl:stylesheet element');
  const at = stylesheet.index + stylesheet[0].length;
  const comment = `<!-- ${hoisted.length} absolute paths of the asserts as global variables (ADR 76) -->`;
  return { xslt: result.slice(0, at) + comment + declarations + result.slice(at), hoisted, rewritten };
}
