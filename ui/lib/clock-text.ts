/** "1:05" for 65 seconds (rounded up, never below 0:00): a turn timer's or a grace period's time left. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
