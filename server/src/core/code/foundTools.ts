/** What a source file's declarations are read into: names, where a fix writes one, tools and the groups they travel in. */
import type { Node } from 'jsonc-parser';
import type { OffsetRange } from '../json/ranges';
import type { DeclaredShape } from './libraries';
import type { NameInsertion } from './nameInsertion';

/** A name read from source: its value and the literal that holds it (a constant's own literal, when it came from one). */
export interface SourceName {
  readonly value: string;
  readonly range: OffsetRange;
  /** Where a fix writes a new name when the range holds no literal (`Dialect.constantInsertion`). */
  readonly insertion?: NameInsertion;
}

export type { NameInsertion } from './nameInsertion';

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
