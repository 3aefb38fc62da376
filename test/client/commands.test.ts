import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LANGUAGE_IDS } from '../../server/src/core';

const ROOT = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const commands = manifest.contributes.commands as Array<{ command: string; title: string }>;
const palette = manifest.contributes.menus.commandPalette as Array<{ command: string; when?: string }>;

/**
 * VS Code's `when` clauses as package.json uses them: `||` of `&&` of `key == value` (or a bare
 * key, true when set). Enough to say, for an editor's language id, whether a command shows.
 */
function holds(clause: string | undefined, context: Record<string, string>): boolean {
  if (clause === undefined) return true;
  return clause.split('||').some((any) =>
    any.split('&&').every((term) => {
      const [key, value] = term.split('==').map((part) => part.trim());
      if (value === undefined) return context[key!] !== undefined;
      return context[key!] === value;
    }),
  );
}

const shownIn = (command: string, languageId: string) =>
  holds(palette.find((p) => p.command === command)?.when, { editorLangId: languageId });

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the commands in the palette', () => {
  test('Show Census shows in every language toolwire checks, and in no other', () => {
    for (const id of LANGUAGE_IDS) assert.ok(shownIn('toolwire.showCensus', id), id);
    for (const id of ['plaintext', 'markdown', 'cpp']) assert.ok(!shownIn('toolwire.showCensus', id), id);
  });

  test('Show Output, Restart Server and Check MCP Servers show everywhere', () => {
    for (const command of ['toolwire.showOutput', 'toolwire.restartServer', 'toolwire.checkMcpServers']) {
      assert.ok(
        commands.some((c) => c.command === command),
        `${command} is contributed`,
      );
      for (const id of [...LANGUAGE_IDS, 'plaintext']) assert.ok(shownIn(command, id), `${command} in ${id}`);
    }
  });

  test('every contributed command is registered by the client, and every registered one contributed', () => {
    const registered = sources(join(ROOT, 'client/src')).flatMap((text) =>
      [...text.matchAll(/registerCommand\(\s*'([^']+)'/g)].map((m) => m[1]!),
    );
    assert.deepEqual([...registered].sort(), commands.map((c) => c.command).sort());
  });

  test('the when-clause reader reads what it should', () => {
    assert.ok(holds('editorLangId == json || editorLangId == yaml', { editorLangId: 'yaml' }));
    assert.ok(!holds('editorLangId == json || editorLangId == yaml', { editorLangId: 'jsonl' }));
    assert.ok(!holds('editorLangId == json && isWeb', { editorLangId: 'json' }));
  });
});
