/**
 * Synthetic tool files for the benchmark, shaped like real ones: descriptions, a small schema
 * per tool, and a realistic share of names that the engine has to report on (dotted names,
 * a few collisions), so the measured path includes findings and fixes, not only clean names.
 */
export type BenchShape = 'mcp-tools-list' | 'openai-chat' | 'ads-manifest';

export function toolName(i: number): string {
  if (i % 20 === 0) return `service${i % 97}.resource${i}.get`; // dotted: renamed on the wire
  if (i % 500 === 1) return `service.collide${i}`; // collides with the next one under model-safe
  if (i % 500 === 2) return `service_collide${i - 1}`;
  return `tool_${i}_${['list', 'get', 'create', 'update', 'delete'][i % 5]}`;
}

function schema(i: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      id: { type: 'string', description: `Identifier of the item (${i}).` },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      filter: { type: 'string', enum: ['all', 'open', 'closed'] },
    },
    required: ['id'],
  };
}

export function generate(shape: BenchShape, count: number): string {
  const tools = Array.from({ length: count }, (_, i) => i);
  const description = (i: number) => `Performs operation ${i} on the resource and returns the result as JSON.`;
  switch (shape) {
    case 'mcp-tools-list':
      return JSON.stringify(
        { tools: tools.map((i) => ({ name: toolName(i), description: description(i), inputSchema: schema(i) })) },
        null,
        2,
      );
    case 'openai-chat':
      return JSON.stringify(
        {
          model: 'gpt-4o',
          tools: tools.map((i) => ({
            type: 'function',
            function: { name: toolName(i), description: description(i), parameters: schema(i) },
          })),
        },
        null,
        2,
      );
    case 'ads-manifest':
      return JSON.stringify(
        {
          specVersion: '0.3.0',
          capabilities: tools.map((i) => ({
            name: `com.example.svc${i % 50}.op${i}`,
            version: '1.0.0',
            description: description(i),
            inputSchema: schema(i),
            endpoint: { transport: 'https', address: `https://example.com/${i}` },
          })),
        },
        null,
        2,
      );
  }
}

/** One collision group: every name is the same 64 characters once cut (the wire-collision worst case). */
export function generateOneGroup(count: number): string {
  return JSON.stringify(
    {
      tools: Array.from({ length: count }, (_, i) => ({
        name: `${'x'.repeat(64)}_${i}`,
        inputSchema: { type: 'object' },
      })),
    },
    null,
    2,
  );
}
