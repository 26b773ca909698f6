import { devnetCases } from './devnet';
import { fa2GasCases, seedCases } from './fa2-gas';
import { fairCases } from './fair';
import { gameMemoryCases } from './game-memory';
import { gotopolyCases } from './gotopoly';
import { limitsCases } from './limits';
import { michelsonCases } from './michelson';
import { onlineLoadCases } from './online-load';
import { playCases } from './play';
import { poleCases } from './pole';
import { poleChainCases } from './pole-chain';
import { poleChainBrowserCases } from './pole-chain-browser';
import { bankCostCases, poleChainGameCases } from './pole-chain-game';
import { poleShadownetCases } from './pole-shadownet';
import { ratingsCases } from './ratings';
import { strongBotCases } from './strong';
import { studioLabCases } from './studio-lab';
import { tenCases } from './ten';
import type { BenchCase } from './types';

/** Every benchmark, in report order. Each area adds its list here. */
export const benchCases: readonly BenchCase[] = [
  ...poleCases,
  ...gotopolyCases,
  ...tenCases,
  ...strongBotCases,
  ...michelsonCases,
  ...devnetCases,
  ...fa2GasCases,
  ...seedCases,
  ...fairCases,
  ...poleChainCases,
  ...poleChainGameCases,
  ...bankCostCases,
  ...poleChainBrowserCases,
  ...poleShadownetCases,
  ...playCases,
  ...onlineLoadCases,
  ...studioLabCases,
  ...limitsCases,
  ...gameMemoryCases,
  ...ratingsCases,
];
