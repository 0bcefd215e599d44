import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './bench-console.ts';

const BENCHMARKS = path.join(root, 'docs/benchmarks.md');

/**
 * Adds a run's figures to a bench's own section of docs/benchmarks.md, just before the section's end
 * marker, so that what people wrote around the figures stays. A missing section is appended, made of
 * `intro` (its heading, how the bench measures, a table's header) between the markers; an entry that
 * is not a table row starts with its own blank line.
 */
export function addToBenchSection(bench: string, intro: string, entry: string) {
  const start = `<!-- bench:${bench}:start -->`;
  const end = `<!-- bench:${bench}:end -->`;
  let text = readFileSync(BENCHMARKS, 'utf8');
  if (!text.includes(start)) text = `${text.trimEnd()}\n\n${start}\n${intro.trim()}\n${end}\n`;
  writeFileSync(BENCHMARKS, text.replace(end, `${entry.trimEnd()}\n${end}`));
}
