/** What a source file's declarations are read into: names, where a fix writes one, tools and the groups they travel in. */
import type { Node } from 'jsonc-parser';
import type { OffsetRange } from '../json/ranges';
import type { DeclaredShape } from './libraries';

/** A name read from source: its value and the literal that holds it (a constant's own literal, when it came from one). */
export interface SourceName {
  readonly value: string;
  readonly range: OffsetRange;
}

/**
 * Where a fix writes a new name when the name is no literal but a Python function's own name:
 * into the decorator (`@mcp.tool()` → `@mcp.tool(name="x")`), never renaming the function.
 */
export interface NameInsertion {
  readonly offset: number;
  readonly before: string;
  readonly after: string;
}

export interface FoundTool {
  readonly name: SourceName;
  /** The whole declaration (a call, a decorated function, a struct literal): the tool's extent. */
  readonly extent: OffsetRange;
  readonly insertion?: NameInsertion;
  /** The input schema the declaration writes in source, when one is read (`sourceSchemas.ts`). */
  readonly schema?: Node;
}

/**
 * What travels together in one request: the tools of one server object (one constructor call), of
 * one list literal, or one tool object alone.
 */
export interface ToolGroup {
  readonly shape: DeclaredShape;
  readonly server?: SourceName;
  readonly tools: FoundTool[];
}
