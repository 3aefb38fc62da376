import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALL_CLIENT_IDS, type AnalyzedTool, type Finding } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import {
  DECLARATION_FIELDS_WITH_OFFSETS,
  SCHEMA_PLACE_FIELDS_WITH_OFFSETS,
  SCHEMA_SITE_FIELDS_WITH_OFFSETS,
  FINDING_FIELDS_WITH_OFFSETS,
  NAME_SITE_FIELDS_WITH_OFFSETS,
  OffsetWalker,
  shiftFinding,
  shiftTool,
  TOOL_FIELDS_WITH_OFFSETS,
} from '../../server/src/core/incremental/shift';
import { generate } from '../../bench/generate';
import { CORPUS, jsonTextsUnder } from './corpusFiles';
import { adsManifest, mcpList, pretty } from './helpers';

/**
 * The tool and finding shifts move only the fields their lists name (shift.ts): held to the structural walk,
 * which moves every plain `{start, end}` it finds, over generated files, hand-made ones with
 * every declaration field (ADS invocation names, parameter keys a provider rejects) and, where it
 * is on this machine, the shared corpus.
 */
function documents(): string[] {
  return [
    generate('openai-chat', 40),
    generate('ads-manifest', 40),
    generate('mcp-tools-list', 40),
    adsManifest([
      { name: 'com.example.a.b', invocationName: 'a_b', description: 'd' },
      {
        name: 'com.example.c',
        description: 'd',
        inputSchema: { type: 'object', properties: { 'bad key': { type: 'string' } }, required: ['bad key'] },
      },
    ]),
    pretty({
      model: 'm',
      tools: [
        {
          type: 'function',
          function: {
            name: 'a.b',
            parameters: {
              type: 'object',
              properties: { $top: { type: 'integer' }, 'page token': { type: 'string' } },
              required: ['$top'],
            },
          },
        },
      ],
    }),
    mcpList('a.b', 'a_b', ''),
    // Schema places: an array without items (OpenAI refuses it), keywords clients drop.
    pretty({
      tools: [
        {
          name: 's',
          inputSchema: {
            type: 'object',
            additionalProperties: false,
            properties: { tags: { type: 'array' }, q: { type: 'string', pattern: '^a', minLength: 1 } },
          },
        },
      ],
    }),
    ...jsonTextsUnder(CORPUS, 60_000).filter((_, i) => i % 11 === 0),
  ];
}

/** The structural walk's answer, or 'ambiguous' when an offset lies on the edit (both must agree on that too). */
function moved<T>(shift: () => T): T | 'ambiguous' {
  try {
    return shift();
  } catch {
    return 'ambiguous';
  }
}

/** Whether a value holds a plain `{start, end}` anywhere. */
function holdsOffsets(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsOffsets);
  const record = value as Record<string, unknown>;
  if (typeof record.start === 'number' && typeof record.end === 'number') return true;
  return Object.values(record).some(holdsOffsets);
}

describe('the shift of a tool and of a finding', () => {
  const analyses = documents().map((text) => ({
    text,
    // renamed-on-wire turned on (off by default): its findings are shifted too.
    // Every client modelled: MCP schemas keep the keyword places clients drop.
    analysis: analyze(text, {
      targets: ['openai', 'anthropic', 'gemini', 'bedrock'],
      severity: { 'renamed-on-wire': 'hint' },
      clients: { enabled: ALL_CLIENT_IDS, byDefault: true },
    }),
  }));

  it('moves what the structural walk moves, and is ambiguous where it is', () => {
    let tools = 0;
    let findings = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: analyses.length - 1 }),
        fc.nat(),
        fc.integer({ min: -3, max: 3 }),
        fc.nat({ max: 2 }),
        (d, at, delta, width) => {
          const { text, analysis } = analyses[d]!;
          const start = at % (text.length + 1);
          const oldEnd = Math.min(text.length, start + width);
          const region = { start, oldEnd, newEnd: Math.max(start, oldEnd + delta) };
          for (const tool of analysis.tools) {
            tools += 1;
            assert.deepStrictEqual(
              moved(() => shiftTool(tool, new OffsetWalker(region))),
              moved(() => new OffsetWalker(region).walk(tool)),
            );
          }
          for (const finding of analysis.findings) {
            findings += 1;
            assert.deepStrictEqual(
              moved(() => shiftFinding(finding, new OffsetWalker(region))),
              moved(() => new OffsetWalker(region).walk(finding)),
            );
          }
        },
      ),
      { numRuns: 300, seed: 3 },
    );
    assert.ok(tools > 2_000 && findings > 500, `only ${tools} tools and ${findings} findings shifted`);
  });

  it('is right that the fields it leaves alone hold no offset', () => {
    const seen = { invocationName: 0, inputSchema: 0, related: 0, fix: 0, schemaKeywords: 0, schemaIssues: 0 };
    for (const { analysis } of analyses) {
      for (const tool of analysis.tools) {
        for (const [key, holds] of Object.entries(TOOL_FIELDS_WITH_OFFSETS))
          if (!holds) assert.ok(!holdsOffsets(tool[key as keyof AnalyzedTool]), `tool.${key}`);
        const declaration = tool.declaration;
        for (const [key, holds] of Object.entries(DECLARATION_FIELDS_WITH_OFFSETS))
          if (!holds) assert.ok(!holdsOffsets(declaration[key as keyof typeof declaration]), `declaration.${key}`);
        for (const site of [declaration.name, declaration.invocationName]) {
          if (!site) continue;
          for (const [key, holds] of Object.entries(NAME_SITE_FIELDS_WITH_OFFSETS))
            if (!holds) assert.ok(!holdsOffsets(site[key as keyof typeof site]), `site.${key}`);
        }
        const schema = declaration.schema;
        if (schema) {
          for (const [key, holds] of Object.entries(SCHEMA_SITE_FIELDS_WITH_OFFSETS))
            if (!holds) assert.ok(!holdsOffsets(schema[key as keyof typeof schema]), `schema.${key}`);
          for (const place of [...schema.issues, ...(schema.keywords ?? [])])
            for (const [key, holds] of Object.entries(SCHEMA_PLACE_FIELDS_WITH_OFFSETS))
              if (!holds) assert.ok(!holdsOffsets(place[key as keyof typeof place]), `schema place.${key}`);
          seen.schemaKeywords += schema.keywords?.length ?? 0;
          seen.schemaIssues += schema.issues.length;
        }
        if (declaration.invocationName) seen.invocationName += 1;
        if (declaration.inputSchema) seen.inputSchema += 1;
      }
    }
    for (const { analysis } of analyses) {
      for (const finding of analysis.findings) {
        for (const [key, holds] of Object.entries(FINDING_FIELDS_WITH_OFFSETS))
          if (!holds) assert.ok(!holdsOffsets(finding[key as keyof Finding]), `finding.${key}`);
        if (finding.related.length > 0) seen.related += 1;
        if (finding.fix) seen.fix += 1;
      }
    }
    // The fields that hold offsets only in some formats or findings are in the documents.
    assert.ok(
      Object.values(seen).every((n) => n > 0),
      JSON.stringify(seen),
    );
  });
});
