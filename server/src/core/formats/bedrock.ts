import type { RequestBody, ToolDeclaration, ToolReference } from './model';
import { anchorRange, child, declaration, elements, pushDefined, reference, type Located } from './sites';

/**
 * Bedrock Converse: `toolConfig.tools[].toolSpec.name` (other entries such as `cachePoint` carry
 * no name); `toolConfig.toolChoice.tool.name`; replayed `messages[].content[].toolUse.name`.
 */
export function extractBedrock(request: Located | undefined, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    const spec = child(tool, 'toolSpec');
    if (spec && spec.node.type === 'object') declarations.push(declaration(tool, spec));
  }
  const references: ToolReference[] = [];
  if (request) {
    const choice = child(child(request, 'toolConfig') ?? request, 'toolChoice');
    pushDefined(
      references,
      reference(choice ? child(choice, 'tool') : undefined, 'name', 'choice', 'toolConfig.toolChoice'),
    );
    for (const [i, message] of elements(child(request, 'messages')).entries()) {
      for (const [j, block] of elements(child(message, 'content')).entries()) {
        pushDefined(
          references,
          reference(child(block, 'toolUse'), 'name', 'history', `messages[${i}].content[${j}].toolUse`),
        );
      }
    }
  }
  return {
    declarations,
    references,
    anchorRange: anchorRange(tools.node, tools.base),
    pointer: request?.pointer ?? tools.pointer,
  };
}
