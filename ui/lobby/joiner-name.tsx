import { SEAT_NAME_MAX } from '../../engine/core';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import styles from './lobby.module.css';

/**
 * The name a newcomer takes a seat under (the lobby's, a room link's). The server judges it as every seat's name
 * (characters as people count them, look-alikes, hidden characters); the input only bounds what is sent.
 */
export function JoinerName({ name, setName }: { name: string; setName: (name: string) => void }) {
  return (
    <label className={cx(ui.field, styles.name)}>
      <span>Your name (optional: else the seat’s)</span>
      <input
        type="text"
        value={name}
        maxLength={SEAT_NAME_MAX * 4}
        autoComplete="nickname"
        onChange={(e) => setName(e.target.value)}
      />
    </label>
  );
}
