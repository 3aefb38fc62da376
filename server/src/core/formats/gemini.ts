import type { RequestBody, ToolDeclaration, ToolReference } from './model';
import {
  anchorRange,
  child,
  childOf,
  declaration,
  elements,
  pushDefined,
  reference,
  referenceAt,
  type Located,
} from './sites';

export const FUNCTION_DECLARATIONS = ['functionDeclarations', 'function_declarations'] as const;

/**
 * Gemini: `tools[].functionDeclarations[]` (REST accepts snake_case too);
 * `toolConfig.functionCallingConfig.allowedFunctionNames`; replayed
 * `contents[].parts[].functionCall.name` and `functionResponse.name`.
 */
export function extractGemini(request: Located | undefined, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    for (const fn of elements(childOf(tool, FUNCTION_DECLARATIONS))) {
      if (fn.node.type === 'object') declarations.push(declaration(fn, fn));
    }
  }
  const references: ToolReference[] = [];
  if (request) {
    const config = childOf(request, ['toolConfig', 'tool_config']);
    const calling = config ? childOf(config, ['functionCallingConfig', 'function_calling_config']) : undefined;
    const allowed = calling ? childOf(calling, ['allowedFunctionNames', 'allowed_function_names']) : undefined;
    for (const name of elements(allowed)) pushDefined(references, referenceAt(name, 'choice', 'allowedFunctionNames'));
    for (const [i, content] of elements(child(request, 'contents')).entries()) {
      for (const [j, part] of elements(child(content, 'parts')).entries()) {
        const label = `contents[${i}].parts[${j}]`;
        pushDefined(references, reference(childOf(part, ['functionCall', 'function_call']), 'name', 'history', label));
        pushDefined(
          references,
          reference(childOf(part, ['functionResponse', 'function_response']), 'name', 'history', label),
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
