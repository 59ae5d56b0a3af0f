import fs from 'node:fs';
import path from 'node:path';
import { type AppPath, PAGE_MODULES } from '../core/app-paths';

/** One chunk of the build's manifest (`dist/web/.vite/manifest.json`, Vite's format). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The page's own chunks as `<link>` tags for index.html (issue 19). Each page past the landing
 * loads on demand, so without them a phone finds the page's script only after the entry has
 * arrived and run — a second wave of round trips before the first paint. Listed in the HTML,
 * the browser fetches them beside the entry: modules as `modulepreload`, style sheets as
 * `preload` (the page's own loader applies them, so they never block the entry's paint).
 * Chunks the entry already lists are left out. No manifest (a build without one): no tags.
 */
export function pagePreloadTags(manifest: Manifest, page: AppPath): string {
  const module = PAGE_MODULES[page];
  const chunk = module ? manifest[module] : undefined;
  if (!chunk || !module) return '';
  const entry = closure(manifest, 'index.html');
  const own = closure(manifest, module);
  const scripts = [...own.scripts].filter((file) => !entry.scripts.has(file));
  const styles = [...own.styles].filter((file) => !entry.styles.has(file));
  return [
    ...scripts.map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`,
    ),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}

/** A chunk's file with every chunk it imports statically, and their style sheets. */
function closure(manifest: Manifest, key: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/** index.html with the page's preload tags before `</head>`; read again when the build changes. */
export function createPageHtml(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let cached: { key: string; html: string; manifest: Manifest; pages: Map<string, string> } | null =
    null;
  return (page: AppPath | undefined): string => {
    const stamp = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const key = `${stamp(indexFile)}:${stamp(manifestFile)}`;
    if (cached?.key !== key) {
      const html = fs.readFileSync(indexFile, 'utf8');
      let manifest: Manifest = {};
      try {
        manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      } catch {
        // No manifest: the page loads its chunks itself, as it always can.
      }
      cached = { key, html, manifest, pages: new Map() };
    }
    if (!page) return cached.html;
    let html = cached.pages.get(page);
    if (html === undefined) {
      const tags = pagePreloadTags(cached.manifest, page);
      html = tags ? cached.html.replace('</head>', `${tags}</head>`) : cached.html;
      cached.pages.set(page, html);
    }
    return html;
  };
}
