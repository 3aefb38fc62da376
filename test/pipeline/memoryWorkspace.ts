import { globMatcher, toolNamesIn, type ToolwireWorkspace } from '../../server/src/core';

/** An in-memory workspace (vscode-markdown-languageservice's test double): absolute path -> text. */
export function memoryWorkspace(files: Readonly<Record<string, string>>): ToolwireWorkspace {
  return {
    readFile: (path) => files[path],
    findFiles: (folder, globs) => {
      // The matcher both adapters use, so the double finds what they find.
      const matches = globMatcher(globs);
      return Object.keys(files)
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => p.slice(folder.length + 1))
        .filter((p) => matches(p));
    },
    toolsOf: (path) => toolNamesIn(files[path] ?? ''),
  };
}
