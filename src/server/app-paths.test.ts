import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, PAGE_MODULES } from '../core/app-paths';

/** The server's list of the app's pages (404 for others) is the client router's. */
describe('the app’s pages', () => {
  it('are the router’s paths', () => {
    const router = fs.readFileSync(path.join(__dirname, '../web/app/router.tsx'), 'utf8');
    const paths = [...router.matchAll(/path: '([^']+)'/g)].map((match) => match[1]);
    expect(paths.filter((item) => item !== '*')).toEqual([...APP_PATHS]);
  });

  it('name the module the router loads for each page', () => {
    const router = fs.readFileSync(path.join(__dirname, '../web/app/router.tsx'), 'utf8');
    const lazy = Object.fromEntries(
      [...router.matchAll(/path: '([^']+)', lazy: \(\) => import\('\.\/routes\/([^']+)'\)/g)].map(
        (match) => [match[1], `app/routes/${match[2]}.tsx`],
      ),
    );
    expect(Object.keys(lazy).length).toBeGreaterThan(5);
    expect(PAGE_MODULES).toEqual(lazy);
  });
});
