import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { GAMES, isGameId } from '../../../ui/lib/game-catalog';
import { rulesFor, RulesView } from '../../../ui/rules/rules-view';
import { parseTenLocale, TEN_LOCALE_COOKIE, type TenLocale } from '../../../ui/ten/ten-language';

type Props = {
  params: Promise<{ game: string }>;
  searchParams: Promise<{ [key: string]: string | string[] | undefined }>;
};

/** The language of Ten's page: `?lang=` if given, else the language chosen at Ten's table (its cookie). */
async function localeOf(searchParams: Props['searchParams']): Promise<TenLocale> {
  return (
    parseTenLocale((await searchParams).lang) ?? parseTenLocale((await cookies()).get(TEN_LOCALE_COOKIE)?.value) ?? 'en'
  );
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { game } = await params;
  if (!isGameId(game)) return { title: 'Rules' };
  return {
    title: game === 'ten' ? rulesFor(game, await localeOf(searchParams)).doc.title : `Rules of ${GAMES[game].name}`,
  };
}

/** A game's rules in plain language, each section anchored by its ruling (`/rules/pole#p5`); Ten's in English or Hungarian. */
export default async function Page({ params, searchParams }: Props) {
  const { game } = await params;
  if (!isGameId(game)) notFound();
  return <RulesView game={game} locale={await localeOf(searchParams)} />;
}
