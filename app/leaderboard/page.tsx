import { redirect } from 'next/navigation';

/** The leaderboards start at Tezos Pole's; each board links to the others. */
export default function Page() {
  redirect('/leaderboard/pole');
}
