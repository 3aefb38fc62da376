import type { CodeLanguage } from './syntax';
import { LIBRARIES } from './libraries';

/**
 * Whether a source file may declare tools: its text names one of the known libraries' import
 * strings. Every other file costs this string search and is never parsed, so ordinary code can
 * raise no false alarm and costs almost nothing.
 */
export function hasTriggerImport(text: string, language: CodeLanguage): boolean {
  const family = familyOf(language);
  for (const library of LIBRARIES) {
    if (library.family !== family) continue;
    for (const trigger of library.imports) if (text.includes(trigger)) return true;
  }
  return false;
}

/** TypeScript, TSX and JavaScript share one set of libraries. */
export function familyOf(language: CodeLanguage): 'js' | 'python' | 'go' {
  return language === 'python' ? 'python' : language === 'go' ? 'go' : 'js';
}
