import { type SharedJsonAnswer, sharedJsonAnswer } from '../../http/shared-json-answer.ts';

/**
 * How long an answer nothing has changed since is kept: a change another process makes reaches this
 * one as a live event, which the broker may drop (QoS 0); the dashboard polls every 10 s anyway.
 */
export const STATUS_KEPT_MS = 10_000;
/**
 * How long after it was begun a changed answer is still given while the next one is computed: the
 * browsers refresh their counts a second after a live event (LIST_REFRESH_MS in the web app), so they
 * never get an answer begun before the change they were told of.
 */
export const STATUS_STALE_SERVED_MS = 800;
/**
 * How old a changed answer must be before a caller begins its successor: while devices keep changing,
 * an organization's status is computed at most about this often, however many dashboards ask. Each
 * caller before then gets the answer as it is (at 10,000 devices a computation took 12 ms of the
 * database and as much of the event loop, and the storm's bench, asking four times a second, had one
 * begun for every request).
 */
export const STATUS_REFRESHED_AFTER_MS = 400;

interface Entry {
  begunAt: number;
  /** A change was heard after this answer was begun. */
  changed: boolean;
  answer: Promise<SharedJsonAnswer>;
  /** The answer being computed to replace this one. */
  next?: Entry;
}

/**
 * An organization's status (spec 2 §2.3) as the answer every caller shares. At 10,000 devices it holds
 * two lists of 10,000 guids (470 kB, 184 kB compressed) that cost a query, a serialization and a
 * compression each time (38 ms on an idle machine, seconds while a storm of devices reports): each
 * organization's answer is computed by one request at a time and kept until a device of the
 * organization connects, changes or an alert moves (`changed`), and while devices keep changing, an
 * answer begun less than STATUS_STALE_SERVED_MS ago is given while its successor is computed, begun by
 * the first caller after STATUS_REFRESHED_AFTER_MS.
 */
export function orgStatusCache(compute: (orgGuid: string) => Promise<unknown>, now = () => Date.now()) {
  const entries = new Map<string, Entry>();

  /**
   * Computes the organization's answer; one replacing `previous` is compressed as `previous` was asked
   * for before it takes its place, so that no caller waits for a compression (while devices storm in,
   * compressing 470 kB took 100-370 ms, the thread pool sharing two busy cores).
   */
  const begin = (orgGuid: string, previous?: Entry): Entry => {
    const answer = (async () => {
      const next = sharedJsonAnswer(await compute(orgGuid));
      const asked = previous ? ((await previous.answer.catch(() => undefined))?.encodings ?? []) : [];
      await Promise.all(asked.map((encoding) => next.body(encoding)));
      return next;
    })();
    const entry: Entry = { begunAt: now(), changed: false, answer };
    // A failed answer is not kept: the next caller tries again.
    entry.answer.catch(() => {
      if (entries.get(orgGuid) === entry) entries.delete(orgGuid);
    });
    return entry;
  };

  /** Answers old enough to be recomputed anyway go, so that organizations nobody looks at hold nothing. */
  const forgetOld = () => {
    for (const [orgGuid, entry] of entries)
      if (now() - entry.begunAt >= STATUS_KEPT_MS && !entry.next) entries.delete(orgGuid);
  };

  /** Begins the entry's successor (once), which takes the entry's place when it is ready. */
  const replace = (orgGuid: string, entry: Entry) => {
    if (!entry.next) {
      const next = begin(orgGuid, entry);
      entry.next = next;
      next.answer.then(
        () => {
          if (entries.get(orgGuid) === entry) entries.set(orgGuid, next);
        },
        () => {
          entry.next = undefined;
        },
      );
    }
    return entry.next.answer;
  };

  return {
    answer(orgGuid: string): Promise<SharedJsonAnswer> {
      const entry = entries.get(orgGuid);
      if (!entry) {
        forgetOld();
        const first = begin(orgGuid);
        entries.set(orgGuid, first);
        return first.answer;
      }
      const age = now() - entry.begunAt;
      if (!entry.changed && age < STATUS_KEPT_MS) return entry.answer;
      if (entry.changed && age < STATUS_STALE_SERVED_MS) {
        if (age >= STATUS_REFRESHED_AFTER_MS) void replace(orgGuid, entry).catch(() => {});
        return entry.answer;
      }
      return replace(orgGuid, entry);
    },

    /** Something the status counts changed in the organization (heard from this process or another). */
    changed(orgGuid: string) {
      const entry = entries.get(orgGuid);
      if (!entry) return;
      entry.changed = true;
      if (entry.next) entry.next.changed = true;
    },
  };
}
