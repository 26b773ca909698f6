import type { Clock } from '../../chain/clock';
import type { ChainGames } from '../chain/chain-games';
import type { GameStore } from '../store';
import type { Automation } from './automation';
import type { BackgroundWork } from '../background-work';
import type { Broker } from './broker';
import type { LiveGames } from './live-games';
import type { TablePresence } from './presence';
import type { SeatHolders } from './seat-holders';

/** What the host's rooms share; each room's deps pick the parts it uses. */
export interface HostShared {
  readonly store: GameStore;
  /** Time and timers. */
  readonly clock: Clock;
  /** The on-chain side (server/chain); null when this server plays no game on Tezos. */
  readonly chain: ChainGames | null;
  /** The games in memory, each with its queue. */
  readonly games: LiveGames;
  /** The open event streams. */
  readonly broker: Broker;
  /** Who is at each online table, and the graces of those who went away. */
  readonly presence: TablePresence;
  /** Bots and turn timers. */
  readonly automation: Automation;
  /** Work nobody awaits, whose failures are reported. */
  readonly background: BackgroundWork;
  /** The seats browsers and wallets hold. */
  readonly holders: SeatHolders;
  /** Whether the host has closed: a timer, a grace or a notification that comes then changes nothing. */
  readonly closed: () => boolean;
}
