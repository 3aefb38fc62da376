import { CODE_SUMMARIES, DOCS_BASE, docsUrl, FINDING_CODES, type FindingCode } from '../../server/src/core';
import { codeSections } from './explainDocs';
import { renderMarkdown } from './explainRender';
import { INVALID_JSON, INVALID_JSON_SUMMARY } from './inputFindings';

interface Output {
  write(text: string): unknown;
}

/** Every code `explain` knows: the core's, then the CLI's own, each with its one-line summary. */
function knownCodes(): Array<{ code: string; summary: string }> {
  return [
    ...FINDING_CODES.map((code) => ({ code, summary: CODE_SUMMARIES[code] })),
    { code: INVALID_JSON, summary: INVALID_JSON_SUMMARY },
  ];
}

/**
 * `toolwire explain CODE`: the code's section of docs/diagnostics.md (what, why, example, fix),
 * rendered for a terminal. No code lists the known ones (exit 0); an unknown one lists them on
 * stderr (exit 2, a usage error).
 */
export function runExplain(code: string | undefined, markdown: string, io: { stdout: Output; stderr: Output }): number {
  const known = knownCodes();
  const list = codeList(known);
  if (code === undefined) {
    io.stdout.write(`Usage: toolwire explain CODE\n\nCodes:\n${list}`);
    return 0;
  }
  const wanted = code.trim().toLowerCase();
  const entry = known.find((k) => k.code === wanted);
  if (!entry) {
    io.stderr.write(`toolwire: unknown code "${code}".\n\nCodes:\n${list}`);
    return 2;
  }
  const docsDir = DOCS_BASE.slice(0, DOCS_BASE.lastIndexOf('/'));
  const url = (FINDING_CODES as readonly string[]).includes(entry.code)
    ? docsUrl(entry.code as FindingCode)
    : `${DOCS_BASE}#${entry.code}`;
  const section = codeSections(markdown).get(entry.code);
  const body = section
    ? renderMarkdown(`## ${entry.code}\n\n${section.body}`, docsDir)
    : `${entry.code}\n\n${entry.summary}`;
  io.stdout.write(`${body}\n\nOnline: ${url}\n`);
  return 0;
}

function codeList(known: ReadonlyArray<{ code: string; summary: string }>): string {
  const width = Math.max(...known.map((k) => k.code.length));
  return known.map((k) => `  ${k.code.padEnd(width)}  ${k.summary}\n`).join('');
}
