import { ApiError } from './client.ts';

/** One entry of a `validation_failed` answer's `details`: where the request was wrong, and why. */
interface FieldProblem {
  path: string;
  message: string;
}

const isProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).path === 'string' &&
  typeof (value as FieldProblem).message === 'string';

/** Where a request carries its fields: a detail's path starts with one of these. */
const LOCATIONS = ['body.', 'query.', 'params.'];

/** Whether a detail's path (`body.config.base_url`) is about the field `name` (`config.base_url`) or inside it. */
function isAbout(path: string, name: string): boolean {
  const location = LOCATIONS.find((l) => path.startsWith(l));
  const field = location ? path.slice(location.length) : path;
  return field === name || field.startsWith(`${name}.`);
}

/**
 * What the server said of one field of a refused request: the messages of a `validation_failed`
 * error's details (`[{path, message}]`) about the field `name` (as the request names it:
 * `content`, `config.base_url`) or something inside it (`routes` for `body.routes.0.channel`),
 * joined; undefined for any other error, or none about this field.
 */
export function fieldProblem(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !Array.isArray(error.details))
    return undefined;
  const messages = error.details.filter(isProblem).filter((d) => isAbout(d.path, name));
  return messages.length > 0 ? messages.map((d) => d.message).join('; ') : undefined;
}
