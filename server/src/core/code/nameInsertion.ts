/**
 * Where a fix writes a new name when the name is no literal but a declaration's own name: into the
 * decorator (`@mcp.tool()` → `@mcp.tool(name="x")`), or after a Swift enum case as its raw value
 * (`case greet` → `case greet = "x"`), never renaming the function or the case.
 */
export interface NameInsertion {
  readonly offset: number;
  readonly before: string;
  readonly after: string;
}
