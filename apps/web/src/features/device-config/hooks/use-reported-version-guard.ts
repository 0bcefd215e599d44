import { sameValue } from '@ec/contract/shadow-documents/fields';
import { SHADOW_COMPARE_IGNORED_KEYS } from '@ec/contract/shadow-registry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { documentChanges, type FieldChange } from '../../../lib/shadows/document-changes';
import { rebaseEdits } from '../logic/rebase-edits';

/** A reported document as a form holds it: its values and the version they come from. */
export interface ReportedValues<T> {
  version: number;
  values: T;
}

export interface NewerVersion {
  version: number;
  /** What changed on the device since the version the form is based on. */
  changes: FieldChange[];
}

export interface ReportedVersionGuard<T = unknown> {
  /** The version the user has seen and the form is based on: a save's target_version (0 without one). */
  acceptedVersion: number;
  /** A newer reported version that arrived under unsaved edits, until the user decides. */
  newer: NewerVersion | null;
  /** Keeps the unsaved edits, replayed on the newer version, which becomes the one saved against. */
  keepEdits(): void;
  /** Drops the unsaved edits: the form shows the latest reported version (Revert does the same). */
  discardEdits(): void;
  /**
   * The form's save was applied: its values are the unchanged state, at the version the device
   * answered (null when it did not say), so the document coming back is not news to the user.
   */
  acceptSaved(values: T, version: number | null): void;
}

/**
 * No silent overwrite (docs/decisions): a form follows each new reported version while it has no
 * unsaved edits; under unsaved edits a newer version is held back and announced (`newer`, shown by
 * <NewerVersionNotice>) until the user keeps or discards the edits, and saves go on carrying the
 * version the user accepted, so a save the user made without looking is refused by the device with
 * 'Config mismatch!' instead of overwriting someone else's change. A newer version that changes
 * nothing the form holds, or that holds exactly the form's values (the user's own save coming back),
 * is taken silently.
 *
 * Any tab adopts it with its form's values, e.g. with react-hook-form:
 *
 *   const guard = useReportedVersionGuard({
 *     reported: { version: reported.current_version, values: readMyValues(reported.state) },
 *     dirty: form.formState.isDirty,
 *     getValues: form.getValues,
 *     reset: (values, base) => { form.reset(base); form.reset(values, { keepDefaultValues: true }); },
 *     paused: saving,
 *   });
 *   <NewerVersionNotice guard={guard} labelOf={myFieldLabel} />
 *   save with target_version: guard.acceptedVersion; Revert calls guard.discardEdits(); once the
 *   save is applied, guard.acceptSaved(form.getValues(), the version the device answered).
 *
 * `reported` may be a new object on each render: versions and values are compared, not identities.
 */
export function useReportedVersionGuard<T>(input: {
  /** The latest reported document as form values; null while there is none. */
  reported: ReportedValues<T> | null;
  /** The form holds unsaved edits. */
  dirty: boolean;
  getValues: () => T;
  /** Puts `values` into the form with `base` as its unchanged state (what Revert and dirty compare to). */
  reset: (values: T, base: T) => void;
  /** While the form's own save is in flight its result is expected: nothing is decided until it settles. */
  paused?: boolean;
  /** Keys the notice never lists: the device keeps secrets without showing them back. */
  ignoredKeys?: readonly string[];
}): ReportedVersionGuard<T> {
  const { reported, dirty, paused = false, ignoredKeys = SHADOW_COMPARE_IGNORED_KEYS } = input;
  const [accepted, setAccepted] = useState(reported);
  const [newer, setNewer] = useState<NewerVersion | null>(null);
  /** The version an applied save produced: reports older than it are from before the save. */
  const awaited = useRef<number | null>(null);
  const latest = useRef(input);
  latest.current = input;

  const take = useCallback((next: ReportedValues<T>, values: T) => {
    setAccepted(next);
    setNewer(null);
    latest.current.reset(values, next.values);
  }, []);

  // Compared by content: the caller reads its values afresh on each render.
  const reportedKey = reported && JSON.stringify([reported.version, reported.values]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reportedKey stands for `reported`
  useEffect(() => {
    if (!reported || paused) return;
    if (awaited.current !== null) {
      if (reported.version < awaited.current) return;
      awaited.current = null;
    }
    if (!accepted) return take(reported, reported.values);
    if (accepted.version === reported.version && sameValue(accepted.values, reported.values)) {
      setNewer(null);
      return;
    }
    if (!dirty) return take(reported, reported.values);
    const edited = latest.current.getValues();
    const changes = documentChanges(accepted.values, reported.values, ignoredKeys);
    const sameVersion = accepted.version === reported.version;
    if (sameVersion || changes.length === 0 || sameValue(edited, reported.values))
      return take(reported, rebaseEdits(accepted.values, edited, reported.values));
    setNewer({ version: reported.version, changes });
  }, [reportedKey, dirty, paused, accepted, take]);

  return {
    acceptedVersion: accepted?.version ?? 0,
    newer,
    keepEdits: () => {
      if (!reported || !accepted) return;
      take(reported, rebaseEdits(accepted.values, input.getValues(), reported.values));
    },
    discardEdits: () => {
      if (reported) take(reported, reported.values);
    },
    acceptSaved: (values, version) => {
      awaited.current = version;
      take({ version: version ?? accepted?.version ?? 0, values }, values);
    },
  };
}
