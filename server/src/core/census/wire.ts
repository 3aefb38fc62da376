import type { ToolDeclaration } from '../formats/model';
import type { ToolFate, WireSource } from '../model';
import { adsWireName, modelSafe, type AdsOutcome, type DerivationId } from '../wire/derivations';

export interface WireComputation {
  readonly name: string | undefined;
  readonly wireName: string | null;
  readonly source: WireSource;
  readonly fate: Extract<ToolFate, 'offered' | 'not-invocable' | 'unnamed'>;
  /** ADS only: how the invocation name came about, for the ADS checks. */
  readonly ads?: AdsOutcome;
}

/** The wire name of one tool under one derivation, before the census looks at its neighbours. */
export function computeWire(declaration: ToolDeclaration, derivation: DerivationId): WireComputation {
  const name = declaration.name.problem ? undefined : declaration.name.value;
  if (name === undefined) {
    return { name, wireName: null, source: derivationSource(derivation), fate: 'unnamed' };
  }
  switch (derivation) {
    case 'verbatim':
      return { name, wireName: name, source: 'verbatim', fate: 'offered' };
    case 'model-safe':
      return { name, wireName: modelSafe(name), source: 'model-safe', fate: 'offered' };
    case 'ads': {
      const ads = adsWireName(name, declaration);
      if (ads.kind === 'explicit')
        return { name, wireName: ads.wireName, source: 'ads-explicit', fate: 'offered', ads };
      if (ads.kind === 'derived') return { name, wireName: ads.wireName, source: 'ads-derived', fate: 'offered', ads };
      return {
        name,
        wireName: null,
        source: declaration.invocationName ? 'ads-explicit' : 'ads-derived',
        fate: 'not-invocable',
        ads,
      };
    }
  }
}

function derivationSource(derivation: DerivationId): WireSource {
  return derivation === 'ads' ? 'ads-derived' : derivation;
}
