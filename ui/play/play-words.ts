'use client';

/**
 * The play page's own words around a table — its header, notices, waiting room, rematch, chat, seed and turn
 * switches — in English, and in Hungarian for Ten, whose table speaks the language its players chose (ui/ten). Plain
 * functions rather than ICU messages: these few sentences need no message runtime on every game's play page.
 */
import { createContext, useContext } from 'react';
import type { GameId } from '../../engine/core';
import type { Emote } from '../../server/protocol';
import { listNames } from '../lib/seats';
import { placeOf } from '../players/rating-words';
import type { ConnectionStatus } from './game-client';

export type PlayLocale = 'en' | 'hu';

export interface PlayWords {
  readonly locale: PlayLocale;
  /** Names in a sentence: "Ada, Bao and Cleo". */
  readonly list: (names: readonly string[]) => string;
  /** A seat by its number, counted from 1. */
  readonly seat: (n: number) => string;
  /** A game's name where it differs from the catalogue's English one. */
  readonly gameNames: Partial<Readonly<Record<GameId, string>>>;
  readonly header: {
    readonly status: Readonly<Record<ConnectionStatus, string>>;
    readonly gameOver: string;
    readonly spectating: string;
    readonly seatOf: (n: number, name: string) => string;
    readonly waitingForPlayers: string;
    readonly waitingFor: (names: string) => string;
    readonly rules: string;
    readonly takeBack: string;
    readonly leave: string;
    readonly exportRecord: string;
    readonly replay: string;
    readonly timer: (who: string | null, time: string) => string;
  };
  readonly hotSeat: {
    readonly group: string;
    readonly seat: string;
    readonly toDecide: string;
    readonly follow: string;
  };
  readonly notice: {
    readonly leaveConfirm: (name: string | null) => string;
    readonly left: string;
    readonly leaveFailed: string;
    readonly tookBack: string;
    readonly takeBackFailed: string;
    readonly exportFailed: (reason: string | null) => string;
    readonly dismiss: string;
  };
  readonly outcome: {
    readonly nobody: string;
    readonly wins: (who: string) => string;
    readonly shared: (who: string) => string;
  };
  readonly turn: {
    readonly group: string;
    readonly sound: string;
    readonly notify: string;
    readonly notifyBlocked: string;
    readonly notifyHint: string;
    readonly notification: (name: string | null) => string;
    readonly title: (game: string) => string;
  };
  readonly room: {
    readonly heading: string;
    readonly seats: string;
    readonly states: Readonly<Record<'easy' | 'normal' | 'strong' | 'here' | 'joined' | 'free', string>>;
    readonly freeSeat: string;
    readonly allTakenStarting: string;
    readonly allTaken: string;
    readonly free: (n: number, autoStart: boolean) => string;
    readonly link: string;
    readonly copy: string;
    readonly copied: string;
    readonly copyRefused: string;
    readonly fill: (n: number) => string;
    readonly start: string;
    readonly starting: string;
  };
  /** The game-over banner's line on an online game's rating (rating-result.tsx). */
  readonly rating: {
    readonly label: string;
    readonly checking: string;
    /** "Rated: your rating 12.3 → 14.1", then its change and the place ("+1.8, 1st of 2"). */
    readonly rated: (before: string, after: string) => string;
    readonly detail: (change: string, rank: number, people: number) => string;
    readonly leaver: string;
    readonly ratedOthers: (names: string) => string;
    readonly notYours: string;
    readonly notRated: (reason: string) => string;
    readonly noReason: string;
    readonly problem: (message: string) => string;
    readonly profile: string;
    readonly howItWorks: string;
    readonly signIn: string;
    readonly notRetroactive: string;
  };
  readonly rematch: {
    readonly label: string;
    readonly ask: string;
    readonly ready: string;
    readonly readyYours: string;
    readonly readyBot: string;
    readonly playAgain: string;
    readonly open: string;
    readonly join: string;
    readonly watch: string;
    readonly failed: string;
  };
  readonly chat: {
    readonly heading: string;
    readonly messages: string;
    readonly none: string;
    readonly input: string;
    readonly placeholder: string;
    readonly send: string;
    readonly emotes: string;
    readonly sendEmote: (label: string) => string;
    readonly emote: Readonly<Record<Emote, string>>;
    readonly muted: string;
    readonly spectator: string;
    readonly closed: string;
    readonly moderation: string;
    readonly mute: (name: string) => string;
    readonly unmute: (name: string) => string;
    readonly muteLine: (name: string, muted: boolean) => string;
  };
  readonly seed: {
    readonly label: string;
    readonly fairMode: string;
    readonly fairText: string;
    readonly plainMode: string;
    readonly plainText: string;
    /** Around the number of links this browser gave: before, after. */
    readonly held: readonly [string, string];
    readonly registering: string;
    readonly absent: string;
    readonly commitment: (prefix: string) => string;
    readonly hidden: string;
    readonly seed: string;
    readonly matches: string;
    readonly mismatch: string;
  };
}

const EN: PlayWords = {
  locale: 'en',
  list: listNames,
  seat: (n) => `Seat ${n}`,
  gameNames: {},
  header: {
    status: { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', closed: 'Finished' },
    gameOver: 'Game over',
    spectating: 'Spectating',
    seatOf: (n, name) => `Seat ${n} · ${name}`,
    waitingForPlayers: ' · waiting for players',
    waitingFor: (names) => ` · waiting for ${names}`,
    rules: 'Rules',
    takeBack: 'Take your seat back',
    leave: 'Leave seat',
    exportRecord: 'Export record',
    replay: 'Replay',
    timer: (who, time) => `${who ? `${who}: ` : ''}${time} left to decide`,
  },
  hotSeat: {
    group: 'Hot-seat: whose seat this device shows',
    seat: 'Seat:',
    toDecide: '(to decide)',
    follow: 'Follow whoever must decide',
  },
  notice: {
    leaveConfirm: (name) => `Leave ${name ?? 'this seat'}? A bot will play the seat for the rest of the game.`,
    left: 'You left the seat; its bot plays on.',
    leaveFailed: 'Could not leave the seat.',
    tookBack: 'Your seat is yours again: you play it from now on.',
    takeBackFailed: 'Could not take the seat back.',
    exportFailed: (reason) => (reason ? `Export failed: ${reason}` : 'Export failed.'),
    dismiss: 'Dismiss',
  },
  outcome: {
    nobody: 'The game is over: nobody won.',
    wins: (who) => `${who} wins!`,
    shared: (who) => `Shared win: ${who}`,
  },
  turn: {
    group: 'When it is your turn',
    sound: 'Sound',
    notify: 'Notify me',
    notifyBlocked: 'Notifications are blocked for this site in the browser’s settings',
    notifyHint: 'A notification when it is your turn and this tab is out of sight',
    notification: (name) => `${name ? `${name}, the` : 'The'} table is waiting for your decision.`,
    title: (game) => `● Your turn · ${game}`,
  },
  room: {
    heading: 'Waiting for players',
    seats: 'Seats',
    states: {
      easy: 'easy bot',
      normal: 'normal bot',
      strong: 'strong bot',
      here: 'here',
      joined: 'joined, away',
      free: 'free seat',
    },
    freeSeat: 'free',
    allTakenStarting: 'Every seat is taken: the game is starting.',
    allTaken: 'Every seat is taken: the host can start the game.',
    free: (n, autoStart) =>
      `${n} ${n === 1 ? 'seat is' : 'seats are'} free. ${
        autoStart ? 'The game starts by itself once every seat is taken' : 'The host starts the game'
      }; nothing moves before.`,
    link: 'Room link: whoever opens it picks a free seat',
    copy: 'Copy',
    copied: 'Copied',
    copyRefused: 'Copying was refused by the browser: select the link and copy it.',
    fill: (n) => `Fill the ${n === 1 ? 'free seat' : `${n} free seats`} with bots`,
    start: 'Start the game',
    starting: 'Starting…',
  },
  rating: {
    label: 'Rating',
    checking: 'Checking whether this game was rated…',
    rated: (before, after) => `Rated: your rating ${before} → ${after}`,
    detail: (change, rank, people) => `${change}, ${placeOf(rank, people)}`,
    leaver: 'you left, so you are ranked last',
    ratedOthers: (names) => `Rated: the ratings of ${names} changed.`,
    notYours:
      'Your seat was not rated: a game rates the people whose wallets were signed in at their seats when it started.',
    notRated: (reason) => `Not rated: ${reason}.`,
    noReason: 'this game does not count for ratings',
    problem: (message) => `The game’s rating could not be read: ${message}`,
    profile: 'Your profile',
    howItWorks: 'How ratings work',
    signIn: 'Sign in to have your next games rated',
    notRetroactive:
      'Signing in now does not rate this game: a game counts for the people signed in at their seats when it starts.',
  },
  rematch: {
    label: 'Rematch',
    ask: 'Another round with the same table?',
    ready: 'A rematch is ready.',
    readyYours: 'A rematch is ready: same seats, options and board, new dice.',
    readyBot: 'A rematch is ready; your seat left this game, so its bot plays it there.',
    playAgain: 'Play again',
    open: 'Open the rematch',
    join: 'Join the rematch',
    watch: 'Watch the rematch',
    failed: 'The rematch could not be joined.',
  },
  chat: {
    heading: 'Chat',
    messages: 'Chat messages',
    none: 'No messages yet.',
    input: 'Message to the table',
    placeholder: 'Say something to the table',
    send: 'Send',
    emotes: 'Emotes',
    sendEmote: (label) => `Send emote: ${label}`,
    emote: { wave: 'Hello', gg: 'Good game', laugh: 'Laugh', wow: 'Wow', think: 'Thinking', oops: 'Oops' },
    muted: "The game's host has muted your chat.",
    spectator: 'Spectators read the chat; only the seats can post.',
    closed: 'The chat is closed.',
    moderation: 'Mute seats (you host this game)',
    mute: (name) => `Mute ${name}`,
    unmute: (name) => `Unmute ${name}`,
    muteLine: (name, muted) => `The host ${muted ? 'muted' : 'unmuted'} ${name}.`,
  },
  seed: {
    label: 'Seed',
    fairMode: 'Provably fair',
    fairText:
      ': the server committed to its seed before the first move, and every roll mixes the seed with the acting player’s link from a chain their browser registered, so neither the host nor a player could choose one.',
    plainMode: 'Plain seed',
    plainText: ': the host knows every roll (a hot-seat or bot game, or a seed its creator typed).',
    held: ['Your rolls mix in your browser’s links: ', ' given.'],
    registering:
      'Your browser is registering its chain for your seat; until the server has it, your rolls are the host’s alone.',
    absent: 'This browser holds no chain for your seat: your rolls are the host’s alone.',
    commitment: (prefix) => `Seed commitment (SHA-256 of “${prefix}” and the seed): `,
    hidden: 'The seed is revealed when the game ends: it fixes every roll and draw, so nobody may know it before.',
    seed: 'Seed: ',
    matches: 'it matches the commitment shown during the game.',
    mismatch: 'it does not match the commitment.',
  },
};

const huList = new Intl.ListFormat('hu', { type: 'conjunction' });

/** Ten's Hungarian, in the words its table uses (ui/ten/messages/hu.ts): hely, bot, játékos, néző. */
const HU: PlayWords = {
  locale: 'hu',
  list: (names) => huList.format(names),
  seat: (n) => `${n}. hely`,
  gameNames: { ten: 'Tízes' },
  header: {
    status: { connecting: 'Kapcsolódás…', live: 'Élő', reconnecting: 'Újrakapcsolódás…', closed: 'Befejeződött' },
    gameOver: 'Vége a játéknak',
    spectating: 'Nézőként',
    seatOf: (n, name) => `${n}. hely · ${name}`,
    waitingForPlayers: ' · várakozás a játékosokra',
    waitingFor: (names) => ` · várakozás: ${names}`,
    rules: 'Szabályok',
    takeBack: 'Visszaveszem a helyem',
    leave: 'Elhagyom a helyem',
    exportRecord: 'Jegyzőkönyv letöltése',
    replay: 'Visszajátszás',
    timer: (who, time) => `${who ? `${who}: ` : ''}${time} van hátra a döntésig`,
  },
  hotSeat: {
    group: 'Egy eszközön: kinek a helyét mutatja',
    seat: 'Hely:',
    toDecide: '(dönt)',
    follow: 'Mindig azt mutassa, aki dönt',
  },
  notice: {
    leaveConfirm: (name) =>
      `Elhagyod ${name ? `ezt a helyet: ${name}` : 'ezt a helyet'}? A játék végéig egy bot játszik helyetted.`,
    left: 'Elhagytad a helyed; a botja játszik tovább.',
    leaveFailed: 'Nem sikerült elhagyni a helyet.',
    tookBack: 'A helyed újra a tiéd: mostantól te játszol.',
    takeBackFailed: 'Nem sikerült visszavenni a helyet.',
    exportFailed: (reason) => (reason ? `A letöltés nem sikerült: ${reason}` : 'A letöltés nem sikerült.'),
    dismiss: 'Bezárás',
  },
  outcome: {
    nobody: 'Vége a játéknak: senki sem nyert.',
    wins: (who) => `Győztes: ${who}!`,
    shared: (who) => `Megosztott győzelem: ${who}`,
  },
  turn: {
    group: 'Amikor te következel',
    sound: 'Hang',
    notify: 'Értesítés',
    notifyBlocked: 'A böngésző beállításai tiltják az értesítéseket ezen az oldalon',
    notifyHint: 'Értesítés, amikor te következel, és ez a lap nem látszik',
    notification: (name) => `${name ? `${name}, a` : 'A'} asztal a döntésedre vár.`,
    title: (game) => `● Te következel · ${game}`,
  },
  room: {
    heading: 'Várakozás a játékosokra',
    seats: 'Helyek',
    states: {
      easy: 'könnyű bot',
      normal: 'közepes bot',
      strong: 'erős bot',
      here: 'itt van',
      joined: 'csatlakozott, távol',
      free: 'szabad hely',
    },
    freeSeat: 'szabad',
    allTakenStarting: 'Minden hely foglalt: a játék indul.',
    allTaken: 'Minden hely foglalt: a házigazda elindíthatja a játékot.',
    free: (n, autoStart) =>
      `${n} hely szabad. ${
        autoStart ? 'A játék magától indul, amint minden hely foglalt' : 'A játékot a házigazda indítja'
      }; addig semmi sem történik.`,
    link: 'A szoba linkje: aki megnyitja, szabad helyet választ',
    copy: 'Másolás',
    copied: 'Kimásolva',
    copyRefused: 'A böngésző nem engedte a másolást: jelöld ki a linket, és másold ki.',
    fill: (n) => (n === 1 ? 'A szabad helyen bot játsszon' : `A ${n} szabad helyen botok játsszanak`),
    start: 'A játék indítása',
    starting: 'Indul…',
  },
  rating: {
    label: 'Pontszám',
    checking: 'Ellenőrizzük, hogy ez a játék számít-e a pontszámba…',
    rated: (before, after) => `Értékelt játék: a pontszámod ${before} → ${after}`,
    detail: (change, rank, people) => `${change}, ${rank}. hely ${people} közül`,
    leaver: 'elhagytad a játékot, ezért az utolsó helyre kerültél',
    ratedOthers: (names) => `Értékelt játék: ${names} pontszáma változott.`,
    notYours:
      'A helyed nem kapott pontszámot: egy játék azokat értékeli, akiknek a tárcája be volt jelentkezve a helyükön, amikor elkezdődött.',
    notRated: (reason) => `Nem értékelt játék: ${reason}.`,
    noReason: 'ez a játék nem számít a pontszámba',
    problem: (message) => `A játék értékelését nem sikerült betölteni: ${message}`,
    profile: 'A profilod',
    howItWorks: 'Hogyan működik a pontszám',
    signIn: 'Jelentkezz be, hogy a következő játékaid számítsanak',
    notRetroactive:
      'A mostani bejelentkezés ezt a játékot nem teszi értékeltté: egy játék azoknak számít, akik a kezdéskor be voltak jelentkezve a helyükön.',
  },
  rematch: {
    label: 'Visszavágó',
    ask: 'Még egy kör ugyanezzel az asztallal?',
    ready: 'Kész a visszavágó.',
    readyYours: 'Kész a visszavágó: ugyanazok a helyek és beállítások, új keverés.',
    readyBot: 'Kész a visszavágó; a helyed elhagyta ezt a játékot, így ott a botja játszik.',
    playAgain: 'Még egy játék',
    open: 'A visszavágó megnyitása',
    join: 'Beszállok a visszavágóba',
    watch: 'A visszavágó nézése',
    failed: 'Nem sikerült beszállni a visszavágóba.',
  },
  chat: {
    heading: 'Csevegés',
    messages: 'Üzenetek',
    none: 'Még nincs üzenet.',
    input: 'Üzenet az asztalnak',
    placeholder: 'Írj valamit az asztalnak',
    send: 'Küldés',
    emotes: 'Hangulatjelek',
    sendEmote: (label) => `Hangulatjel küldése: ${label}`,
    emote: { wave: 'Szia', gg: 'Jó játék volt', laugh: 'Nevetés', wow: 'Hűha', think: 'Gondolkodom', oops: 'Hoppá' },
    muted: 'A házigazda elnémította a csevegésedet.',
    spectator: 'A nézők olvashatják a csevegést; írni csak a játékosok tudnak.',
    closed: 'A csevegés lezárult.',
    moderation: 'Helyek elnémítása (te vagy a házigazda)',
    mute: (name) => `${name} elnémítása`,
    unmute: (name) => `${name} némításának feloldása`,
    muteLine: (name, muted) => `A házigazda ${muted ? 'elnémította' : 'feloldotta a némítását'}: ${name}.`,
  },
  seed: {
    label: 'Mag',
    fairMode: 'Bizonyíthatóan tisztességes',
    fairText:
      ': a szerver az első lépés előtt elkötelezte magát a magja mellett, és minden dobás a magot a soron lévő játékos láncszemével keveri, amelyet a böngészője regisztrált, így sem a házigazda, sem egy játékos nem választhatja meg.',
    plainMode: 'Egyszerű mag',
    plainText: ': a házigazda minden dobást ismer (egy eszközös vagy botos játék, vagy a létrehozója által beírt mag).',
    held: ['A dobásaidba a böngésződ láncszemei is belekeverednek: ', ' megadva.'],
    registering:
      'A böngésződ most regisztrálja a láncát a helyedhez; amíg a szerverhez nem ér, a dobásaidat a házigazda magja dönti el.',
    absent: 'Ebben a böngészőben nincs lánc a helyedhez: a dobásaidat a házigazda magja dönti el.',
    commitment: (prefix) => `A mag lenyomata (a „${prefix}” és a mag SHA-256-ja): `,
    hidden: 'A mag a játék végén derül ki: minden dobást és húzást meghatároz, ezért előtte senki sem ismerheti.',
    seed: 'Mag: ',
    matches: 'egyezik a játék alatt mutatott lenyomattal.',
    mismatch: 'nem egyezik a lenyomattal.',
  },
};

export const PLAY_WORDS: Readonly<Record<PlayLocale, PlayWords>> = { en: EN, hu: HU };

/** The words of the table the page shows (English unless a table says otherwise: Ten in Hungarian). */
export const PlayWordsContext = createContext<PlayWords>(EN);

export const usePlayWords = (): PlayWords => useContext(PlayWordsContext);
