import { GENESIS } from '../engine/pole';
export default function Page() {
  return <h1>{GENESIS.name}</h1>;
}
