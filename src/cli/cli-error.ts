/** A problem the CLI reports in one line and exits non-zero for (no stack trace). */
export class CliError extends Error {}
