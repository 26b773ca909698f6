'use client';

import { storeFlag, useStoredFlag } from '../lib/stored-flag';

const SOUND_KEY = 'tezos-pole:turn-sound';

/** Whether the reader turned the your-turn sound on (off until they do; remembered in this browser). */
export const useTurnSound = (): boolean => useStoredFlag(SOUND_KEY);

/** One AudioContext per page, made on the reader's click (browsers let a page make sound only after one). */
let audio: AudioContext | null = null;

function context(): AudioContext | null {
  if (typeof window.AudioContext !== 'function') return null;
  audio ??= new window.AudioContext();
  return audio;
}

/** The notes of the chime: a rising fifth, short enough not to startle (Hz, seconds from the start). */
export const CHIME = [
  { frequency: 659.25, at: 0 },
  { frequency: 987.77, at: 0.14 },
] as const;
const NOTE_SECONDS = 0.32;
const PEAK_GAIN = 0.18;

/** Plays the your-turn chime, generated (two sine notes with a soft attack and a fading tail; no sound file). */
export function playTurnChime(): void {
  const ctx = context();
  if (!ctx) return;
  // A context made before any click starts suspended; resuming asks again, and nothing plays if still refused.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  for (const note of CHIME) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = note.frequency;
    const t = start + note.at;
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(PEAK_GAIN, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + NOTE_SECONDS);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + NOTE_SECONDS + 0.02);
  }
}

/** Turns the sound on or off for this browser; turning it on plays the chime once, so the reader hears what it is. */
export function setTurnSound(on: boolean): void {
  storeFlag(SOUND_KEY, on);
  if (on) playTurnChime();
}
