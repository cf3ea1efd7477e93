// Bundles the server into dist/main.js (and its worker threads' code into dist/*.worker.js). npm dependencies stay external (installed by npm ci);
// the workspace's own TypeScript (@portal/shared) is compiled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@portal/'));

// The workers (lib/background-pool.ts: PDFs, passwords) are entries of their own: worker threads load it by file name.
await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf.worker': 'src/lib/pdf.worker.ts',
    'passwords.worker': 'src/lib/passwords.worker.ts',
  },
  // BUILD_OUTDIR: another folder for the bundle (a test builds its own copy, leaving dist alone).
  outdir: process.env.BUILD_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
