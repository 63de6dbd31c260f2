import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { minifySync, type Plugin } from 'vite';

/**
 * How the built page starts (issue #19), two changes to index.html:
 * - The entry module is linked, not run: `<link rel="modulepreload" data-entry>` fetches and compiles it as the
 *   script tag did, and boot.js imports it once the page is parsed. When a boot view is on its way
 *   (src/lib/boot-view.ts), boot.js first lets the view be painted: the entry's evaluation is one long task (about
 *   half a second on a slow 2-core machine) that would otherwise hold the view's first frame back.
 * - boot.js is served minified under a hashed name in /assets, cached for good like the other assets, rather than
 *   asked for again on every visit (it blocks the parser, and every early request waits for it). /boot.js stays in
 *   the build for pages cached before.
 * The development server keeps its script tags (the entry runs itself; boot.js finds no link).
 */
export function entryLink(bootFile: string): Plugin {
  // Minified: it is on every page, the first pages' 150 KB budget included.
  const source = () => {
    const minified = minifySync('boot.js', fs.readFileSync(bootFile, 'utf8'), { compress: true, mangle: true });
    if (minified.errors.length) throw new Error(`entry-link: boot.js: ${minified.errors[0]!.message}`);
    return minified.code;
  };
  const hashed = () => `assets/boot-${createHash('sha256').update(source()).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'provisio-entry-link',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: hashed(), source: source() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const boot = '<script src="/boot.js"></script>';
        const found = entry.exec(html);
        if (!found || !html.includes(boot)) throw new Error('entry-link: index.html has no entry or boot script');
        return (
          html
            .replace(entry, `<link rel="modulepreload" crossorigin href="${found[1]}" data-entry>`)
            .replace(boot, `<script src="/${hashed()}"></script>`)
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
