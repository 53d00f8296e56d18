// Builds the diagram page into the folder given as argument: index.html, diagram.js, diagram.css and the
// icon font, all from the npm packages pinned in package-lock.json (installed with `npm ci` when missing or
// out of date). Run by the Maven build of org.perfcast.diagram; nothing is fetched when the page runs.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error('usage: node build.mjs OUTPUT_FOLDER');
  process.exit(2);
}

const lock = join(here, 'package-lock.json');
const installed = join(here, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('diagram client: npm ci');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
}

const { build } = await import('esbuild');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: { diagram: join(here, 'src', 'main.ts') },
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
  outdir: out,
  logLevel: 'warning',
  metafile: true,
});
copyFileSync(join(here, 'src', 'index.html'), join(out, 'index.html'));
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`diagram client: ${Object.keys(result.metafile.outputs).length} files, ${Math.round(bytes / 1024)} KiB in ${out}`);
const version = JSON.parse(readFileSync(join(here, 'node_modules', '@eclipse-glsp', 'client', 'package.json'), 'utf8')).version;
console.log(`diagram client: @eclipse-glsp/client ${version}`);
