// Writes .br and .gz next to every text asset of the build, so the server can send them precompressed
// (@fastify/static `preCompressed`) without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The dist to compress: WEB_DIST when set (a build with --outDir elsewhere), else apps/web/dist.
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../dist'));
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
let raw = 0;
let br = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && fs.statSync(file).size >= 1024) {
      const data = fs.readFileSync(file);
      const brotli = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      fs.writeFileSync(`${file}.br`, brotli);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      raw += data.length;
      br += brotli.length;
    }
  }
}

walk(dist);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`);
