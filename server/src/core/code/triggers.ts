import type { CodeFamily, CodeLanguage, WrapperPattern } from './syntax';
import { LIBRARIES, type Library } from './libraries';

/**
 * Whether a source file may declare tools: its text names one of the known libraries' import
 * strings, or its package's manifest names one (`projectLibraries`: a module given the server by
 * another imports nothing). Every other file costs this string search and is never parsed, so
 * ordinary code can raise no false alarm and costs almost nothing.
 */
export function hasTriggerImport(
  text: string,
  language: CodeLanguage,
  projectLibraries: readonly string[] = [],
  projectWrappers: readonly WrapperPattern[] = [],
): boolean {
  return librariesOf(text, language, projectLibraries).length > 0 || namesWrapper(text, projectWrappers);
}

/** Whether the text names one of the project's wrappers (`code/wrappers.ts`): then it may call one. */
export function namesWrapper(text: string, projectWrappers: readonly WrapperPattern[]): boolean {
  return projectWrappers.some((p) => text.includes(/[A-Za-z0-9_$]+$/.exec(p.callee)?.[0] ?? '\u0000'));
}

/** The libraries a file may use: those its text names, and those its package depends on. */
export function librariesOf(text: string, language: CodeLanguage, projectLibraries: readonly string[] = []): Library[] {
  const family = familyOf(language);
  return LIBRARIES.filter(
    (l) => l.family === family && (projectLibraries.includes(l.id) || l.imports.some((i) => text.includes(i))),
  );
}

/** TypeScript, TSX and JavaScript share one set of libraries. */
export function familyOf(language: CodeLanguage): CodeFamily {
  return language === 'typescript' || language === 'tsx' || language === 'javascript' ? 'js' : language;
}
