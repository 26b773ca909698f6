import type { Board } from '../board';

/**
 * "Genesis", the default Tezos Pole board: 24 tiles — GO, 16 artist tiles (7 one-of-ones, 9 editions of 2–10) and
 * 7 event tiles. The two editions and the event that the rules name (Scorpion Dagger, Pipi Universel, Unusual Artist
 * Generosity) are here; every other artist and work is invented. Art is generated from the tile id. Typed data, read
 * as it is (a browser shows it without loading zod); the engine validates it when a game is set up (config.ts), and
 * test/engine/shipped-data.test.ts checks that it passes the board's schema.
 */
export const GENESIS: Board = {
  id: 'genesis',
  name: 'Genesis',
  description: 'The first Tezos Pole board: sixteen pieces, seven events, one ring.',
  tiles: [
    { kind: 'go', id: 'go', name: 'Start' },
    { kind: 'artist', id: 'morning-static', artist: 'Ines Varga', title: 'Morning Static', price: 60, multiplier: 1, editionSize: 1,
      description: 'Noise from a dead channel, painted one pixel at a time.' },
    { kind: 'artist', id: 'pipi-universel', artist: 'Pole Collective', title: 'Pipi Universel', price: 80, multiplier: 1.5, editionSize: 10,
      description: 'The edition every table ends up sharing.' },
    { kind: 'event', id: 'network-congestion', name: 'Network Congestion', text: 'Gas spikes. Roll a die: 1–3 pay 30 Tz, 4–6 pay 60 Tz.',
      effect: { kind: 'roll', branches: [
        { faces: [1, 2, 3], text: 'Pay 30 Tz.', effect: { kind: 'pay', amount: 30 } },
        { faces: [4, 5, 6], text: 'Pay 60 Tz.', effect: { kind: 'pay', amount: 60 } },
      ] } },
    { kind: 'artist', id: 'salt-flats-3', artist: 'Kojo Mensah-Ruiz', title: 'Salt Flats No. 3', price: 100, multiplier: 1, editionSize: 5,
      description: 'A horizon that refuses to end.' },
    { kind: 'artist', id: 'glass-orchard', artist: 'Lu Tamsin', title: 'Glass Orchard', price: 120, multiplier: 1.5, editionSize: 1,
      description: 'Fruit trees rendered in refracted light.' },
    { kind: 'event', id: 'unusual-artist-generosity', name: 'Unusual Artist Generosity',
      text: 'Roll a die: 6 — a free copy of the Scorpion Dagger edition; 1–5 — a free copy of the Pipi Universel edition.',
      effect: { kind: 'roll', branches: [
        { faces: [6], text: 'A free Scorpion Dagger copy.', effect: { kind: 'freeCopy', tile: 'scorpion-dagger' } },
        { faces: [1, 2, 3, 4, 5], text: 'A free Pipi Universel copy.', effect: { kind: 'freeCopy', tile: 'pipi-universel' } },
      ] } },
    { kind: 'artist', id: 'paper-moons', artist: 'Odile Brandt', title: 'Paper Moons', price: 140, multiplier: 2, editionSize: 8,
      description: 'Eight moons cut from the same sheet.' },
    { kind: 'artist', id: 'quiet-engine', artist: 'Teo Ankrah', title: 'Quiet Engine', price: 160, multiplier: 1, editionSize: 1,
      description: 'A machine that hums only when nobody looks.' },
    { kind: 'event', id: 'airdrop', name: 'Airdrop', text: 'An airdrop lands in your wallet. Collect 100 Tz.',
      effect: { kind: 'collect', amount: 100 } },
    { kind: 'artist', id: 'scorpion-dagger', artist: 'Pole Collective', title: 'Scorpion Dagger', price: 180, multiplier: 3, editionSize: 3,
      description: 'Three copies, and the table fights for each.' },
    { kind: 'artist', id: 'soft-circuitry', artist: 'Wren Halloway', title: 'Soft Circuitry', price: 200, multiplier: 1.5, editionSize: 6,
      description: 'Textile traces of a motherboard.' },
    { kind: 'event', id: 'wrong-wallet', name: 'Wrong Wallet', text: 'You signed with the wrong wallet. Go back 2 tiles.',
      effect: { kind: 'moveBy', steps: -2 } },
    { kind: 'artist', id: 'noon-procession', artist: 'Aya Kuroki', title: 'Noon Procession', price: 220, multiplier: 2, editionSize: 1,
      description: 'Shadows marching at the one hour they vanish.' },
    { kind: 'artist', id: 'fold-theory', artist: 'Benedikt Saar', title: 'Fold Theory', price: 240, multiplier: 1, editionSize: 4,
      description: 'A single sheet, folded into four arguments.' },
    { kind: 'event', id: 'collectors-dinner', name: "Collectors' Dinner", text: 'You host the dinner. Collect 20 Tz from every other player.',
      effect: { kind: 'collectFromEach', amount: 20 } },
    { kind: 'artist', id: 'harbour-block-zero', artist: 'Nia Okonjo', title: 'Harbour at Block Zero', price: 260, multiplier: 1.5, editionSize: 2,
      description: 'Boats waiting for the first block.' },
    { kind: 'artist', id: 'static-bloom', artist: 'Rafa Quintero', title: 'Static Bloom', price: 280, multiplier: 2, editionSize: 1,
      description: 'A flower grown from interference patterns.' },
    { kind: 'event', id: 'contract-audit', name: 'Contract Audit', text: 'Your collection gets audited. Pay 15 Tz for each masterpiece you hold.',
      effect: { kind: 'payPerPiece', amount: 15 } },
    { kind: 'artist', id: 'index-of-tides', artist: 'Sol Beaumont', title: 'Index of Tides', price: 300, multiplier: 3, editionSize: 1,
      description: 'A year of tides, indexed by hand.' },
    { kind: 'artist', id: 'night-ledger', artist: 'Emeka Frost', title: 'Night Ledger', price: 340, multiplier: 2, editionSize: 3,
      description: 'Every entry written after midnight.' },
    { kind: 'event', id: 'ride-the-rollup', name: 'Ride the Rollup', text: 'Advance to Start and collect the GO bonus.',
      effect: { kind: 'moveTo', tile: 'go' } },
    { kind: 'artist', id: 'cathedral-of-blocks', artist: 'Mirela Iordan', title: 'Cathedral of Blocks', price: 360, multiplier: 1.5, editionSize: 2,
      description: 'Nave and aisles stacked from hashes.' },
    { kind: 'artist', id: 'last-light-protocol', artist: 'Hana Sepúlveda', title: 'Last Light Protocol', price: 400, multiplier: 3, editionSize: 1,
      description: 'The final frame before the sun goes.' },
  ],
};
