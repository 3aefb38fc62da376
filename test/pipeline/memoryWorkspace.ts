import picomatch from 'picomatch';
import { toolNamesIn, type ToolwireWorkspace } from '../../server/src/core';

/** An in-memory workspace (vscode-markdown-languageservice's test double): absolute path -> text. */
export function memoryWorkspace(files: Readonly<Record<string, string>>): ToolwireWorkspace {
  return {
    readFile: (path) => files[path],
    findFiles: (folder, globs) => {
      const matches = picomatch(globs as string[], { dot: true });
      return Object.keys(files).filter((p) => p.startsWith(`${folder}/`)).map((p) => p.slice(folder.length + 1)).filter((p) => matches(p));
    },
    toolsOf: (path) => toolNamesIn(files[path] ?? ''),
  };
}
