import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../http/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
}

export type AuthedEnv = { Variables: { user: SessionUser; requestId: string } };

/** Loads the session from the request's cookie; without one the request ends with 401. */
export const requireUser =
  (auth: Auth): MiddlewareHandler<AuthedEnv> =>
  async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    c.set('user', { id: session.user.id, email: session.user.email });
    await next();
  };
