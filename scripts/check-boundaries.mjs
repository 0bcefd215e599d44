#!/usr/bin/env node
// The walls of docs/architecture.md ("Floors and zones"), checked on every `npm run check`:
// - the server's floors import only downward: app -> features -> device core -> device link -> shared -> base;
// - a feature reads the device core through its *.reads.ts and changes it through its services, never
//   through a device-core *.repository.ts (tests may set up anything);
// - a server route calls a service (app.services.<name>): no *.routes.ts imports a *.repository.ts or *.reads.ts;
// - a web feature never imports another feature (composition lives in app/, shared pieces in
//   components/, lib/, config/ or the contract).
// Import cycles are Biome's (suspicious/noImportCycles in biome.json). Prints each import that breaks a
// wall and exits 1; `node --test scripts/check-boundaries.test.mjs` proves each rule on planted violations.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server's floors, top to bottom; a file outside every listed folder belongs to the app (the composition root). */
export const SERVER_FLOORS = [
  { name: 'app', folders: [] },
  { name: 'features', folders: ['features'] },
  { name: 'device core', folders: ['device-core'] },
  { name: 'device link', folders: ['device-link'] },
  { name: 'shared', folders: ['shared'] },
  { name: 'base', folders: ['db', 'http', 'config', 'logging', 'files', 'mail', 'sms'] },
];
const SERVER_ROOT = 'apps/server/src/';
const SERVER_FEATURES = `${SERVER_ROOT}features/`;
const DEVICE_CORE = `${SERVER_ROOT}device-core/`;
const WEB_FEATURES = 'apps/web/src/features/';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']*)'/gm;
const isTest = (file) => /\.test\.tsx?$/.test(file);
const isRoutes = (file) => file.startsWith(SERVER_ROOT) && file.endsWith('.routes.ts');
/** SQL: a repository, or the read part of a device-core repository. */
const isSql = (file) => /\.(repository|reads)\.ts$/.test(file);

/** Each relative import of a source file: the line it is on and the repository path it names. */
export function importsOf(file, source) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    const line = source.slice(0, match.index).split('\n').length;
    found.push({ line, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])) });
  }
  return found;
}

/** Index of a server file's floor in SERVER_FLOORS (0 is the top), undefined outside the server's sources. */
export function serverFloor(file) {
  if (!file.startsWith(SERVER_ROOT)) return undefined;
  const [folder] = file.slice(SERVER_ROOT.length).split('/');
  const index = SERVER_FLOORS.findIndex((floor) => floor.folders.includes(folder));
  return index === -1 ? 0 : index;
}

const webFeature = (file) =>
  file.startsWith(WEB_FEATURES) ? file.slice(WEB_FEATURES.length).split('/')[0] : undefined;

/** What breaks a wall in these files (repository path -> source text), one message per import. */
export function findViolations(files) {
  const violations = [];
  for (const [file, source] of files) {
    for (const { line, target } of importsOf(file, source)) {
      const from = serverFloor(file);
      const to = serverFloor(target);
      if (from !== undefined && to !== undefined && to < from && !isTest(file))
        violations.push(
          `${file}:${line} imports ${target}: the ${SERVER_FLOORS[from].name} floor never imports the ${SERVER_FLOORS[to].name} floor above it`,
        );
      if (
        file.startsWith(SERVER_FEATURES) &&
        !isTest(file) &&
        target.startsWith(DEVICE_CORE) &&
        target.endsWith('.repository.ts')
      )
        violations.push(
          `${file}:${line} imports ${target}: a feature never imports a device-core repository; it reads through the device core's *.reads.ts and changes devices through its services`,
        );
      if (isRoutes(file) && isSql(target))
        violations.push(
          `${file}:${line} imports ${target}: a route never imports a repository or reads; it calls its feature's service (app.services.<name>)`,
        );
      const [feature, imported] = [webFeature(file), webFeature(target)];
      if (feature && imported && feature !== imported)
        violations.push(
          `${file}:${line} imports ${target}: the web feature '${feature}' never imports another feature ('${imported}'); compose in app/ or move the shared piece to components/, lib/ or the contract`,
        );
    }
  }
  return violations;
}

function sourceFiles(root, folder) {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) =>
      path.posix.join(path.relative(root, entry.parentPath).split(path.sep).join('/'), entry.name),
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const files = new Map(
    ['apps/server/src', 'apps/web/src'].flatMap((folder) =>
      sourceFiles(root, folder).map((file) => [file, readFileSync(path.join(root, file), 'utf8')]),
    ),
  );
  const violations = findViolations(files);
  for (const violation of violations) console.error(violation);
  if (violations.length) {
    console.error(`${violations.length} imports break the walls of docs/architecture.md`);
    process.exit(1);
  }
  console.log(`boundaries: ${files.size} files, every import within the walls`);
}
