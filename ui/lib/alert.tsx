import ui from '../styles/controls.module.css';

/** A problem to show (a refusal, a read that failed), announced when it appears; nothing while there is none. */
export function Alert({ problem }: { readonly problem: string | null | undefined }) {
  return problem ? (
    <p className={ui.alert} role="alert">
      {problem}
    </p>
  ) : null;
}
