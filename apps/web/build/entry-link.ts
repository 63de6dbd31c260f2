import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';

/**
 * How the built page starts (issue #19), two changes to index.html:
 * - The entry module and the modules it needs first are named, not linked: `<meta name="provisio-modules">`, the
 *   entry first, read by boot.js, which links them (`modulepreload`) and imports the entry. Without a boot view on
 *   its way it links them at once, as the page did; with one (src/lib/boot-view.ts), only once the view is painted:
 *   fetching and compiling them (cached, some 600 KB) delayed the view's replies and the page's parsing (the view's
 *   first row 60-90 ms later on a slow 2-core machine), and the entry's evaluation is one long task (about half a
 *   second there) that would hold the view's first frame back.
 * - boot.js is served minified under a hashed name in /assets, cached for good like the other assets, rather than
 *   asked for again on every visit (it blocks the parser, and every early request waits for it). /boot.js stays in
 *   the build for pages cached before. So is boot-view.js, the boot view's drawing, named by
 *   `<meta name="provisio-boot-view">` and fetched by boot.js only when it has a view to draw (a signed-in tenant's
 *   subscribers page): no other page carries it.
 * The development server keeps its script tags (the entry runs itself; boot.js finds no link).
 */
export function entryLink(bootFile: string, viewFile: string): Plugin {
  // Minified: boot.js is on every page, the first pages' 150 KB budget included.
  const minified = (file: string) => {
    const out = minifySync(path.basename(file), fs.readFileSync(file, 'utf8'), { compress: true, mangle: true });
    if (out.errors.length) throw new Error(`entry-link: ${path.basename(file)}: ${out.errors[0]!.message}`);
    return out.code;
  };
  const hashed = (name: string, source: string) =>
    `assets/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  const bootCode = () => minified(bootFile);
  const viewCode = () => minified(viewFile);
  return {
    name: 'provisio-entry-link',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: hashed('boot', bootCode()), source: bootCode() });
      this.emitFile({ type: 'asset', fileName: hashed('boot-view', viewCode()), source: viewCode() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const boot = '<script src="/boot.js"></script>';
        const found = entry.exec(html);
        if (!found || !html.includes(boot)) throw new Error('entry-link: index.html has no entry or boot script');
        const modules = [found[1] ?? '', ...[...html.matchAll(preload)].map((link) => link[1] ?? '')];
        if (modules.some((url) => !/^\/assets\/[\w.-]+\.js$/.test(url))) throw new Error('entry-link: odd module path');
        return (
          html
            .replace(entry, '')
            .replace(preload, '')
            .replace(
              boot,
              `<meta name="provisio-modules" content="${modules.join(' ')}" />\n    ` +
                `<meta name="provisio-boot-view" content="/${hashed('boot-view', viewCode())}" />\n    ` +
                `<script src="/${hashed('boot', bootCode())}"></script>`,
            )
            // index.html's own stylesheet: the boot view's copy keeps the rules of the others (src/lib/boot-view.ts).
            .replace(
              /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
              '<link rel="stylesheet" crossorigin href="$1" data-index>',
            )
        );
      },
    },
  };
}
