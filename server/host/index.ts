export { GameHost, type GameHostOptions } from './game-host';
export { ABANDONED_AFTER_DAYS } from './moves';
export { gamePath } from './new-game';
export { getHost } from './singleton';
export {
  Broker,
  Subscription,
  formatSse,
  sseStream,
  resumeAfter,
  resumeChatAfter,
  type StreamCursor,
  type StreamItem,
} from './broker';
export { systemClock, ManualClock, type Clock } from '../../chain/clock';
export { gameKits, type GameKit, type BotKind } from './game-kits';
export { hashToken } from './tokens';
