import ui from '../styles/controls.module.css';
import styles from './players.module.css';

/** A players' page the server refused (a bad address, a bad page): its title, the server's own words, ways on. */
export function ProblemPanel({ title, problem, back }: { title: string; problem: string; back?: React.ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="problem-heading" data-testid="players-problem">
      <h1 id="problem-heading">{title}</h1>
      <p className={ui.alert} role="alert">
        {problem}
      </p>
      <p>
        {back ?? (
          <>
            <a href="/leaderboard">The leaderboards</a> · <a href="/">Back to the games</a>
          </>
        )}
      </p>
    </section>
  );
}
