import { Liquid } from 'liquidjs';
import { clipText } from '../../platform/clip-text.ts';

/** Longest template accepted, and longest text a render gives (longer output is cut, marked). */
export const MAX_TEMPLATE_CHARS = 10_000;
export const MAX_RENDERED_CHARS = 8_000;

/**
 * Liquid with nothing but the template and its variables: no file system (`include`, `render` and
 * `layout` find no template), unknown filters refused when parsed, properties of the variables'
 * own only, and each render bounded in time and in the memory it may build.
 */
const engine = new Liquid({
  templates: {},
  relativeReference: false,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: MAX_TEMPLATE_CHARS,
  // Wall time, not CPU time: a process descheduled on a loaded machine (the test suite runs three
  // workers on two cores) lost good renders at 200 ms; a runaway loop is still cut off within 1 s.
  renderLimit: 1000,
  memoryLimit: 1_000_000,
  timezoneOffset: 0,
});

type Parsed = ReturnType<Liquid['parse']>;

/** Why a template does not parse, with where (1-based). */
export interface TemplateProblem {
  message: string;
  line: number;
  column: number;
}

const cache = new Map<string, Parsed>();
const CACHE_SIZE = 500;

function parsed(source: string): Parsed {
  const hit = cache.get(source);
  if (hit) return hit;
  const templates = engine.parse(source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(source, templates);
  return templates;
}

/** Null when `source` parses; else what is wrong and where. */
export function templateProblem(source: string): TemplateProblem | null {
  if (source.length > MAX_TEMPLATE_CHARS)
    return { message: `longer than ${MAX_TEMPLATE_CHARS} characters`, line: 1, column: 1 };
  try {
    parsed(source);
    return null;
  } catch (err) {
    const position = (err as { token?: { getPosition?: () => number[] } }).token?.getPosition?.() ?? [];
    const message = (err instanceof Error ? err.message : String(err)).replace(/, line:\d+, col:\d+$/, '');
    return { message, line: position[0] ?? 1, column: position[1] ?? 1 };
  }
}

/**
 * Renders `source` with `variables`; a failure (a limit, a bad filter argument) throws. At once,
 * not awaited: the time limit then counts this render alone, not the other work of a busy process
 * that an asynchronous render would yield to (which failed good templates under load).
 */
export function renderTemplate(source: string, variables: Record<string, unknown>): string {
  const text = String(engine.renderSync(parsed(source), variables));
  return text.length > MAX_RENDERED_CHARS ? `${clipText(text, MAX_RENDERED_CHARS - 1)}…` : text;
}
