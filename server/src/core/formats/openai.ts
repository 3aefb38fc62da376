import type { RequestBody, ToolDeclaration, ToolReference } from './model';
import { anchorRange, child, declaration, elements, pushDefined, reference, typeOf, type Located } from './sites';

/**
 * OpenAI Chat Completions: `tools[]` of `{type:"function", function:{name}}` (and custom tools
 * `{type:"custom", custom:{name}}`), legacy `functions[]` of `{name}`; `tool_choice`,
 * `function_call`, and replayed calls in `messages[]`.
 */
export function extractOpenAIChat(request: Located | undefined, tools: Located, legacy: boolean): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    if (tool.node.type !== 'object') continue;
    if (legacy) {
      declarations.push(declaration(tool, tool));
      continue;
    }
    const type = typeOf(tool);
    // Built-in tool types (web_search, file_search...) carry no name of ours; skip them.
    if (type !== undefined && type !== 'function' && type !== 'custom') continue;
    const holder = child(tool, type === 'custom' ? 'custom' : 'function');
    if (holder && holder.node.type === 'object') declarations.push(declaration(tool, holder));
    else
      declarations.push({
        ...declaration(tool, tool),
        name: { value: undefined, problem: 'absent', range: anchorRange(tool.node, tool.base), pointer: tool.pointer },
      });
  }
  return {
    declarations,
    references: request ? chatReferences(request) : [],
    anchorRange: anchorRange(tools.node, tools.base),
    pointer: request?.pointer ?? tools.pointer,
  };
}

function chatReferences(request: Located): ToolReference[] {
  const refs: ToolReference[] = [];
  const choice = child(request, 'tool_choice');
  if (choice && choice.node.type === 'object') {
    pushDefined(refs, reference(child(choice, 'function'), 'name', 'choice', 'tool_choice'));
    pushDefined(refs, reference(child(choice, 'custom'), 'name', 'choice', 'tool_choice'));
    // {type:"allowed_tools", allowed_tools:{mode, tools:[{type:"function", function:{name}}]}}
    for (const allowed of elements(child(child(choice, 'allowed_tools') ?? choice, 'tools'))) {
      pushDefined(refs, reference(child(allowed, 'function'), 'name', 'choice', 'tool_choice.allowed_tools'));
    }
  }
  pushDefined(refs, reference(child(request, 'function_call'), 'name', 'choice', 'function_call'));
  for (const [i, message] of elements(child(request, 'messages')).entries()) {
    for (const [j, call] of elements(child(message, 'tool_calls')).entries()) {
      pushDefined(refs, reference(child(call, 'function'), 'name', 'history', `messages[${i}].tool_calls[${j}]`));
    }
    pushDefined(refs, reference(child(message, 'function_call'), 'name', 'history', `messages[${i}].function_call`));
    // role "function" results name the function they answer.
    if (child(message, 'role')?.node.value === 'function') {
      pushDefined(refs, reference(message, 'name', 'history', `messages[${i}]`));
    }
  }
  return refs;
}

/**
 * OpenAI Responses: `tools[]` of `{type:"function", name}`; `tool_choice {type:"function", name}`
 * or `{type:"allowed_tools", tools:[...]}`; replayed `input[]` items `{type:"function_call", name}`.
 */
export function extractOpenAIResponses(request: Located | undefined, tools: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  for (const tool of elements(tools)) {
    if (tool.node.type !== 'object') continue;
    const type = typeOf(tool);
    if (type !== 'function' && type !== 'custom') continue;
    declarations.push(declaration(tool, tool));
  }
  const references: ToolReference[] = [];
  if (request) {
    const choice = child(request, 'tool_choice');
    if (choice && choice.node.type === 'object') {
      pushDefined(references, reference(choice, 'name', 'choice', 'tool_choice'));
      for (const allowed of elements(child(choice, 'tools'))) {
        pushDefined(references, reference(allowed, 'name', 'choice', 'tool_choice.tools'));
      }
    }
    for (const [i, item] of elements(child(request, 'input')).entries()) {
      const type = typeOf(item);
      if (type === 'function_call' || type === 'custom_tool_call') {
        pushDefined(references, reference(item, 'name', 'history', `input[${i}]`));
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
