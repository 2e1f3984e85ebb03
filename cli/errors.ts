/**
 * A user-facing error: bad arguments or input files. The CLI prints its
 * message (no stack) and exits with code 2 before writing anything.
 */
export class CliError extends Error {
  override readonly name = "CliError";
}
