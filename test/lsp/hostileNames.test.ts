import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { visible } from '../../server/src/features/markdown';
import { TestClient, positionOf } from './client';
import { mcpList } from './fixtures';
import { codeTexts, DANGEROUS, decodeHtml, HOSTILE_NAMES, renderMarkdown } from './renderMarkdown';

interface Census {
  readonly title: string;
  readonly markdown: string;
  readonly html: string;
}

/**
 * Issue 13, item 5: every surface that shows a tool name (hover, census Markdown, census HTML,
 * diagnostics) is fed names that try to end their code span, start a heading, or render a link,
 * an image or a script. Each must come out as the name, shown as code, and nothing else.
 */
describe('hostile tool names through every surface', () => {
  let client: TestClient;
  const uri = 'file:///ws/hostile/tools.json';
  const text = mcpList(...HOSTILE_NAMES);
  before(async () => {
    client = await TestClient.start();
    await client.open(uri, text);
  });
  after(() => client.stop());

  test('hover: the name is one code span, nothing renders as markup, never trusted', async () => {
    for (const name of HOSTILE_NAMES) {
      const hover = await client.hover(uri, positionOf(text, JSON.stringify(name), 0, 1));
      assert.ok(hover, name);
      const contents = hover.contents as MarkupContent;
      // Plain MarkupContent: no isTrusted or supportHtml can ride along.
      assert.deepEqual(Object.keys(contents).sort(), ['kind', 'value']);
      const html = renderMarkdown(contents.value);
      assert.doesNotMatch(html, DANGEROUS, name);
      assert.ok(codeTexts(html).includes(visible(name)), `${JSON.stringify(name)} shown as code in ${contents.value}`);
      // Every client-table row keeps its three cells.
      for (const row of html.match(/<tr>[\s\S]*?<\/tr>/g) ?? [])
        assert.equal((row.match(/<t[dh][ >]/g) ?? []).length, 3, `${name}: ${row}`);
    }
  });

  test('census Markdown: only our headings, every name as code', async () => {
    const census = (await client.connection.sendRequest('toolwire/census', { uri, pageSize: 1000 })) as Census;
    const html = renderMarkdown(census.markdown);
    assert.doesNotMatch(html.replace(/<h[12]>[^<]*<\/h[12]>/g, ''), DANGEROUS);
    const headings = [...census.markdown.matchAll(/^(#+) /gm)].length;
    assert.equal((html.match(/<h[1-6]>/g) ?? []).length, headings);
    const codes = codeTexts(html);
    // In a table cell, a backslash before a pipe is shown as ⟨U+005C⟩ (see mdCode).
    for (const name of HOSTILE_NAMES) assert.ok(codes.includes(visible(name).replace(/\\(?=\|)/g, '⟨U+005C⟩')), name);
  });

  test('census HTML: escaped, strict CSP, no script, links only to the paging command', async () => {
    const census = (await client.connection.sendRequest('toolwire/census', { uri, pageSize: 1000 })) as Census;
    assert.match(
      census.html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">/,
    );
    assert.doesNotMatch(census.html, /<(script|img|iframe)\b/i);
    assert.doesNotMatch(census.html, /<a\b(?! href="command:toolwire\.censusPage\?)/);
    const codes = codeTexts(census.html);
    for (const name of HOSTILE_NAMES) assert.ok(codes.includes(visible(name)), name);
    // Nothing outside <code> carries a raw name either (an attribute, a heading).
    assert.ok(!decodeHtml(census.html.replace(/<code>[\s\S]*?<\/code>/g, '')).includes('<script>alert'));
  });

  test('a hostile file name in the census title', async () => {
    const evil = 'file:///ws/hostile/%5Bx%5D(http%3A%2F%2Fevil)%3Cb%3E.json';
    await client.open(evil, mcpList('ok'));
    const census = (await client.connection.sendRequest('toolwire/census', { uri: evil })) as Census;
    assert.doesNotMatch(renderMarkdown(census.markdown), /<(a|b)\b/);
    assert.match(census.html, /<title>toolwire census: \[x\]\(http:\/\/evil\)&lt;b&gt;\.json<\/title>/);
  });

  test('diagnostics: plain text, names quoted with their breaks and bidi overrides escaped', async () => {
    const diagnostics: Diagnostic[] = await client.diagnostics(uri, (d) => d.length > 0);
    const messages = diagnostics.flatMap((d) => [
      String(d.message),
      ...(d.relatedInformation ?? []).map((r) => r.message),
    ]);
    assert.ok(
      messages.some((m) => m.includes('"line\\nbreak"')),
      'the name with a line break is quoted, its break escaped',
    );
    for (const message of messages) assert.doesNotMatch(message, /[\n\r\u202e]/, message);
  });
});

describe('a file that is not a tool file', () => {
  test('its hostile name never starts a Markdown line', async () => {
    const client = await TestClient.start();
    try {
      const uri = 'file:///ws/-%20%5Bx%5D(http%3A%2F%2Fevil).json';
      await client.open(uri, '{"not": "tools"}');
      const census = (await client.connection.sendRequest('toolwire/census', { uri })) as Census;
      assert.match(census.markdown, /^The file - \\\[x\\\]\(http\\:\/\/evil\)\.json is not a tool file/m);
      assert.doesNotMatch(renderMarkdown(census.markdown), /<(ul|li|a)\b/);
    } finally {
      await client.stop();
    }
  });
});
