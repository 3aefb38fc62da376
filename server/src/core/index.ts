/**
 * The toolwire core's public API: pure TypeScript, no LSP, no `fs`, no `vscode`. It exports what
 * the adapters (the LSP server, the CLI, the VS Code client) use and nothing else; tests may import
 * the core's files directly. test/core/layers.test.ts keeps both rules.
 */

export type { CensusCarry } from './incremental/carry';
export { reanalyzeEdits } from './incremental/reanalyze';
export type { TextChange } from './incremental/region';
export { requestFailures, type RequestFailure } from './census/requestFailure';
export { othersInGroup, type Analysis, type AnalyzedTool, type RequestCensus } from './model';
export type {
  Finding,
  FindingCode,
  FixData,
  NameFixIntent,
  OffsetEdit,
  RelatedLocation,
  SchemaFixIntent,
  Severity,
  SeveritySetting,
} from './findings';
export { FINDING_CODES, isCodeOff, isSchemaFix } from './findings';
export type { FormatId } from './formats/model';
export type { OffsetRange } from './json/ranges';
export { NESTING_LIMIT } from './yaml/parse';
export type { AnalysisOptions } from './settings';
export { PROVIDERS, isProviderId, type ProviderId } from './profiles/providers';
export { describeReason } from './profiles/verdict';
export { adsWireName, ADS_MAX, DERIVATION_IDS, type DerivationId } from './wire/derivations';
export { parseConfig } from './config/parseConfig';
export { globMatcher } from './config/glob';
export { parentOf, relativeTo, type UnreadableFile } from './config/discover';
export { loadConfig } from './config/load';
export type { ConfigProblem, IgnoreEntry } from './config/model';
export { commentSuppressor, suppressTarget } from './suppress/quickFix';
export { suppressionRemover } from './suppress/removal';
export { judgeEntry, staleIgnoreEntries } from './suppress/staleEntries';
export { visible } from './text/visible';
export {
  CHECKED_EXTENSIONS,
  LANGUAGE_IDS,
  languageOfPath,
  SKIPPED_FOLDERS,
  SKIPPED_FOLDERS_GLOB,
  syntaxOfLanguageId,
  WATCHED_FILES,
  type SourceLanguage,
} from './languages';
export {
  grammarOf,
  isCodeLanguage,
  type CodeGrammar,
  type CodeLanguage,
  type CodeParser,
  type ProjectConstantAnswer,
  type ProjectConstantLookup,
  type SyntaxNode,
  type WrapperPattern,
} from './code/syntax';
export { exportedConstants, type Reexport } from './code/importedConstants';
export { goPackageOf } from './code/wrapperPaths';
export { familyOf, hasTriggerImport } from './code/triggers';
export {
  definesWrappers,
  wrappersFor,
  wrapperTable,
  type ProjectSource,
  type WrapperTable,
} from './code/wrapperTable';
export { isManifestPath, librariesInManifest, MANIFESTS } from './code/manifests';
export { localDependencies, packageNameOf, WORKSPACE_FILES, workspaceGlobs } from './code/workspaces';
export { namePattern } from './code/manifestNames';
export { lastAtOrBefore, LineIndex, lineStartsOf, type PositionRange } from './text/lineIndex';
export { PieceText, type TextReader } from './text/pieceText';
export { computeFixAll } from './fixes/fixAll';
export { withFixes } from './fixes/buildFixes';
export { proveEdits, type Proof } from './fixes/proof';
export { proveSuppressComment } from './suppress/commentProof';
export { docsUrl, DOCS_BASE, CODE_SUMMARIES } from './docs';
export type { Located } from './locate';
export { planRename, renameTargetAt } from './rename';
export { ALL_CLIENT_IDS, CLIENTS, isClientId, type ClientId } from './clients/profiles';
export type { ClientFate } from './clients/model';
export { schemaPlaceRows } from './clients/schemaVerdicts';
export { schemaAsSent, schemaDiffText } from './clients/schemaAsSent';
export {
  othersInClientGroup,
  sharedNote,
  runClientCensusForDocument,
  type ClientResult,
  type ClientToolOutcome,
} from './clients/census';
export type { Modelled, ModelledClients, ModelledProviders } from './pipeline/modelled';
export { placeholderServer } from './workspace/clientPlan';
export { toolNamesIn } from './workspace/toolNames';
export { FORMATS, FORMAT_IDS, isMcpFormat } from './formats/registry';
export { MCP_CLIENT_CONFIGS } from './workspace/mcpClientConfigs';
export {
  readMcpServerEntries,
  inputsReferenced,
  type McpServerEntry,
  type McpVariableSyntax,
} from './workspace/mcpServerEntries';
export { unrecognisedToolShape } from './formats/unrecognised';
export { looksLikeToolDefinitions } from './formats/looksLikeTools';
export {
  createToolwireService,
  type ToolwireService,
  type ToolwireWorkspace,
  type DocumentInput,
  type DocumentResult,
  type LoadedConfig,
} from './pipeline/service';
export {
  fingerprinter,
  fingerprintHash,
  fileFingerprint,
  FINGERPRINT_KEY,
  type FingerprintParts,
  type OtherFile,
} from './fingerprint';
