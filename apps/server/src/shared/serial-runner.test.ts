import { describe, expect, it } from 'vitest';
import { serialRunner } from './serial-runner.ts';

/** A runner whose calls finish when the test says so, counting them. */
function heldRunner() {
  const finish: Array<(fail?: boolean) => void> = [];
  const errors: unknown[] = [];
  const runner = serialRunner(
    () =>
      new Promise<void>((resolve, reject) => {
        finish.push((fail) => (fail ? reject(new Error('refused')) : resolve()));
      }),
    (error) => errors.push(error),
  );
  return { runner, finish, errors };
}
const ticks = async (count: number) => {
  for (let tick = 0; tick < count; tick++) await Promise.resolve();
};

describe('serialRunner', () => {
  it('runs one call at a time, and one more for the kicks that came during it', async () => {
    const { runner, finish } = heldRunner();
    const idle = runner.kick();
    runner.kick();
    runner.kick();
    expect(finish).toHaveLength(1);
    finish[0]!();
    await ticks(5);
    expect(finish).toHaveLength(2);
    finish[1]!();
    await idle;
    expect(finish).toHaveLength(2);
  });

  it('serves a kick that comes at any moment as the last call ends', async () => {
    // Each delay puts the kick at another step of the loop's ending: one of them fell between the loop
    // finding nothing to do and forgetting its run, and waited there unserved (the alert engine's race).
    for (let delay = 0; delay < 12; delay++) {
      const { runner, finish } = heldRunner();
      void runner.kick();
      finish[0]!();
      await ticks(delay);
      void runner.kick();
      await ticks(12);
      expect(finish, `a kick ${delay} ticks after the call ended`).toHaveLength(2);
      finish[1]!();
      await runner.idle();
    }
  });

  it('tells a failed call and goes on with the next', async () => {
    const { runner, finish, errors } = heldRunner();
    const idle = runner.kick();
    runner.kick();
    finish[0]!(true);
    await ticks(5);
    expect(errors).toEqual([new Error('refused')]);
    finish[1]!();
    await idle;
    expect(finish).toHaveLength(2);
  });
});
