/**
 * The toolwire core: pure TypeScript, no LSP, no `fs`, no `vscode`. The LSP server and the CLI
 * are thin adapters over what this file exports.
 */
export { analyze, analyzeWithCarry } from './analyze';
export type { CensusCarry } from './census/carry';
export {
  reanalyze,
  reanalyzeEdits,
  tryReanalyze,
  type PreviousAnalysis,
  type Reanalysis,
} from './incremental/reanalyze';
export { changedRegion, type TextChange, type ChangedRegion } from './incremental/region';
export {
  othersInGroup,
  type Analysis,
  type ServerNameInfo,
  type AnalyzedTool,
  type AnalyzedReference,
  type RequestCensus,
  type SuppressionOutcome,
  type ToolFate,
  type WireSource,
  type ProviderVerdict,
} from './model';
export type { Finding, FindingCode, FixData, OffsetEdit, RelatedLocation, Severity } from './findings';
export { FINDING_CODES, SEVERITIES } from './findings';
export type { FormatId, ToolDeclaration, ToolReference, NameSite } from './formats/model';
export type { OffsetRange } from './json/ranges';
export type { AnalysisOptions } from './settings';
export type { SeveritySetting } from './findings';
export {
  PROVIDERS,
  ALL_PROVIDER_IDS,
  DEFAULT_TARGETS,
  isProviderId,
  type ProviderId,
  type ProviderProfile,
} from './profiles/providers';
export { checkName, describeReason, describeChar, type Verdict, type Reason } from './profiles/verdict';
export {
  modelSafe,
  adsDerive,
  adsWireName,
  ADS_MAX,
  DERIVATION_IDS,
  MODEL_SAFE_RESERVED,
  type DerivationId,
} from './wire/derivations';
export { parseConfig } from './config/parseConfig';
export { optionsForFile } from './config/resolve';
export { globMatcher, matchesAny, MAX_GLOB_LENGTH, MAX_GLOBS } from './config/glob';
export {
  findConfig,
  parentOf,
  relativeTo,
  type ConfigHost,
  type FoundConfig,
  type UnreadableFile,
} from './config/discover';
export { loadConfig } from './config/load';
export {
  CONFIG_FILE_NAME,
  type ToolwireConfig,
  type ConfigProblem,
  type ParsedConfig,
  type IgnoreEntry,
} from './config/model';
export { COMMENT_SYNTAX, type CommentSyntax, type SourceComment } from './suppress/syntax';
export { DISABLE_NEXT_LINE } from './suppress/directives';
export { commentSuppressor, suppressCommentEdit, suppressTarget } from './suppress/quickFix';
export { suppressionRemover } from './suppress/removal';
export { judgeEntry, staleIgnoreEntries, type EntryVerdict } from './suppress/staleEntries';
export { visible } from './text/visible';
export type { StringWriter } from './source';
export {
  CHECKED_EXTENSIONS,
  LANGUAGE_IDS,
  LANGUAGES,
  languageOfPath,
  SKIPPED_FOLDERS,
  SKIPPED_FOLDERS_GLOB,
  SOURCE_EXTENSIONS,
  syntaxOfLanguageId,
  WATCHED_FILES,
  type LanguageEntry,
  type SourceLanguage,
} from './languages';
export {
  CODE_LANGUAGES,
  grammarOf,
  isCodeLanguage,
  type CodeGrammar,
  type CodeLanguage,
  type CodeParser,
  type SyntaxNode,
} from './code/syntax';
export { hasTriggerImport } from './code/triggers';
export { lastAtOrBefore, LineIndex, lineStartsOf, type Position, type PositionRange } from './text/lineIndex';
export { PieceText, type TextReader } from './text/pieceText';
export { computeFixAll, applyOffsetEdits, type FixAllResult } from './fixes/fixAll';
export { proveEdits, type FindingSite, type Proof } from './fixes/proof';
export { docsUrl, DOCS_BASE, CODE_SUMMARIES } from './docs';
export { locateAt, type Located } from './locate';
export { planRename, renameTargetAt, type RenamePlan, type RenameTarget } from './rename';
export { CLIENTS, ALL_CLIENT_IDS, isClientId } from './clients/profiles';
export type { ClientId, ClientProfile, ClientFate, ClientTool, ClientOutcome } from './clients/model';
export {
  othersInClientGroup,
  sharedNote,
  runClientCensus,
  runClientCensusForDocument,
  type ClientCensusOptions,
  type ClientResult,
  type ClientToolOutcome,
  type ClientPeer,
  type ForeignServer,
} from './clients/census';
export { clientContextFor, type WorkspaceHost, type ClientContextInput } from './workspace/clientContext';
export type { ClientContext, ClientSource, ServerNameSource } from './workspace/model';
export {
  modelledBy,
  type Modelled,
  type ModelledClients,
  type ModelledProviders,
  type ProviderSource,
} from './pipeline/modelled';
export { placeholderServer } from './workspace/clientPlan';
export { toolNamesIn } from './workspace/toolNames';
export { FORMATS, FORMAT_IDS, isMcpFormat, type FormatEntry } from './formats/registry';
export { MCP_CLIENT_CONFIGS } from './workspace/mcpClientConfigs';
export {
  readMcpServerEntries,
  inputsReferenced,
  mcpConfigKind,
  type McpServerEntry,
  type McpServerEntries,
  type McpVariableSyntax,
} from './workspace/mcpServerEntries';
export { unrecognisedToolShape } from './formats/unrecognised';
export {
  createToolwireService,
  type ToolwireService,
  type ToolwireServiceInit,
  type ToolwireWorkspace,
  type DocumentInput,
  type DocumentResult,
  type LoadedConfig,
} from './pipeline/service';
export {
  fingerprinter,
  fingerprintHash,
  fileFingerprint,
  tokenValue,
  FINGERPRINT_KEY,
  type FingerprintParts,
  type OtherFile,
} from './fingerprint';
