import type { Decks } from '../cards';

/**
 * G13: our own student-themed decks, 16 cards each, in the project's words. Typed data, read as it is (a browser
 * shows it without loading zod); setupGotopoly validates it against the London board when a game is set up, and
 * test/engine/shipped-data.test.ts checks that it passes the decks' schema.
 */
export const POLY_FIED_DECKS: Decks = {
  chance: [
    {
      id: 'loan-instalment',
      text: 'Your student loan instalment clears early. Collect £50.',
      effect: { kind: 'collect', amount: 50 },
    },
    { id: 'pub-quiz', text: 'Your team wins the pub quiz. Collect £25.', effect: { kind: 'collect', amount: 25 } },
    {
      id: 'library-fine',
      text: 'That textbook was due back in March. Library fine: pay £15.',
      effect: { kind: 'pay', amount: 15 },
    },
    {
      id: 'e-scooter',
      text: 'Caught riding a hired e-scooter on the pavement. Pay £20.',
      effect: { kind: 'pay', amount: 20 },
    },
    {
      id: 'night-bus',
      text: 'Fall asleep on the night bus and wake up at Liverpool St. Station.',
      effect: { kind: 'moveTo', space: 'liverpool-street' },
    },
    { id: 'hitch-a-lift', text: 'Hitch a lift to the next station along the line.', effect: { kind: 'nextStation' } },
    {
      id: 'kings-cross',
      text: "Mum says come home this weekend. Go to King's Cross Station.",
      effect: { kind: 'moveTo', space: 'kings-cross' },
    },
    {
      id: 'protest-march',
      text: 'Join the protest march to Trafalgar Square.',
      effect: { kind: 'moveTo', space: 'trafalgar-square' },
    },
    {
      id: 'pall-mall',
      text: 'A gallery opening on Pall Mall promises free wine. Go there.',
      effect: { kind: 'moveTo', space: 'pall-mall' },
    },
    {
      id: 'lost-phone',
      text: 'You left your phone in the last pub. Go back 3 spaces.',
      effect: { kind: 'moveBy', steps: -3 },
    },
    { id: 'busking', text: 'Busking without a licence, loudly. Go to Jail.', effect: { kind: 'goToJail' } },
    {
      id: 'tutor-reference',
      text: 'Your tutor writes you a glowing character reference. Get Out Of Jail Free: keep this card until needed.',
      effect: { kind: 'jailFree' },
    },
    {
      id: 'railcard',
      text: 'Student Railcard! 40% off every rail fare home. Keep this card.',
      effect: { kind: 'railcard' },
    },
    {
      id: 'traffic-cone',
      text: 'A traffic cone follows you home. Take a RISK card.',
      effect: { kind: 'risk', count: 1 },
    },
    {
      id: 'graduation-ball',
      text: 'You gatecrash the graduation ball. Take two RISK cards.',
      effect: { kind: 'risk', count: 2 },
    },
    { id: 'fake-id', text: 'You hand in your fake ID. Return a RISK card.', effect: { kind: 'returnRisk', count: 1 } },
  ],
  chest: [
    { id: 'bursary', text: 'Hardship bursary approved. Collect £100.', effect: { kind: 'collect', amount: 100 } },
    {
      id: 'birthday-tenner',
      text: "Gran's birthday card has a tenner in it. Collect £10.",
      effect: { kind: 'collect', amount: 10 },
    },
    {
      id: 'sell-notes',
      text: "Sell last year's lecture notes to a fresher. Collect £30.",
      effect: { kind: 'collect', amount: 30 },
    },
    { id: 'union-rebate', text: "Students' union rebate. Collect £15.", effect: { kind: 'collect', amount: 15 } },
    {
      id: 'deposit-back',
      text: 'Your old landlord returns part of the deposit. Collect £20.',
      effect: { kind: 'collect', amount: 20 },
    },
    { id: 'textbooks', text: 'Set texts for the new module. Pay £50.', effect: { kind: 'pay', amount: 50 } },
    { id: 'dentist', text: 'Emergency dentist after the rugby social. Pay £25.', effect: { kind: 'pay', amount: 25 } },
    { id: 'laundrette', text: 'The laundrette ate your washing. Pay £10.', effect: { kind: 'pay', amount: 10 } },
    {
      id: 'old-kent-road',
      text: 'A house party on Old Kent Road. Go there.',
      effect: { kind: 'moveTo', space: 'old-kent-road' },
    },
    {
      id: 'marylebone',
      text: 'Book a cheap coach home from Marylebone Station. Go there.',
      effect: { kind: 'moveTo', space: 'marylebone' },
    },
    { id: 'forgot-keys', text: 'Forgot your keys. Go back 2 spaces.', effect: { kind: 'moveBy', steps: -2 } },
    { id: 'noise-complaint', text: 'The neighbours report your party. Go to Jail.', effect: { kind: 'goToJail' } },
    {
      id: 'union-lawyer',
      text: "The students' union legal adviser takes your case. Get Out Of Jail Free: keep this card until needed.",
      effect: { kind: 'jailFree' },
    },
    {
      id: 'skip-lectures',
      text: 'You skip a week of lectures to sleep in. Take a RISK card.',
      effect: { kind: 'risk', count: 1 },
    },
    {
      id: 'initiation',
      text: 'You sign up for the rugby club initiation. Take a RISK card.',
      effect: { kind: 'risk', count: 1 },
    },
    {
      id: 'community-service',
      text: 'A morning of community service clears your name. Return a RISK card.',
      effect: { kind: 'returnRisk', count: 1 },
    },
  ],
};
