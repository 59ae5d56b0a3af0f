/**
 * A tiny browser stand-in for API tests: keeps cookies, sends the Origin a browser would send,
 * and does not follow redirects unless asked, so tests can check every hop.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = baseUrl,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    const sameSite = new URL(url).origin === new URL(this.baseUrl).origin;
    if (sameSite && this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    if (this.origin && init.method && init.method !== 'GET' && !headers.has('origin')) {
      headers.set('origin', this.origin);
    }
    const response = await fetch(url, { redirect: 'manual', ...init, headers });
    if (sameSite) this.remember(response);
    return response;
  }

  get(path: string, init: RequestInit = {}) {
    return this.request(path, { ...init, method: 'GET' });
  }

  post(path: string, body?: unknown, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (body !== undefined && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    return this.request(path, {
      ...init,
      method: 'POST',
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** Follows redirects on our own origin (and any origin given), like a browser would. */
  async follow(response: Response, maxHops = 10): Promise<Response> {
    let current = response;
    for (let hop = 0; hop < maxHops && current.status >= 300 && current.status < 400; hop++) {
      const location = current.headers.get('location');
      if (!location) break;
      current = await this.get(new URL(location, current.url || this.baseUrl).toString());
    }
    return current;
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
