/**
 * How a library names a tool after the declaration that holds it when no name is given, where
 * that is not the declaration's own name as written: each rule is the library's own derivation.
 */
export type DefaultName = 'ruby-class-handle';

export const DEFAULT_NAMES: Readonly<Record<DefaultName, (own: string) => string>> = {
  // modelcontextprotocol/ruby-sdk @fcb1ac93: `Tool.name_value` is `StringUtils.handle_from_class_name(name)`,
  // `underscore(demodulize(class_name))` (lib/mcp/string_utils.rb): the last `::` segment, `_`
  // before each capital that starts a word, `-` to `_`, lower case.
  'ruby-class-handle': (own) =>
    (own.split('::').pop() ?? own)
      .replace(/(?<=[A-Z])(?=[A-Z][a-z])/g, '_')
      .replace(/(?<=[a-z\d])(?=[A-Z])/g, '_')
      .replace(/-/g, '_')
      .toLowerCase(),
};
