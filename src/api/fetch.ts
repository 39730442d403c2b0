import { matchRoute } from '../operations.js';
import { DplintValidationError } from './error.js';
import { validateRequest, type ValidateOptions, type ValidationFinding } from './validate.js';

/** Options of {@link withValidation}. */
export interface WithValidationOptions extends ValidateOptions {
  /**
   * The API's `{base_url}` (spec: "the service address of the environment where the account
   * lives"), e.g. `https://api.example.com`; with a path, only requests under it are the API's.
   */
  baseUrl: string;
  /** The API's `{alt_base_url}`, the alternate cloud environment's address, where clusters are started, viewed and cloned. */
  altBaseUrl?: string;
  /**
   * `throw` (the default): an invalid request is not sent and the call rejects with a
   * {@link DplintValidationError}. `log`: the request is sent anyway, after `onInvalid`.
   */
  mode?: 'throw' | 'log';
  /**
   * Called for every invalid request before it is refused (`throw`) or sent (`log`);
   * by default, in `log` mode, `console.warn(error.message)`.
   */
  onInvalid?: (error: DplintValidationError, request: { method: string; url: string }) => void;
}

/** Any function shaped like `fetch`; the wrapper keeps its exact type. */
type FetchLike = (input: any, init?: any) => Promise<unknown>;

interface RequestLike {
  url: string;
  method: string;
  clone(): { text(): Promise<string> };
}

/**
 * Wraps `fetch` so that every request to a route of the API is validated before it leaves: a
 * request is the API's when its URL is under `baseUrl` or `altBaseUrl`, and the method and the
 * path after the base give the operation (the Airflow edit the spec shows, `POST
 * /api/v1.3/clusters/<id>`, is edit-cluster); the JSON body (a string in `init.body`, or a plain
 * object) is checked as {@link validateRequest} does. An invalid request rejects with a
 * {@link DplintValidationError} and is not sent (or, with `mode: 'log'`, is reported to
 * `onInvalid` and sent). Requests to any other host or path pass through untouched: a
 * `/api/v2.0/…` path on another host is not this API.
 *
 * @throws TypeError when `baseUrl` or `altBaseUrl` is not an absolute http(s) URL
 *
 * Headers are not checked: at run time `X-AUTH-TOKEN` holds the real token, which the
 * `security/plaintext-secret` rule would rightly report in a file but not here.
 *
 * @example
 * ```ts
 * import { withValidation } from 'dplint';
 *
 * const api = withValidation(fetch, { baseUrl: 'https://api.example.com', altBaseUrl: 'https://alt.example.com' });
 * await api('https://alt.example.com/api/v2.0/clusters/etl/state', { method: 'PUT', body: JSON.stringify({ state: 'stop' }) });
 * // rejects: DplintValidationError: PUT https://alt.example.com/api/v2.0/clusters/etl/state is not valid (1 error): …
 * ```
 */
export function withValidation<F extends FetchLike>(fetch: F, options: WithValidationOptions): F {
  const bases = [baseOf('baseUrl', options?.baseUrl), ...(options.altBaseUrl === undefined ? [] : [baseOf('altBaseUrl', options.altBaseUrl)])];
  const wrapped = async (input: unknown, init?: { method?: string; body?: unknown }): Promise<unknown> => {
    const request = isRequestLike(input) ? input : undefined;
    const url = request ? request.url : String(input instanceof URL ? input.href : input);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const path = apiPath(url, bases);
    if (path === undefined || !matchRoute(method, path)) return fetch(input, init);

    const rawBody = init?.body !== undefined ? init.body : request ? await request.clone().text() : undefined;
    const body = await readBody(rawBody);
    const findings: ValidationFinding[] = 'error' in body ? [{ ruleId: 'parse/syntax', severity: 'error', message: body.error, path: '/body' }] : [];
    const result = 'error' in body ? { valid: false, findings } : validateRequest({ method, url: path, body: body.value }, options);
    if (result.valid) return fetch(input, init);

    const error = new DplintValidationError(`${method} ${url}`, result.findings);
    if (options.onInvalid) options.onInvalid(error, { method, url });
    else if (options.mode === 'log') console.warn(error.message);
    if (options.mode === 'log') return fetch(input, init);
    throw error;
  };
  return wrapped as F;
}

/** A base URL as given: an absolute http(s) URL, kept as its origin and its path without a trailing slash. */
function baseOf(option: string, value: unknown): { origin: string; path: string } {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError(`withValidation: ${option} must be the API's address as an absolute http(s) URL, e.g. "https://api.example.com"; got ${JSON.stringify(value)}`);
  }
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return { origin: url.origin, path };
}

/**
 * The path and query of a request under one of the API's base URLs (`/api/v2.0/clusters/etl/state`),
 * or undefined for a request elsewhere. A relative URL is taken as a page's fetch takes it, against
 * the page's address; outside a page it is no request to the API.
 */
function apiPath(url: string, bases: ReadonlyArray<{ origin: string; path: string }>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, (globalThis as { location?: { href?: string } }).location?.href);
  } catch {
    return undefined;
  }
  for (const base of bases) {
    if (parsed.origin !== base.origin) continue;
    if (parsed.pathname !== base.path && !parsed.pathname.startsWith(base.path + '/')) continue;
    return (parsed.pathname.slice(base.path.length) || '/') + parsed.search;
  }
  return undefined;
}

function isRequestLike(value: unknown): value is RequestLike {
  return typeof value === 'object' && value !== null && typeof (value as RequestLike).url === 'string' && typeof (value as RequestLike).clone === 'function';
}

/** The body as data: JSON text parsed, a plain object as it is, nothing as undefined. */
async function readBody(raw: unknown): Promise<{ value: unknown } | { error: string }> {
  if (raw === undefined || raw === null || raw === '') return { value: undefined };
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (raw instanceof ArrayBuffer || ArrayBuffer.isView(raw)) text = new TextDecoder().decode(raw);
  else if (typeof Blob !== 'undefined' && raw instanceof Blob) text = await raw.text();
  else if (isPlainObject(raw) || Array.isArray(raw)) return { value: raw };
  else return { error: `the request body is a ${Object.prototype.toString.call(raw).slice(8, -1)}, not JSON; the API takes JSON bodies` };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `the request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
