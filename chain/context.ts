/**
 * The only place a Taquito toolkit is made (ARCHITECTURE.md, "Chain"): a network's node RPC, and who signs — a
 * secret key (a devnet account, the bank, a bot's wallet), a signer already made, a wallet (Beacon), or nobody for
 * reads. Every other module receives the toolkit it works with. Browser code imports this module lazily, so
 * Taquito weighs on no page's first load.
 */
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit, type Signer, type WalletProvider } from '@taquito/taquito';

/** Who signs the operations a toolkit sends (null: a read-only toolkit). */
export type Signing =
  { readonly secretKey: string } | { readonly signer: Signer } | { readonly wallet: WalletProvider } | null;

/** A toolkit on the node at `rpcUrl`, signing as `signing` says. */
export function tezosToolkit(rpcUrl: string, signing: Signing = null): TezosToolkit {
  const tezos = new TezosToolkit(rpcUrl);
  if (signing === null) return tezos;
  if ('secretKey' in signing) tezos.setSignerProvider(new InMemorySigner(signing.secretKey));
  else if ('signer' in signing) tezos.setSignerProvider(signing.signer);
  else tezos.setWalletProvider(signing.wallet);
  return tezos;
}
