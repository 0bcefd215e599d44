import { batchLoader } from './batch-loader.ts';

/** Splits items into rounds in which each device appears once, keeping each device's own order. */
export function roundsByDevice<T extends { deviceGuid: string }>(items: readonly T[]): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const round = seen.get(item.deviceGuid) ?? 0;
    seen.set(item.deviceGuid, round + 1);
    if (round === rounds.length) rounds.push([]);
    rounds[round]!.push(item);
  }
  return rounds;
}

type Answer = { orgGuid: string | null } | undefined;

/**
 * Gathers the writes device messages ask for while the previous batch is written (batch-loader.ts)
 * into one statement per round (a fleet reconnecting sends a thousand at once), where `write` stores a batch with at most one item per
 * device and answers, by device guid, the organization of each device it stored something for.
 * A round that fails is written again item by item, so a row the database refuses (a value out of
 * range, a broken constraint) fails only its own load, never another device's.
 */
export function deviceBatchLoader<T extends { deviceGuid: string }>(
  write: (batch: readonly T[]) => Promise<Map<string, string | null>>,
  { maxBatchSize = 500 }: { maxBatchSize?: number } = {},
) {
  const writeRound = async (round: readonly T[]): Promise<[T, Answer | Error][]> => {
    try {
      const stored = await write(round);
      return round.map((item) => {
        const orgGuid = stored.get(item.deviceGuid);
        return [item, orgGuid === undefined ? undefined : { orgGuid }];
      });
    } catch (error) {
      if (round.length === 1) return [[round[0]!, error instanceof Error ? error : new Error(String(error))]];
      return (await Promise.all(round.map((item) => writeRound([item])))).flat();
    }
  };
  return batchLoader<T, Answer>(
    async (items) => {
      const answers = new Map<T, Answer | Error>();
      for (const round of roundsByDevice(items))
        for (const [item, answer] of await writeRound(round)) answers.set(item, answer);
      return items.map((item) => answers.get(item));
    },
    { maxBatchSize },
  );
}
