import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LANGUAGE_IDS } from '../../server/src/core';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The strings of a Lua table assigned as `<name> = { ... }`. */
function luaList(source: string, name: string): string[] {
  const start = source.indexOf(`${name} = {`);
  assert.ok(start >= 0, `${name} is assigned a table`);
  const body = source.slice(start, source.indexOf('}', start));
  return [...body.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

describe('the configurations for other editors name every language toolwire checks', () => {
  test('Neovim: the filetypes of editors/neovim/lua/toolwire.lua are the languages table', () => {
    assert.deepEqual(luaList(read('editors/neovim/lua/toolwire.lua'), 'M.filetypes'), LANGUAGE_IDS);
  });

  test('docs/editors.md: the eglot snippet starts the server for the JSON and YAML modes', () => {
    const doc = read('docs/editors.md');
    const start = doc.indexOf('```elisp');
    assert.ok(start >= 0, 'an Emacs Lisp snippet');
    const snippet = doc.slice(start, doc.indexOf('```', start + 3));
    // eglot keys servers by major mode: JSON and YAML in each of the modes Emacs or ELPA give them.
    for (const mode of ['json-mode', 'json-ts-mode', 'js-json-mode', 'yaml-mode', 'yaml-ts-mode'])
      assert.ok(snippet.includes(` ${mode}`) || snippet.includes(`(${mode}`), mode);
    assert.match(snippet, /"node" "[^"]*dist\/server\.js" "--stdio"/);
  });
});
