export {
  WalletProvider,
  useWallet,
  type SignInChoice,
  type WalletContextValue,
  type WalletStatus,
} from './wallet-context';
export { WalletError, type ChainConfig } from './wallet-api';
export type { WalletCall } from './wallets';
