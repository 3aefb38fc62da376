import type { DocumentState } from '../documentState';
import type { DocumentStatus } from '../protocol';

export function statusOf(state: DocumentState): DocumentStatus {
  const none = { format: null, tools: 0, offered: 0, errors: 0, warnings: 0 };
  switch (state.kind) {
    case 'analysis': {
      const a = state.analysis;
      if (a.format === null) return { state: 'not-a-tool-file', ...none };
      return {
        state: 'analysed',
        format: a.format,
        tools: a.tools.length,
        offered: a.tools.filter((t) => t.fate === 'offered').length,
        errors: a.findings.filter((f) => f.severity === 'error').length,
        warnings: a.findings.filter((f) => f.severity === 'warning').length,
        ...(state.config && state.config.parsed.problems.length > 0
          ? {
              detail: `${state.config.found.path} has ${state.config.parsed.problems.length} problem(s); its valid settings apply.`,
            }
          : {}),
      };
    }
    case 'config-file':
      return {
        state: 'not-a-tool-file',
        ...none,
        errors: state.problems.filter((p) => p.severity === 'error').length,
        warnings: state.problems.filter((p) => p.severity === 'warning').length,
      };
    case 'disabled':
    case 'ignored':
    case 'too-large':
      return { state: state.kind, ...none, detail: state.detail };
    case 'failed':
      return { state: 'not-a-tool-file', ...none, detail: state.detail };
  }
}
