import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { mdCode, mdText, visible } from '../../server/src/features/markdown';
import { escapeHtml, toHtml } from '../../server/src/features/rich';
import { codeTexts, DANGEROUS, decodeHtml, HOSTILE_NAMES, renderMarkdown } from './renderMarkdown';

/** Strings full of the characters that matter: backticks, pipes, backslashes, breaks, brackets. */
const nasty = fc.string({
  unit: fc.constantFrom(
    '`',
    '|',
    '\\',
    '\n',
    '\r',
    ' ',
    '[',
    ']',
    '(',
    ')',
    '!',
    '#',
    '<',
    '>',
    '&',
    '*',
    '_',
    'a',
    'h',
    't',
    'p',
    ':',
    '/',
    '\u0000',
    '\u202e',
  ),
});

describe('mdCode: a code span nothing can break out of', () => {
  test('hostile names render as exactly one code element holding the name', () => {
    for (const name of HOSTILE_NAMES) {
      const html = renderMarkdown(`x ${mdCode(name)} y`);
      assert.deepEqual(codeTexts(html), [visible(name)], name);
      assert.doesNotMatch(html, DANGEROUS, name);
    }
  });

  test('any string, in a paragraph', () => {
    fc.assert(
      fc.property(nasty, (name) => {
        const html = renderMarkdown(`x ${mdCode(name)} y`);
        if (name === '') return !html.includes('<code>');
        return JSON.stringify(codeTexts(html)) === JSON.stringify([visible(name)]) && !DANGEROUS.test(html);
      }),
      { numRuns: 2000 },
    );
  });

  test('any string, in a table cell: one cell, one code element', () => {
    fc.assert(
      fc.property(nasty, (name) => {
        if (name === '') return true;
        const html = renderMarkdown(`| a | b |\n|---|---|\n| ${mdCode(name, true)} | z |\n`);
        const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
        // Renderers disagree on `\\|` in a cell (markdown-it: an escaped pipe; marked: a backslash,
        // then a cell border), so a backslash before a pipe is shown as ⟨U+005C⟩ instead.
        const shown = visible(name).replace(/\\(?=\|)/g, '⟨U+005C⟩');
        return (
          cells.length === 2 &&
          cells[1] === 'z' &&
          JSON.stringify(codeTexts(cells[0]!)) === JSON.stringify([shown]) &&
          !DANGEROUS.test(html)
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('line breaks and invisible characters are shown, not obeyed', () => {
    assert.equal(mdCode('a\nb'), '`a⟨U+000A⟩b`');
    assert.equal(visible('\u202Eevil'), '⟨U+202E⟩evil');
  });
});

describe('mdText: plain text, shown as written', () => {
  test('any string renders as its own text, with no markup and no link', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const html = renderMarkdown(`x ${mdText(text)} y`);
        const body = /^<p>([\s\S]*)<\/p>\n$/.exec(html)?.[1];
        return (
          body !== undefined && !/<[a-z]/.test(body) && decodeHtml(body) === `x ${visible(text)} y`.replace(/ +$/, '')
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('in a table cell, a pipe stays in the cell', () => {
    for (const text of HOSTILE_NAMES) {
      const html = renderMarkdown(`| a | b |\n|---|---|\n| ${mdText(text)} | z |\n`);
      const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
      assert.equal(cells.length, 2, text);
      assert.equal(decodeHtml(cells[0]!), visible(text).trim(), text);
    }
  });
});

describe('HTML escaping', () => {
  test('rich text: user parts are escaped, our code spans become <code>', () => {
    assert.equal(
      toHtml(['keeps ', { code: '<script>' }, ' and `ours`; ', { text: '"&\'' }]),
      'keeps <code>&lt;script&gt;</code> and <code>ours</code>; &quot;&amp;&#39;',
    );
    assert.equal(escapeHtml('<a href="x">&</a>'), '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
