import type { SchemaProblem } from '../profiles/schemaRules';
import type { SchemaPath, SchemaStep } from './schemaPaths';

/** One place in a schema, as a path sees it. */
export interface SchemaPlace {
  /** The keyword written there (`pattern`), or the one a problem names (`anyOf`, `items`). */
  readonly keyword: string;
  /** The keyword sits in the root schema, not in a nested one. */
  readonly root: boolean;
  /** The shape the extraction saw there, when it is one (`array-without-items`). */
  readonly problem?: SchemaProblem;
  /** False when the problem is a keyword's absence (`items` of an array): nothing there to strip. */
  readonly present: boolean;
}

/**
 * What one client does to one place: `sent` as written, `stripped` (lost), `rewritten` (the
 * step says whether the contract is kept), or `refused` by the client itself. `when` is set for
 * a step that holds only for some models.
 */
export interface PlaceFate {
  readonly fate: 'sent' | 'stripped' | 'rewritten' | 'refused';
  readonly step?: SchemaStep;
  readonly when?: string;
}

/**
 * The fates of a place under a path, in step order: each step for some models only (`when`)
 * that touches it, then the first that touches it for every model (or `sent`). The last entry
 * is what every other model gets.
 */
export function fatesUnder(path: SchemaPath, place: SchemaPlace): PlaceFate[] {
  const fates: PlaceFate[] = [];
  for (const step of path.steps) {
    const fate = touches(step, place);
    if (fate === undefined) continue;
    const when = 'when' in step ? step.when : undefined;
    if (when === undefined) {
      fates.push({ fate, step });
      return fates;
    }
    fates.push({ fate, step, when });
  }
  fates.push({ fate: 'sent' });
  return fates;
}

function touches(step: SchemaStep, place: SchemaPlace): PlaceFate['fate'] | undefined {
  switch (step.kind) {
    case 'strip':
      return place.present && (step.at === 'every-schema' || place.root) && step.keywords.includes(place.keyword)
        ? 'stripped'
        : undefined;
    case 'keep-only':
      return place.present && !step.keywords.includes(place.keyword) ? 'stripped' : undefined;
    case 'rewrite':
      return 'keyword' in step.of
        ? place.present && step.of.keyword === place.keyword
          ? 'rewritten'
          : undefined
        : step.of.problem === place.problem
          ? 'rewritten'
          : undefined;
    case 'inline-refs':
      return place.present && place.keyword === '$ref' ? 'rewritten' : undefined;
    case 'refuse':
      return step.problem === place.problem ? 'refused' : undefined;
    case 'add':
    case 'pass-through':
      return undefined;
  }
}

/** Whether a fate leaves the model a different contract: a lost keyword, or a rewrite that changes it. */
export function altersContract(fate: PlaceFate): boolean {
  if (fate.fate === 'stripped') return true;
  return fate.fate === 'rewritten' && fate.step?.kind === 'rewrite' && fate.step.contract === 'changed';
}
