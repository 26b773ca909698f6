/**
 * The chain as an indexer that trails the node sees it: each block appears `lag` seconds after the node baked it,
 * as real TzKT shows a block a second or two after the node has it. Until then its head, its blocks and
 * every account and big_map are those of the last block shown (the chain's context after it), so a TzKT index over
 * this view answers `/v1/head`, balances, tokens, transfers and operations all as of that lagged level.
 *
 * The lag is in seconds, not blocks: a devnet that bakes on injection (block time 0) makes a block only when an
 * operation comes, so a lag of N blocks would hide the last operation until N more arrived; a time lag is also what
 * a client of real TzKT waits out.
 */
import type { BlockView, ChainView } from './chain-view';
import type { Chain } from './local-chain';

export class LaggedView implements ChainView {
  readonly chainId: string;
  private shown: number;
  private readonly listeners = new Set<(b: BlockView) => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly unsubscribe: () => void;

  /** `lag` in seconds (fractions allowed); blocks the chain already has are shown at once. */
  constructor(
    private readonly chain: Chain,
    lag: number,
  ) {
    this.chainId = chain.chainId;
    this.shown = chain.headBlock().level;
    this.unsubscribe = chain.onBlock((b) => {
      // Equal delays fire in the order they were set, so blocks are shown in order.
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.showUpTo(b.level);
      }, lag * 1000);
      this.timers.add(t);
    });
  }

  /** Stops following the chain (blocks not shown yet stay hidden). */
  close(): void {
    this.unsubscribe();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private showUpTo(level: number): void {
    while (this.shown < level) {
      const b = this.chain.block(this.shown + 1);
      if (!b) return;
      // The head moves before the listeners hear of the block: the indexer takes it as its live head.
      this.shown = b.level;
      for (const l of this.listeners) l(b);
    }
  }

  head(): BlockView {
    return this.chain.block(this.shown)!;
  }

  block(level: number): BlockView | undefined {
    return level <= this.shown ? this.chain.block(level) : undefined;
  }

  accounts(): ReturnType<ChainView['accounts']> {
    return this.chain.viewAt(this.shown).accounts();
  }

  account(address: string): ReturnType<ChainView['account']> {
    return this.chain.viewAt(this.shown).account(address);
  }

  bigMap(id: bigint): ReturnType<ChainView['bigMap']> {
    return this.chain.viewAt(this.shown).bigMap(id);
  }

  bigMaps(): ReturnType<ChainView['bigMaps']> {
    return this.chain.viewAt(this.shown).bigMaps();
  }

  onBlock(listener: (b: BlockView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
