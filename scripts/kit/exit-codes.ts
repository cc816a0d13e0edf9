// The exit codes of the owner commands, as one table: every command returns one of these (its
// help says which), and runMain sets it as the process's exit code.

export const EXIT = {
  /** Done: the help printed, the run finished, the page published, the plan made. */
  ok: 0,
  /** The work failed or the answer is no: a page rejected, the bucket or CDN failing, anything unexpected. */
  failed: 1,
  /** A bad argument, config, topic or setting: the command line or the config needs fixing. */
  usage: 2,
  /** Refused: a root or store that cannot be used, a missing build, the deploy's delete guard. */
  refused: 3,
  /** npm run deploy: the build holds only what changed and the bucket lacks the rest. */
  partialBuild: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
