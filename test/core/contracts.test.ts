import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import picomatch from 'picomatch';
import {
  ALL_CLIENT_IDS,
  CHECKED_EXTENSIONS,
  DERIVATION_IDS,
  FINDING_CODES,
  LANGUAGE_IDS,
  languageOfPath,
  WATCHED_FILES,
} from '../../server/src/core';
import { ALL_PROVIDER_IDS } from '../../server/src/core/profiles/providers';
import { LANGUAGES } from '../../server/src/core/languages';

/**
 * The lists that live in several places (code, JSON Schema, VS Code settings, docs) must agree:
 * a provider or code added in one place and forgotten in another fails here.
 */
const ROOT = join(__dirname, '../..');
/** How the README writes a count. */
const NUMBER_WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );
// The watchers' glob, as VS Code and LSP clients read it (a leading globstar matches the root too).
const watched = (path: string) => picomatch(WATCHED_FILES, { dot: true })(path);
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

describe('contracts between code, schema, settings and docs', () => {
  const schema = readJson('schemas/toolwire.schema.json');
  const manifest = readJson('package.json');
  const settings = manifest.contributes.configuration.properties;

  test('providers', () => {
    assert.deepEqual(schema.definitions.provider.enum, ALL_PROVIDER_IDS);
    assert.equal(schema.definitions.provider.markdownEnumDescriptions.length, ALL_PROVIDER_IDS.length);
    assert.deepEqual(settings['toolwire.providers'].items.enum, ALL_PROVIDER_IDS);
  });

  test('finding codes', () => {
    assert.deepEqual(schema.properties.severity.propertyNames.enum, FINDING_CODES);
    assert.deepEqual(settings['toolwire.severity'].propertyNames.enum, FINDING_CODES);
    const doc = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
    const sections = [...doc.matchAll(/^## ([a-z-]+)$/gm)].map((m) => m[1]);
    assert.deepEqual(sections, FINDING_CODES, 'docs/diagnostics.md has one section per code, in order');
  });

  test('clients', () => {
    assert.deepEqual(schema.definitions.client.enum, ALL_CLIENT_IDS);
    assert.equal(schema.definitions.client.markdownEnumDescriptions.length, ALL_CLIENT_IDS.length);
    assert.deepEqual(settings['toolwire.clients'].items.enum, ALL_CLIENT_IDS);
  });

  test("the README's lists and the property-key table name every provider and client", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // The ids in backticks from a lead-in to the sentence's end: the README's inline lists.
    const listAfter = (lead: string): string[] => {
      const start = readme.indexOf(lead);
      assert.ok(start >= 0, `README.md has "${lead}"`);
      return [...readme.slice(start, readme.indexOf('.\n', start)).matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
    };
    assert.deepEqual(listAfter('Provider profiles:'), ALL_PROVIDER_IDS);
    assert.deepEqual(listAfter('what is confirmed and what is not:'), ALL_CLIENT_IDS);
    const count = /toolwire models (\w+) clients/.exec(readme)?.[1];
    assert.equal(count, NUMBER_WORDS[ALL_CLIENT_IDS.length], 'README.md counts the clients it lists');
    // docs/diagnostics.md says each provider's property-key rule, "no known rule" included.
    const doc = readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8');
    const start = doc.indexOf('## invalid-parameter-name');
    const rows = doc
      .slice(start, doc.indexOf('\n## ', start))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!));
    assert.deepEqual(named.sort(), [...ALL_PROVIDER_IDS].sort());
  });

  test('derivations', () => {
    assert.deepEqual(schema.properties.overrides.items.properties.derivation.enum, DERIVATION_IDS);
    assert.deepEqual(settings['toolwire.derivation'].enum, ['auto', ...DERIVATION_IDS]);
  });

  test('the languages table: activation events, extensions and the syntax of each path', () => {
    const onLanguage = (manifest.activationEvents as string[])
      .filter((e) => e.startsWith('onLanguage:'))
      .map((e) => e.slice('onLanguage:'.length));
    assert.deepEqual(onLanguage, LANGUAGE_IDS, 'package.json activationEvents list every language id, in table order');
    assert.equal(new Set(CHECKED_EXTENSIONS).size, CHECKED_EXTENSIONS.length, 'no extension belongs to two languages');
    for (const language of LANGUAGES) {
      for (const extension of language.extensions) {
        assert.equal(languageOfPath(`dir/file${extension}`), language.syntax, extension);
        assert.equal(languageOfPath(`dir/FILE${extension.toUpperCase()}`), language.syntax, extension);
        assert.ok(watched(`src/deep/file${extension}`), `${extension} is watched`);
      }
    }
    // A manifest decides which source files are read: its edits must reach the server too.
    for (const path of ['pyproject.toml', 'a/requirements-dev.txt', 'svc/App.csproj', 'x/my.gemspec', 'Package.swift'])
      assert.ok(watched(path), `${path} is watched`);
    assert.ok(!watched('docs/README.md'), 'a file no front-end reads is not watched');
    assert.equal(languageOfPath('dir/no-extension'), 'json');
    assert.equal(languageOfPath(undefined), 'json');
  });

  test('toolwire.languages: every language id, all checked by default, each named in its description', () => {
    const languages = settings['toolwire.languages'];
    assert.deepEqual(languages.items.enum, LANGUAGE_IDS, 'its enum is the languages table, in order');
    assert.deepEqual(languages.default, LANGUAGE_IDS, 'every language is checked by default');
    const named = [...(languages.markdownDescription as string).matchAll(/`([a-z]+)`/g)].map((m) => m[1]);
    assert.deepEqual(
      named.filter((id) => LANGUAGE_IDS.includes(id!)),
      LANGUAGE_IDS,
      'the description lists every id, in order',
    );
    assert.match(settings['toolwire.enable'].markdownDescription, /`#toolwire\.languages#`/);
  });

  test('every setting has a markdown description and a scope', () => {
    for (const [key, value] of Object.entries(
      settings as Record<string, { markdownDescription?: string; scope?: string }>,
    )) {
      assert.ok(value.markdownDescription && value.markdownDescription.length > 20, key);
      assert.ok(value.scope, key);
    }
  });

  test('the injection grammar scopes tool names and consumes the pair', () => {
    const grammar = readJson('syntaxes/toolwire-names.injection.json');
    const toolName = new RegExp(grammar.repository['tool-name'].match);
    const match = toolName.exec('      "name": "com.example.a\\"b",  "version": "1"');
    assert.ok(match);
    assert.equal(match[6], 'com.example.a\\"b');
    assert.equal(match[8], ',');
    assert.equal(
      new RegExp(grammar.repository['invocation-name'].match).exec('"invocationName":"orders-get"}')?.[6],
      'orders-get',
    );
    assert.ok(manifest.contributes.grammars[0].injectTo.includes('source.json'));
  });
});

describe('architecture invariants (ARCHITECTURE.md)', () => {
  const core = join(ROOT, 'server/src/core');
  const files = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
    });

  test('the core imports only itself, jsonc-parser and yaml: no I/O, no LSP, no vscode', () => {
    const allowed = new Set(['jsonc-parser', 'yaml']);
    for (const file of files(core)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)) {
        const spec = match[1]!;
        if (spec.startsWith('.')) {
          const target = join(file, '..', spec);
          assert.ok(
            !relative(core, target).startsWith('..'),
            `${relative(ROOT, file)} imports ${spec}, outside the core`,
          );
        } else {
          assert.ok(allowed.has(spec), `${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
  });

  test('no module-level mutable state in the sources', () => {
    for (const folder of ['server/src', 'client/src', 'cli/src']) {
      for (const file of files(join(ROOT, folder))) {
        const text = readFileSync(file, 'utf8');
        assert.doesNotMatch(text, /^(?:export )?(?:let|var) /m, `${relative(ROOT, file)} has a module-level let/var`);
      }
    }
  });
});
