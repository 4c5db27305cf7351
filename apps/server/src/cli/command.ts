/**
 * One `folio` sub-command (`folio <name> ...`). Each lives in `cli/commands/<name>.ts` and exports
 * `command`; `cli/main.ts` lists them. `run` gets the arguments after the name and returns the exit code.
 */
export interface CliCommand {
  name: string;
  /** One line for `folio --help`. */
  summary: string;
  /** The full `folio <name> --help` text. */
  usage: string;
  run(args: string[]): Promise<number>;
}
