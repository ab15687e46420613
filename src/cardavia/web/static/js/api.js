// The JSON API of docs/web-contract.md. Tokens live in localStorage (cardavia.token.<id>).

export class ApiError extends Error {
  // ``retryAfter``: the seconds of a 429 or 503's Retry-After header, else null.
  constructor(status, detail, retryAfter = null) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }
}

const tokenKey = (id) => `cardavia.token.${id}`;

export function savedToken(id) {
  try {
    return localStorage.getItem(tokenKey(id));
  } catch {
    return null;
  }
}

function saveToken(id, token) {
  try {
    localStorage.setItem(tokenKey(id), token);
  } catch {
    // Without storage the match lasts as long as the tab.
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers['X-Match-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, error.message);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new ApiError(
      response.status,
      data?.detail ?? null,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return data;
}

// ``options``: the game's own fields of the request (Bridge: ``vulnerability``).
export async function createMatch(game, level, options = {}) {
  const match = await request('POST', '/api/matches', { body: { ...options, game, level } });
  saveToken(match.id, match.token);
  return match;
}

export function loadMatch(id) {
  return request('GET', `/api/matches/${encodeURIComponent(id)}`, { token: savedToken(id) });
}

export function sendAction(id, action, version) {
  return request('POST', `/api/matches/${encodeURIComponent(id)}/actions`, {
    token: savedToken(id),
    body: { action, version },
  });
}

export function fetchHint(id) {
  return request('GET', `/api/matches/${encodeURIComponent(id)}/hint`, { token: savedToken(id) });
}

// One AI decision (``quick``: skip ahead once You are out of the match).
export function advanceMatch(id, version, quick = false) {
  return request('POST', `/api/matches/${encodeURIComponent(id)}/advance`, {
    token: savedToken(id),
    body: { version, quick },
  });
}
