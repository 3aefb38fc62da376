import type { FormatId } from '../formats/model';
import type { AnalyzedTool } from '../model';
import type { SourceLanguage, StringWriter } from '../source';
import type { TextReader } from '../text/pieceText';
import type { DerivationId } from '../wire/derivations';
import type { NameConstraints, NamePool } from './namePool';

/**
 * What the name fixes of one request read (`fixes/buildFixes.ts` makes one per request). Tool
 * positions are request-local unless named global.
 */
export interface ProposalContext {
  readonly text: TextReader;
  /** The text's syntax: edits that insert a key must follow it (invocationNameFix.ts). */
  readonly language: SourceLanguage;
  /** The front-end's edit builder: a string token in the text's own syntax, or undefined (no edit possible). */
  readonly strings: StringWriter;
  readonly format: FormatId;
  readonly derivation: DerivationId;
  /** The request's tools, request-local. */
  readonly tools: readonly AnalyzedTool[];
  /** Global index of the request's first tool. */
  readonly firstTool: number;
  /** The ranges of the references that dispatch to a tool (global index): a rename moves them too. */
  readonly referencesTo: (global: number) => readonly { readonly start: number; readonly end: number }[];
  readonly names: NamePool;
  /** One proposed name per tool (request-local position), so two findings on one tool agree. */
  readonly proposals: Map<number, string>;
  /** The file's line ending for inserted lines: CRLF if the text has one anywhere (computed once). */
  readonly eol: () => '\r\n' | '\n';
  /** ADS: the namespace every capability shares (computed on first use). */
  readonly sharedNamespace: () => readonly string[];
  /** Extra constraints on a proposed name for one tool (the MCP clients it must survive). */
  readonly constraintsFor: (local: number) => NameConstraints;
}
