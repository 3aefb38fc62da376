/**
 * docs/diagnostics.md cut into one section per code, for `toolwire explain` and the SARIF rules.
 * Pure: it takes the Markdown text, so tests read the file and the CLI embeds it (explainText.ts).
 */

interface CodeSection {
  readonly code: string;
  /** The heading as written (`wire-collision`, `` `invalid-json` ``). */
  readonly heading: string;
  /** The section's Markdown, heading excluded, trimmed. */
  readonly body: string;
}

/** A code heading: `## wire-collision` or `### \`invalid-json\``. Other headings end a section. */
const CODE_HEADING = /^#{2,3} `?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)`?\s*$/;
const ANY_HEADING = /^#{1,6} /;

export function codeSections(markdown: string): Map<string, CodeSection> {
  const sections = new Map<string, CodeSection>();
  const lines = markdown.split(/\r?\n/);
  let open: { code: string; heading: string; start: number } | undefined;
  let fenced = false;
  const close = (end: number) => {
    if (open && !sections.has(open.code))
      sections.set(open.code, {
        code: open.code,
        heading: open.heading,
        body: lines.slice(open.start, end).join('\n').trim(),
      });
    open = undefined;
  };
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !ANY_HEADING.test(line)) return;
    close(i);
    const match = CODE_HEADING.exec(line);
    if (match) open = { code: match[1]!, heading: line.replace(/^#+ /, ''), start: i + 1 };
  });
  close(lines.length);
  return sections;
}

/** The four parts every code's section must have, as the docs label them. */
interface SectionParts {
  /** The first paragraph: severity and what the code means. */
  readonly what: string | undefined;
  readonly why: string | undefined;
  /** The first fenced block. */
  readonly example: string | undefined;
  readonly fix: string | undefined;
}

export function sectionParts(body: string): SectionParts {
  const paragraphs = paragraphsOf(body);
  const labelled = (label: string) => paragraphs.find((p) => p.startsWith(`**${label}**`));
  const first = paragraphs.find((p) => /^\*\*(Error|Warning|Hint|Information)\*\*/.test(p));
  return {
    what: first,
    why: labelled('Why'),
    example: paragraphs.find((p) => /^(```|~~~)/.test(p)),
    fix: labelled('Fix'),
  };
}

/** Blank-line separated blocks; a fenced block is one block whatever it holds. */
function paragraphsOf(body: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '') {
      if (current.length > 0) out.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) out.push(current.join('\n'));
  return out;
}
