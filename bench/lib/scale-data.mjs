// The scale data (decision 35) the benchmark runs on: seeded once into bench/.data/scale with
// `npm run seed:scale`, and reused by later runs (BENCH_RESEED=1 seeds it again).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DATA, OPTIONS, ROOT } from './options.mjs';

export const SCALE_DIR = path.join(DATA, 'scale');
const MARKER = path.join(SCALE_DIR, 'seeded.json');

/** The institution's day (Asia/Kolkata, the scale institution's zone) of `instant`. */
export const scaleDay = (instant = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);

function seed() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', 'seed:scale'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: SCALE_DIR, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, output })
        : reject(new Error(`seed:scale failed (${code})`)),
    );
  });
}

/** `{ seededOn, seconds }`: the day the data was seeded (its study plans end then) and how long it took. */
export async function ensureScaleData() {
  const marker = await fs
    .readFile(MARKER, 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  if (marker && !OPTIONS.reseed) {
    console.log(
      `Scale data: reusing bench/.data/scale, seeded on ${marker.seededOn} in ${marker.seconds.toFixed(0)} s`,
    );
    return marker;
  }
  await fs.rm(SCALE_DIR, { recursive: true, force: true });
  await fs.mkdir(SCALE_DIR, { recursive: true, mode: 0o755 });
  console.log('Scale data: seeding bench/.data/scale (npm run seed:scale) …');
  const seededOn = scaleDay();
  const { seconds } = await seed();
  const fresh = { seededOn, seconds };
  await fs.writeFile(MARKER, JSON.stringify(fresh, null, 2));
  // Tokens of an earlier data folder are worthless now.
  await fs.rm(path.join(DATA, 'sessions.json'), { force: true });
  return fresh;
}
