import type { AnalyzedReference } from '../model';
import { quote, type CheckContext } from './context';
import { closestName } from './similarity';

/**
 * unresolved-reference: a tool_choice / allowed name / replayed call that dispatches to nothing,
 * or (for a choice) to a tool that is not offered. A choice is an error (providers reject a
 * forced tool they were not given); a replayed call is a warning (it is history, and the tool
 * may have been removed since), but a runtime replaying it dispatches to nothing.
 */
export function checkReferences(context: CheckContext): void {
  for (const ref of context.census.references) {
    if (ref.resolution === 'runtime-tool') continue;
    const isChoice = ref.reference.kind === 'choice';
    if (ref.target !== undefined) {
      const tool = context.allTools[ref.target]!;
      if (!isChoice || tool.fate === 'offered') continue;
      context.sink.add('unresolved-reference', 'error', {
        message: `${ref.reference.label} names ${quote(ref.reference.name)}, which is ${tool.fate === 'left-out' ? 'left out of the request' : 'not invocable'}.`,
        detail:
          'The provider rejects a request that forces a tool it was not given. Fix the tool first (see its own finding).',
        range: ref.reference.range,
        pointer: ref.reference.pointer,
        related: [{ range: tool.declaration.name.range, message: `${quote(tool.name ?? '')} is ${tool.fate}` }],
        tool: ref.target,
      });
      continue;
    }
    context.sink.add('unresolved-reference', isChoice ? 'error' : 'warning', {
      ...unresolvedMessage(context, ref),
      range: ref.reference.range,
      pointer: ref.reference.pointer,
      related: [],
    });
  }
}

function unresolvedMessage(context: CheckContext, ref: AnalyzedReference): { message: string; detail: string } {
  const candidates = context.census.tools.flatMap((t) => (t.name === undefined ? [] : [t.name]));
  const suggestion = closestName(ref.reference.name, candidates);
  const hint = suggestion ? ` Did you mean ${quote(suggestion)}?` : '';
  if (ref.reference.kind === 'choice') {
    return {
      message: `${ref.reference.label} names ${quote(ref.reference.name)}, no tool of this request: the request fails.`,
      detail: `Neither a real name nor an unambiguous wire name matches it, and the provider rejects a choice of a tool it was not given.${hint}`,
    };
  }
  return {
    message: `${ref.reference.label} calls ${quote(ref.reference.name)}, no tool of this request.`,
    detail: `Replaying the conversation dispatches that call to nothing.${hint}`,
  };
}
