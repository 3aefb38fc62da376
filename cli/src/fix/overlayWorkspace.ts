import { toolNamesIn, type OffsetRange, type ToolwireWorkspace, type UnreadableFile } from '../../../server/src/core';

/**
 * The disk as it will be once the fixes are written: fixed texts over the CLI's workspace. Files
 * sent together (a cross-file census) see each other's new names, so a fix is proven against
 * them and re-checked after all are applied, before anything is written.
 */
export class OverlayWorkspace implements ToolwireWorkspace {
  private readonly texts = new Map<string, string>();

  constructor(private readonly base: ToolwireWorkspace) {}

  set(path: string, text: string): void {
    this.texts.set(path, text);
  }

  delete(path: string): void {
    this.texts.delete(path);
  }

  clear(): void {
    this.texts.clear();
  }

  get(path: string): string | undefined {
    return this.texts.get(path);
  }

  readFile(path: string): string | undefined {
    return this.texts.get(path) ?? this.base.readFile(path);
  }

  readConfig(path: string): string | undefined | UnreadableFile {
    return this.base.readConfig ? this.base.readConfig(path) : this.base.readFile(path);
  }

  findFiles(folder: string, globs: readonly string[]): readonly string[] {
    return this.base.findFiles(folder, globs);
  }

  toolsOf(path: string): ReadonlyArray<{ name: string; range: OffsetRange }> {
    const text = this.texts.get(path);
    return text === undefined ? this.base.toolsOf(path) : toolNamesIn(text);
  }
}
