import { SEAT_NAME_MAX, seatNameLength } from '../../engine/core';
import { seatColor, seatInitial } from '../lib/seats';
import ui from '../styles/controls.module.css';
import styles from './seat-name-note.module.css';

/** From this length on a name's row counts its characters, so nobody types past the limit unawares. */
const COUNT_FROM = SEAT_NAME_MAX - 8;

/** The id the seat's name input is described by, when its row shows a note (`seatNameNoteShown`). */
export const seatNameNoteId = (seat: number): string => `seat-name-note-${seat}`;

/** Whether the row has a note: the name nears the limit, or something is wrong with it. */
export const seatNameNoteShown = (name: string, problem: string | null): boolean =>
  problem !== null || seatNameLength(name) >= COUNT_FROM;

/**
 * Under a seat's name in the new-game forms: "18 / 24 characters" near the limit instead of an input's
 * `maxLength` that cut a pasted name without a word, and the name's problem (too long, another seat's) as soon as
 * it is typed. Each row lies in a three-column grid (pawn, name, who plays); the note takes a line of its own.
 */
export function SeatNameNote({ seat, name, problem }: { seat: number; name: string; problem: string | null }) {
  if (!seatNameNoteShown(name, problem)) return null;
  return (
    <p
      id={seatNameNoteId(seat)}
      className={problem ? `${styles.note} ${styles.problem}` : styles.note}
      aria-live="polite"
    >
      {problem ?? `${seatNameLength(name)} / ${SEAT_NAME_MAX} characters`}
    </p>
  );
}

/**
 * One seat's row in a new-game form: its colour and initial, its name (a blank one shows `placeholder`, the seat's
 * default) with its note, and between them what plays the seat (`children`, a select).
 */
export function SeatRow({
  seat,
  name,
  placeholder,
  label,
  problem,
  onName,
  children,
}: {
  seat: number;
  name: string;
  placeholder: string | undefined;
  /** The name input's accessible name. */
  label: string;
  problem: string | null;
  onName: (name: string) => void;
  children: React.ReactNode;
}) {
  return (
    <li className={ui.seatRow} style={{ '--seat': seatColor(seat) } as React.CSSProperties}>
      <span className={ui.playerPawn} aria-hidden="true">
        {seatInitial(name.trim() || placeholder)}
      </span>
      <input
        type="text"
        value={name}
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={problem !== null}
        aria-describedby={seatNameNoteShown(name, problem) ? seatNameNoteId(seat) : undefined}
        onChange={(e) => onName(e.target.value)}
      />
      {children}
      <SeatNameNote seat={seat} name={name} problem={problem} />
    </li>
  );
}
