/** Generated source files for bench/source.ts: ordinary code, and servers whose handlers do some work. */

/** Ordinary application code: classes, functions and string literals, no tool library imported. */
export function ordinaryFile(lines: number): string {
  const out = ["import { readFile } from 'node:fs/promises';", ''];
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `export class Service${i} {`,
      `  private readonly name = 'service.${i}';`,
      `  async load(path: string): Promise<string> {`,
      `    const text = await readFile(path, 'utf8');`,
      `    return text.length > ${i} ? this.name : \`\${path}:${i}\`;`,
      '  }',
      '}',
      '',
    );
  }
  return out.slice(0, lines).join('\n');
}

const description = (i: number) =>
  `Looks up record ${i} in the inventory and returns its current state, owner and history. Use it when the user asks about item ${i}.`;

/** An MCP TypeScript SDK server: `server.registerTool(name, { description, inputSchema }, handler)` per tool. */
export function typescriptServer(tools: number): string {
  const out = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    "import { db } from './db';",
    '',
    "const server = new McpServer({ name: 'bench', version: '1.0.0' });",
    '',
  ];
  for (let i = 0; i < tools; i++) {
    out.push(
      `server.registerTool('tool_${i}', {`,
      `  title: 'Tool number ${i}',`,
      `  description: '${description(i)}',`,
      '  inputSchema: {',
      "    id: z.string().describe('The record id'),",
      '    limit: z.number().int().min(1).max(100).optional(),',
      '    verbose: z.boolean().default(false),',
      '  },',
      '}, async ({ id, limit, verbose }) => {',
      `  const rows = await db.query('select * from t${i} where id = $1 limit $2', [id, limit ?? 10]);`,
      "  return { content: [{ type: 'text', text: JSON.stringify(verbose ? rows : rows.map((r) => r.id)) }] };",
      '});',
      '',
    );
  }
  return out.join('\n');
}

/** A Python FastMCP server: one `@mcp.tool()` function per tool, its docstring the description. */
export function fastMcpServer(tools: number): string {
  const out = [
    'import json',
    'from mcp.server.fastmcp import FastMCP',
    'from .db import db',
    '',
    'mcp = FastMCP("bench")',
    '',
  ];
  for (let i = 0; i < tools; i++) {
    out.push(
      '',
      '@mcp.tool()',
      `def tool_${i}(id: str, limit: int = 10, verbose: bool = False) -> str:`,
      `    """${description(i)}"""`,
      `    rows = db.query("select * from t${i} where id = %s limit %s", (id, limit))`,
      '    return json.dumps(rows if verbose else [r["id"] for r in rows])',
      '',
    );
  }
  return out.join('\n');
}
