import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface GitHubIdentity {
  id: number;
  login: string;
  email: string;
  verified: boolean;
}

/**
 * A local stand-in for GitHub's OAuth app flow and REST API, speaking the same protocol on
 * 127.0.0.1: /login/oauth/authorize, /login/oauth/access_token, /user and /user/emails.
 */
export async function startFakeGitHub(clientId: string, clientSecret: string) {
  let identity: GitHubIdentity = {
    id: 1,
    login: 'octocat',
    email: 'octocat@example.com',
    verified: true,
  };
  const codes = new Map<string, GitHubIdentity>();
  const tokens = new Map<string, GitHubIdentity>();
  const app = new Hono();
  app.get('/login/oauth/authorize', (c) => {
    if (c.req.query('client_id') !== clientId) return c.text('bad client', 400);
    const code = crypto.randomUUID();
    codes.set(code, identity);
    const target = new URL(c.req.query('redirect_uri') ?? '');
    target.searchParams.set('code', code);
    target.searchParams.set('state', c.req.query('state') ?? '');
    return c.redirect(target.toString(), 302);
  });
  app.post('/login/oauth/access_token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const basic = c.req.header('authorization')?.replace(/^Basic /, '');
    const [id, secret] = basic
      ? atob(basic).split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== clientId || secret !== clientSecret)
      return c.json({ error: 'incorrect_client_credentials' });
    const who = codes.get(form.get('code') ?? '');
    if (!who) return c.json({ error: 'bad_verification_code' });
    codes.delete(form.get('code') ?? '');
    const token = `gho_${crypto.randomUUID().replace(/-/g, '')}`;
    tokens.set(token, who);
    return c.json({ access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
  });
  const authed = (authorization: string | undefined) =>
    tokens.get(authorization?.replace(/^(Bearer|token) /, '') ?? '');
  app.get('/user', (c) => {
    const who = authed(c.req.header('authorization'));
    if (!who) return c.json({ message: 'Bad credentials' }, 401);
    return c.json({ id: who.id, login: who.login, name: null, avatar_url: null, email: null });
  });
  app.get('/user/emails', (c) => {
    const who = authed(c.req.header('authorization'));
    if (!who) return c.json({ message: 'Bad credentials' }, 401);
    return c.json([
      { email: who.email, primary: true, verified: who.verified, visibility: 'private' },
    ]);
  });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setIdentity(next: GitHubIdentity) {
      identity = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
