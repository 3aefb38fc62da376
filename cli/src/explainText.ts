// docs/diagnostics.md, embedded in the CLI bundle at build time (esbuild's text loader), so
// `toolwire explain` works from any install, whatever files the package ships.
import diagnosticsMarkdown from '../../docs/diagnostics.md';

export const DIAGNOSTICS_MARKDOWN: string = diagnosticsMarkdown;
