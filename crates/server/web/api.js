// The server's JSON API (/api/v1/…): one POST helper that turns every failure into an
// `ApiError` with a sentence a player can read.

export class ApiError extends Error {
  constructor(message, { status = 0, code = 'network', errors = [] } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** POSTs `body` to `/api/v1/<path>` and gives the JSON answer. Waits out one 503 (busy) for
 *  its Retry-After; `signal` cancels. */
export async function post(path, body, { signal, retry = true } = {}) {
  let response;
  try {
    response = await fetch(`/api/v1/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError('The server cannot be reached (offline?): this needs the server.');
  }
  let json = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON: a proxy's page, or the service worker's offline answer.
  }
  if (response.ok && json) return json;
  if (response.status === 503 && retry) {
    const wait = Math.min(10, Number(response.headers.get('Retry-After')) || 1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return post(path, body, { signal, retry: false });
  }
  const error = json?.error;
  if (!error) throw new ApiError('The server cannot be reached (offline?): this needs the server.', { status: response.status });
  throw new ApiError(error.message || `error ${response.status}`, {
    status: response.status,
    code: error.code,
    errors: error.errors || [],
  });
}
