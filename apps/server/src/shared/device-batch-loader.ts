import DataLoader from 'dataloader';

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

/**
 * Gathers the writes device messages ask for in the same tick into one statement per round (a fleet
 * reconnecting sends a thousand at once), where `write` stores a batch with at most one item per
 * device and answers, by device guid, the organization of each device it stored something for.
 */
export function deviceBatchLoader<T extends { deviceGuid: string }>(
  write: (batch: readonly T[]) => Promise<Map<string, string | null>>,
) {
  return new DataLoader<T, { orgGuid: string | null } | undefined>(
    async (items) => {
      const answers = new Map<T, { orgGuid: string | null }>();
      for (const round of roundsByDevice(items)) {
        const stored = await write(round);
        for (const item of round) {
          const orgGuid = stored.get(item.deviceGuid);
          if (orgGuid !== undefined) answers.set(item, { orgGuid });
        }
      }
      return items.map((item) => answers.get(item));
    },
    { cache: false, maxBatchSize: 500 },
  );
}
