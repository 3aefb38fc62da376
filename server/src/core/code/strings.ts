import type { CodeFamily, SyntaxNode } from './syntax';

/**
 * String literals of the three source families: their values (escapes decoded) and, for fixes,
 * new literals written in the old token's own style (keep the quote style; Python keeps
 * its prefixes and refuses f-strings; Go keeps `"` or a raw backtick). A literal whose value cannot
 * be known without running code (a template with `${}`, an f-string, a concatenation) reads as
 * undefined: it is skipped, never guessed.
 */

export function jsStringValue(node: SyntaxNode): string | undefined {
  if (node.type === 'string') return decodeEscapes(node.text.slice(1, -1), 'js');
  if (node.type === 'template_string') {
    if (node.namedChildren.some((c) => c?.type === 'template_substitution')) return undefined;
    return decodeEscapes(node.text.slice(1, -1), 'js');
  }
  return undefined;
}

export function pythonStringValue(node: SyntaxNode): string | undefined {
  if (node.type !== 'string') return undefined;
  const parts = pythonParts(node.text);
  if (!parts || /[fFbB]/.test(parts.prefix) || node.namedChildren.some((c) => c?.type === 'interpolation'))
    return undefined;
  return /[rR]/.test(parts.prefix) ? parts.body : decodeEscapes(parts.body, 'python');
}

export function goStringValue(node: SyntaxNode): string | undefined {
  if (node.type === 'raw_string_literal') return node.text.slice(1, -1).replace(/\r/g, '');
  if (node.type === 'interpreted_string_literal') return decodeEscapes(node.text.slice(1, -1), 'go');
  return undefined;
}

/**
 * A Java string literal; a text block (`"""`) is left unread: its indentation stripping is not
 * worth guessing for a tool name, so such a name is counted as computed.
 */
export function javaStringValue(node: SyntaxNode): string | undefined {
  if (node.type !== 'string_literal' || node.text.startsWith('"""') || node.text.length < 2) return undefined;
  return decodeEscapes(node.text.slice(1, -1), 'java');
}

/** A Rust string literal, plain or raw (`r#"..."#`); byte strings and C strings are no names. */
export function rustStringValue(node: SyntaxNode): string | undefined {
  if (node.type === 'raw_string_literal') {
    const match = /^r(#*)"([\s\S]*)"\1$/.exec(node.text);
    return match ? match[2]!.replace(/\r/g, '') : undefined;
  }
  if (node.type !== 'string_literal' || !node.text.startsWith('"') || node.text.length < 2) return undefined;
  return decodeEscapes(node.text.slice(1, -1), 'rust');
}

/**
 * A C# string literal: regular (`"..."`), verbatim (`@"..."`, `""` for a quote) or a one-line raw
 * literal (`"""..."""`). A multi-line raw literal strips indentation as the compiler does, an
 * interpolated string (`$"..."`) and a UTF-8 literal (`"x"u8`, bytes) are left unread: computed.
 */
export function csharpStringValue(node: SyntaxNode): string | undefined {
  const text = node.text;
  if (node.type === 'verbatim_string_literal') {
    if (!/^@"[\s\S]*"$/.test(text) || text.length < 3) return undefined;
    return text.slice(2, -1).replace(/""/g, '"').replace(/\r\n?/g, '\n');
  }
  if (node.type === 'raw_string_literal') {
    const match = /^("{3,})([^\r\n]*?)\1$/.exec(text);
    return match ? match[2] : undefined;
  }
  if (node.type !== 'string_literal' || !text.startsWith('"') || !text.endsWith('"') || text.length < 2)
    return undefined;
  return decodeCSharpEscapes(text.slice(1, -1));
}

/** C#'s escapes, which differ from the others' in `\x` (one to four hex digits) and `\e`. */
function decodeCSharpEscapes(body: string): string | undefined {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    i += 1;
    if (next === undefined) return undefined;
    if (next === 'e') out += '\u001b';
    else if (next in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[next];
    else if (next === "'" || next === '"' || next === '\\') out += next;
    else if (next === 'x' || next === 'u' || next === 'U') {
      // `\x` takes one to four hex digits, as many as follow; `\u` four, `\U` eight.
      const digits = /^[0-9a-fA-F]*/.exec(body.slice(i + 1, i + 1 + (next === 'U' ? 8 : 4)))![0];
      const code = parseInt(digits, 16);
      if (digits.length === 0 || (next !== 'x' && digits.length !== (next === 'u' ? 4 : 8)) || code > 0x10ffff)
        return undefined;
      out += String.fromCodePoint(code);
      i += digits.length;
    } else return undefined;
  }
  return out;
}

/**
 * A Kotlin string literal, plain or raw (`"""..."""`, no escapes); one with a template (`$x`,
 * `${...}`) is computed.
 */
export function kotlinStringValue(node: SyntaxNode): string | undefined {
  if (node.type !== 'string_literal' || node.text.length < 2) return undefined;
  if (node.namedChildren.some((c) => c?.type === 'interpolated_identifier' || c?.type === 'interpolated_expression'))
    return undefined;
  if (node.text.startsWith('"""'))
    return node.text.length >= 6 && node.text.endsWith('"""') ? node.text.slice(3, -3).replace(/\r/g, '') : undefined;
  return decodeEscapes(node.text.slice(1, -1), 'kotlin');
}

/**
 * A Swift string literal: single-line or multiline (`"""`, whose indentation Swift strips: left
 * unread, as Java's text blocks), plain or raw (`#"..."#`, read only when it holds no escape of its
 * own). One with an interpolation (`\(x)`) is computed.
 */
export function swiftStringValue(node: SyntaxNode): string | undefined {
  if (node.type === 'raw_string_literal') {
    const raw = /^(#+)"([^\r\n]*)"\1$/.exec(node.text);
    return raw && !raw[2]!.includes(`\\${raw[1]}`) ? raw[2] : undefined;
  }
  if (node.type !== 'line_string_literal') return undefined;
  if (node.namedChildren.some((c) => c?.type === 'interpolated_expression')) return undefined;
  if (!node.text.startsWith('"') || !node.text.endsWith('"') || node.text.length < 2) return undefined;
  return decodeEscapes(node.text.slice(1, -1), 'swift');
}

interface PythonParts {
  readonly prefix: string;
  readonly quote: string;
  readonly body: string;
}

function pythonParts(token: string): PythonParts | undefined {
  const match = /^([A-Za-z]*)("""|'''|"|')/.exec(token);
  if (!match) return undefined;
  const prefix = match[1]!;
  const quote = match[2]!;
  if (!token.endsWith(quote) || token.length < prefix.length + 2 * quote.length) return undefined;
  return { prefix, quote, body: token.slice(prefix.length + quote.length, token.length - quote.length) };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  a: '\u0007',
};

/**
 * Decodes backslash escapes in the common subset of the three languages. An escape the language
 * does not define keeps its backslash in Python (as Python does) and drops it in JavaScript.
 */
function decodeEscapes(body: string, family: CodeFamily): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const next = body[i + 1]!;
    i += 1;
    if (next === '\n') continue; // a line continuation
    if (next === '\r') {
      if (body[i + 1] === '\n') i += 1;
      continue;
    }
    if (next === 'a' && family === 'js') {
      out += 'a';
      continue;
    }
    if (next in SIMPLE_ESCAPES && !(next === '0' && /[0-7]/.test(body[i + 1] ?? ''))) {
      out += SIMPLE_ESCAPES[next];
      continue;
    }
    const hex = (length: number) => {
      const digits = body.slice(i + 1, i + 1 + length);
      if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) return undefined;
      i += length;
      return String.fromCodePoint(parseInt(digits, 16));
    };
    if (next === 'x') {
      out += hex(2) ?? (family === 'python' ? '\\x' : 'x');
      continue;
    }
    if (next === 'u') {
      // Rust and Swift write every Unicode escape with braces, JavaScript may.
      if ((family === 'js' || family === 'rust' || family === 'swift') && body[i + 1] === '{') {
        const close = body.indexOf('}', i + 2);
        const digits = close > 0 ? body.slice(i + 2, close) : '';
        if (/^[0-9a-fA-F]{1,6}$/.test(digits) && parseInt(digits, 16) <= 0x10ffff) {
          out += String.fromCodePoint(parseInt(digits, 16));
          i = close;
          continue;
        }
      }
      out += hex(4) ?? (family === 'python' ? '\\u' : 'u');
      continue;
    }
    if (next === 'U' && family !== 'js') {
      const decoded = body.slice(i + 1, i + 9);
      if (/^[0-9a-fA-F]{8}$/.test(decoded) && parseInt(decoded, 16) <= 0x10ffff) {
        out += String.fromCodePoint(parseInt(decoded, 16));
        i += 8;
        continue;
      }
    }
    if (/[\\'"`]/.test(next)) {
      out += next;
      continue;
    }
    out += family === 'python' ? `\\${next}` : next;
  }
  return out;
}

/**
 * A new JavaScript/TypeScript literal in the old token's style: `'`, `"` or a backtick (a template
 * only while the value holds no `${`), or a bare property key when the old key was one and the
 * value is still an identifier.
 */
export function writeJsString(oldToken: string, value: string): string {
  const first = oldToken[0];
  if (first === "'") return `'${escapeFor(value, "'")}'`;
  if (first === '`' && !value.includes('${') && !/[\r\u2028\u2029]/.test(value))
    return `\`${value.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
  if (first !== '"' && first !== '`' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(value)) return value;
  return JSON.stringify(value);
}

/** A new Python literal with the old prefix (`r`, `u`) and quotes; an f-string or bytes is refused (undefined). */
export function writePythonString(oldToken: string, value: string): string | undefined {
  const parts = pythonParts(oldToken);
  if (!parts) return JSON.stringify(value);
  if (/[fFbB]/.test(parts.prefix)) return undefined;
  const single = parts.quote.length === 1;
  const raw = /[rR]/.test(parts.prefix);
  // A raw string cannot hold its quote, a trailing backslash or (single-quoted) a line break.
  const rawFits = raw && !value.includes(parts.quote[0]!) && !value.endsWith('\\') && !(single && /[\r\n]/.test(value));
  if (raw && rawFits) return `${parts.prefix}${parts.quote}${value}${parts.quote}`;
  const prefix = parts.prefix.replace(/[rR]/g, '');
  return `${prefix}${parts.quote}${escapeFor(value, parts.quote[0]!)}${parts.quote}`;
}

/** A new Go literal: raw (backtick) when the old one was raw and the value fits, else interpreted. */
export function writeGoString(oldToken: string, value: string): string {
  if (oldToken.startsWith('`') && !/[`\r]/.test(value)) return `\`${value}\``;
  return `"${escapeFor(value, '"')}"`;
}

/**
 * A new Java literal; a text block is refused. Control characters are written as octal escapes,
 * never `\\uHHHH`: javac turns a Unicode escape into its character before lexing, so `\\u000a`
 * would break the literal.
 */
export function writeJavaString(oldToken: string, value: string): string | undefined {
  if (oldToken.startsWith('"""')) return undefined;
  const control = (code: number) =>
    code > 0xff ? String.fromCodePoint(code) : `\\${code.toString(8).padStart(3, '0')}`;
  return `"${escapeFor(value, '"', control)}"`;
}

/** A new Rust literal: raw when the old one was raw and the value fits its hashes, else plain with `\\u{...}` escapes. */
export function writeRustString(oldToken: string, value: string): string {
  const raw = /^r(#*)"/.exec(oldToken);
  if (raw && !value.includes(`"${raw[1]}`) && !value.includes('\r')) return `r${raw[1]}"${value}"${raw[1]}`;
  return `"${escapeFor(value, '"', (code) => `\\u{${code.toString(16)}}`)}"`;
}

/**
 * A new C# literal: verbatim when the old one was (it holds anything, a quote doubled), a one-line
 * raw literal when the old one was and the value fits it, else a regular literal. A name given
 * by `nameof(X)` becomes a regular literal.
 */
export function writeCSharpString(oldToken: string, value: string): string {
  if (oldToken.startsWith('@"')) return `@"${value.replace(/"/g, '""')}"`;
  const raw = /^("{3,})/.exec(oldToken)?.[1];
  if (raw && !value.includes(raw) && !/^"|"$|[\r\n]/.test(value) && value.length > 0) return `${raw}${value}${raw}`;
  return `"${escapeFor(value, '"')}"`;
}

/**
 * A new Kotlin literal: raw when the old one was raw and the value fits (no `"""`, no `$`, no line
 * break), else plain, with `$` escaped so it starts no template.
 */
export function writeKotlinString(oldToken: string, value: string): string {
  if (oldToken.startsWith('"""') && !/"""|\$|[\r\n]/.test(value) && !value.endsWith('"')) return `"""${value}"""`;
  return `"${escapeFor(value, '"').replace(/\$/g, '\\$')}"`;
}

/**
 * A new Swift literal: raw (`#"..."#`, as many `#` as before) when the old one was raw and the value
 * fits, else plain with `\u{...}` escapes.
 */
export function writeSwiftString(oldToken: string, value: string): string {
  const raw = /^(#+)"/.exec(oldToken);
  const hashes = raw?.[1] ?? '';
  if (raw && !value.includes(`"${hashes}`) && !value.includes(`\\${hashes}`) && !/[\r\n]/.test(value))
    return `${hashes}"${value}"${hashes}`;
  return `"${escapeFor(value, '"', (code) => `\\u{${code.toString(16)}}`)}"`;
}

/** Backslash escapes shared by the three languages (`\\`, the quote, control characters as `\n` or `\xHH`/`\uHHHH`). */
function escapeFor(
  value: string,
  quote: string,
  control: (code: number) => string = (code) => `\\u${code.toString(16).padStart(4, '0')}`,
): string {
  let out = '';
  for (const ch of value) {
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(ch)) out += control(ch.codePointAt(0)!);
    else out += ch;
  }
  return out;
}

/**
 * A Ruby string or symbol literal: `'x'` (only `\\` and `\'` are escapes), `"x"` (Ruby's escapes),
 * `:x` and `:"x"` (a symbol: the SDK serialises a Symbol name as its string). Interpolation, `%q()`
 * and `%Q()` literals, heredocs, and escapes that build bytes (`\\C-x`, `\\M-x`) read as undefined.
 */
export function rubyStringValue(node: SyntaxNode): string | undefined {
  const text = node.text;
  if (node.type === 'simple_symbol') return /^:[A-Za-z_][A-Za-z0-9_]*[?!=]?$/.test(text) ? text.slice(1) : undefined;
  const symbol = node.type === 'delimited_symbol';
  if (node.type !== 'string' && !symbol) return undefined;
  if (node.namedChildren.some((c) => c?.type === 'interpolation')) return undefined;
  const body = symbol ? text.slice(1) : text;
  if (body.length < 2 || body[body.length - 1] !== body[0]) return undefined;
  if (body[0] === "'") return body.slice(1, -1).replace(/\\([\\'])/g, '$1');
  return body[0] === '"' ? decodeRubyEscapes(body.slice(1, -1)) : undefined;
}

const RUBY_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  f: '\f',
  v: '\v',
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  s: ' ',
};

/** Ruby's double-quoted escapes; an unknown one is its character (as Ruby reads it). */
function decodeRubyEscapes(body: string): string | undefined {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const rest = body.slice(i + 1);
    const next = rest[0]!;
    const octal = /^[0-7]{1,3}/.exec(rest);
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(rest);
    const unicode = /^u([0-9a-fA-F]{4})/.exec(rest);
    const braced = /^u\{\s*([0-9a-fA-F]{1,6}(?:\s+[0-9a-fA-F]{1,6})*)\s*\}/.exec(rest);
    if (next === '\n') i += 1;
    else if (next in RUBY_ESCAPES) {
      out += RUBY_ESCAPES[next];
      i += 1;
    } else if (octal) {
      out += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else if (hex) {
      out += String.fromCharCode(parseInt(hex[1]!, 16));
      i += hex[0].length;
    } else if (braced) {
      const points = braced[1]!.split(/\s+/).map((d) => parseInt(d, 16));
      if (points.some((p) => p > 0x10ffff)) return undefined;
      out += String.fromCodePoint(...points);
      i += braced[0].length;
    } else if (unicode) {
      out += String.fromCharCode(parseInt(unicode[1]!, 16));
      i += unicode[0].length;
    } else if (/^[cCM]/.test(rest)) return undefined;
    else {
      out += next;
      i += 1;
    }
  }
  return out;
}

/**
 * A new Ruby literal in the old one's style: a symbol stays a symbol (`:x`, or `:"x y"` when the
 * value is no bare symbol), single quotes stay single while the value holds no control character,
 * else double quotes, with `#` escaped where it would start an interpolation.
 */
export function writeRubyString(oldToken: string, value: string): string {
  const control = /[\u0000-\u001f\u007f\u2028\u2029]/.test(value);
  if (oldToken.startsWith(':')) {
    if (/^[A-Za-z_][A-Za-z0-9_]*[?!]?$/.test(value)) return `:${value}`;
    return `:${writeRubyString('"', value)}`;
  }
  if (oldToken.startsWith("'") && !control) return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  const escaped = escapeFor(value, '"', (code) => `\\u{${code.toString(16)}}`);
  return `"${escaped.replace(/#(?=[{$@])/g, '\\#')}"`;
}

/**
 * A PHP string literal: `'x'` (only `\\` and `\'` are escapes) or `"x"` (PHP's escapes; one that
 * PHP does not define keeps its backslash). A double-quoted string with a variable in it, a
 * heredoc or a nowdoc reads as undefined.
 */
export function phpStringValue(node: SyntaxNode): string | undefined {
  const text = node.text;
  if (node.type === 'string' && text.length >= 2 && text.startsWith("'") && text.endsWith("'"))
    return text.slice(1, -1).replace(/\\([\\'])/g, '$1');
  if (node.type !== 'encapsed_string' || text.length < 2 || !text.startsWith('"') || !text.endsWith('"'))
    return undefined;
  if (node.namedChildren.some((c) => c !== null && c.type !== 'string_content' && c.type !== 'escape_sequence'))
    return undefined;
  return decodePhpEscapes(text.slice(1, -1));
}

const PHP_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  v: '\v',
  e: '\u001b',
  f: '\f',
  '\\': '\\',
  $: '$',
  '"': '"',
};

function decodePhpEscapes(body: string): string | undefined {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const rest = body.slice(i + 1);
    const octal = /^[0-7]{1,3}/.exec(rest);
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(rest);
    const unicode = /^u\{([0-9a-fA-F]+)\}/.exec(rest);
    if (rest[0]! in PHP_ESCAPES) {
      out += PHP_ESCAPES[rest[0]!];
      i += 1;
    } else if (octal) {
      out += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else if (hex) {
      out += String.fromCharCode(parseInt(hex[1]!, 16));
      i += hex[0].length;
    } else if (unicode) {
      const point = parseInt(unicode[1]!, 16);
      if (point > 0x10ffff) return undefined;
      out += String.fromCodePoint(point);
      i += unicode[0].length;
    } else out += ch;
  }
  return out;
}

/**
 * A new PHP literal: single quotes stay single while the value holds no control character, else
 * double quotes with `$` escaped (it would start a variable) and control characters as escapes.
 */
export function writePhpString(oldToken: string, value: string): string {
  const control = /[\u0000-\u001f\u007f]/.test(value);
  if (oldToken.startsWith("'") && !control) return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  const escaped = escapeFor(value, '"', (code) => `\\u{${code.toString(16)}}`);
  return `"${escaped.replace(/\$/g, '\\$')}"`;
}
