/**
 * Default tool names a library derives from the declaration that holds a tool (a method, a class)
 * when no name is given, written as that library's source does it: a name read from source is the
 * wire name only where the library sends it verbatim. The one table of these rules.
 */

/**
 * `csharp-sdk`: the MCP C# SDK's `AIFunctionMcpServerTool.DeriveName` with its default naming policy.
 * `ruby-class-handle`: the MCP Ruby SDK's handle of a tool class (`GetTime` is `get_time`).
 */
export type NameDerivation = 'csharp-sdk' | 'ruby-class-handle';

/** What a derivation reads: the declaration's name as written, and a method's declared return type's text. */
export interface DerivationInput {
  readonly name: string;
  readonly returns?: string;
}

export function deriveName(rule: NameDerivation, input: DerivationInput): string {
  return DERIVATIONS[rule](input);
}

const DERIVATIONS: Readonly<Record<NameDerivation, (input: DerivationInput) => string>> = {
  'csharp-sdk': csharpSdkName,
  'ruby-class-handle': rubyClassHandle,
};

/**
 * modelcontextprotocol/ruby-sdk @fcb1ac93: `Tool.name_value` is `StringUtils.handle_from_class_name(name)`,
 * `underscore(demodulize(class_name))` (lib/mcp/string_utils.rb): the last `::` segment, `_` before
 * each capital that starts a word, `-` to `_`, lower case.
 */
function rubyClassHandle({ name }: DerivationInput): string {
  return (name.split('::').pop() ?? name)
    .replace(/(?<=[A-Z])(?=[A-Z][a-z])/g, '_')
    .replace(/(?<=[a-z\d])(?=[A-Z])/g, '_')
    .replace(/-/g, '_')
    .toLowerCase();
}

/**
 * modelcontextprotocol/csharp-sdk @609499b2 (src/ModelContextProtocol.Core/Server/
 * AIFunctionMcpServerTool.cs, `DeriveName`, read 2026-12-03): the method's name without an
 * `Async` suffix when the method returns `Task`, `ValueTask`, `Task<T>`, `ValueTask<T>` or
 * `IAsyncEnumerable<T>` (and the name is longer than the suffix); runs of anything but ASCII
 * letters and digits become `_`, trimmed at both ends (nothing left: the method's name again);
 * then `JsonNamingPolicy.SnakeCaseLower`. `@class` is the method `class` (`@` only escapes a keyword).
 */
function csharpSdkName({ name: written, returns }: DerivationInput): string {
  const original = written.startsWith('@') ? written.slice(1) : written;
  let name = original;
  if (returns !== undefined && returnsAsync(returns) && name.endsWith('Async') && name.length > 'Async'.length)
    name = name.slice(0, -'Async'.length);
  name = name.replace(/[^0-9A-Za-z]+/g, '_').replace(/^_+|_+$/g, '');
  return snakeCaseLower(name.length === 0 ? original : name);
}

/**
 * The declared return type is one `IsAsyncMethod` accepts, by its text: `Task`, `ValueTask`, or
 * `Task<…>`, `ValueTask<…>`, `IAsyncEnumerable<…>`, qualified or not. `Task?` is still a Task (a
 * nullable reference annotation is no other type); `ValueTask?` is `Nullable<ValueTask>`, which is not.
 */
function returnsAsync(type: string): boolean {
  const compact = type.replace(/\s+/g, '').replace(/^global::/, '');
  const match = /^(?:[A-Za-z_][\w]*\.)*(Task|ValueTask|IAsyncEnumerable)(<.*>)?(\?)?$/.exec(compact);
  if (!match) return false;
  const [, base, generic, nullable] = match;
  if (base === 'IAsyncEnumerable' && generic === undefined) return false;
  return !(base === 'ValueTask' && nullable !== undefined);
}

/** Word boundaries as .NET reads them: a space or punctuation (`_` included) separates words. */
const SEPARATOR = /^[\p{Zs}\p{Pc}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]$/u;
const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;

type Category = 'boundary' | 'lower' | 'upper';

/**
 * `JsonNamingPolicy.SnakeCaseLower.ConvertName` (dotnet/runtime @0d2a9bb2,
 * src/libraries/System.Text.Json/Common/JsonSeparatorNamingPolicy.cs, read 2026-12-03), per UTF-16
 * unit as .NET reads chars: a word ends before a separator (dropped), after a lower-case letter
 * followed by an upper-case one or after any char followed by `_`, and before the last capital of a
 * run followed by a lower-case letter (`HTTPResponse` → `http`, `response`). A digit or another
 * char keeps the category before it. Words are lower-cased and joined with `_`.
 */
export function snakeCaseLower(name: string): string {
  const words: string[] = [];
  const write = (word: string) => {
    if (word.length > 0) words.push(word.toLowerCase());
  };
  let first = 0;
  let previous: Category = 'boundary';
  for (let index = 0; index < name.length; index += 1) {
    const current = name[index]!;
    if (SEPARATOR.test(current)) {
      write(name.slice(first, index));
      previous = 'boundary';
      first = index + 1;
      continue;
    }
    if (index + 1 >= name.length) continue;
    const next = name[index + 1]!;
    const category: Category = LOWER.test(current) ? 'lower' : UPPER.test(current) ? 'upper' : previous;
    if ((category === 'lower' && UPPER.test(next)) || next === '_') {
      write(name.slice(first, index + 1));
      previous = 'boundary';
      first = index + 1;
      continue;
    }
    if (previous === 'upper' && UPPER.test(current) && LOWER.test(next)) {
      write(name.slice(first, index));
      previous = 'boundary';
      first = index;
      continue;
    }
    previous = category;
  }
  write(name.slice(first));
  return words.join('_');
}
