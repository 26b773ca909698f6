/** "1:05" for 65 seconds (rounded up, never below 0:00): a turn timer's or a grace period's time left. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  // A turn-based game's deadline is hours or days away: "2 d 5 h", "3 h 12 min" say it better than minutes.
  if (s >= 86_400) return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
