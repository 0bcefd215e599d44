import { PERIOD_OPTIONS, type PeriodChoice, type PeriodKey, resolvePeriod } from '@ec/contract/periods';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { displayTimeZone } from '../../lib/display-time-zone';
import { formatTimestamp } from '../../lib/format-date';
import { periodChoiceKey } from './period-search-params';
import { fromZonedInputValue, toZonedInputValue } from './zoned-date-time';

const MINUTE_MS = 60_000;
const floorToMinute = (date: Date) => new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);
const ceilToMinute = (date: Date) => new Date(Math.ceil(date.getTime() / MINUTE_MS) * MINUTE_MS);

export const START_AFTER_END = 'The start must be before the end';
export const NOT_A_TIME = 'Enter a date and time';

/**
 * The period selector (spec 2 §2.9, §2.11, §9 "Period options"): the spec's periods ending now, or a
 * custom start and end on the clock of the user's profile time zone. A period a shared view pinned to
 * a moment says when it ends, and 'Now' (or choosing any period) brings it back to the present.
 */
export function PeriodSelect(props: {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  label?: string;
}) {
  const { value, onChange } = props;
  const pinnedEnd = value.key !== 'custom' ? value.end : undefined;
  const choose = (key: PeriodKey) => {
    if (key === value.key && !pinnedEnd) return;
    if (key !== 'custom') return onChange({ key });
    // Custom starts from the span shown until now, in whole minutes as the pickers show them.
    const shown = resolvePeriod(value);
    onChange({ key, start: floorToMinute(shown.start), end: ceilToMinute(shown.end) });
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        select
        size="small"
        label={props.label ?? 'Period'}
        value={value.key}
        onChange={(event) => choose(event.target.value as PeriodKey)}
        helperText={pinnedEnd ? `Ending ${formatTimestamp(pinnedEnd)}` : undefined}
        sx={{ width: { sm: 200 } }}
      >
        {PERIOD_OPTIONS.map((option) => (
          <MenuItem key={option.key} value={option.key}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {value.key === 'custom' && <CustomRange value={value} onChange={onChange} />}
      {pinnedEnd && value.key !== 'custom' && (
        <Button
          variant="outlined"
          onClick={() => onChange({ key: value.key })}
          sx={{ alignSelf: 'flex-start' }}
        >
          Now
        </Button>
      )}
    </Stack>
  );
}

type CustomChoice = Extract<PeriodChoice, { key: 'custom' }>;

/**
 * A custom period's start and end as typed. Only a complete range in order is passed on; the fields
 * keep what is being typed, and take the value again when it changes from outside (the address).
 */
function CustomRange(props: { value: CustomChoice; onChange: (choice: PeriodChoice) => void }) {
  const { value, onChange } = props;
  const timeZone = displayTimeZone.get();
  const drafts = (choice: CustomChoice) => ({
    valueKey: periodChoiceKey(choice),
    start: toZonedInputValue(choice.start, timeZone),
    end: toZonedInputValue(choice.end, timeZone),
  });
  const [state, setState] = useState(() => drafts(value));
  let current = state;
  if (state.valueKey !== periodChoiceKey(value)) {
    // React's pattern for state that follows a changed input: set it while rendering.
    current = drafts(value);
    setState(current);
  }

  const start = fromZonedInputValue(current.start, timeZone);
  const end = fromZonedInputValue(current.end, timeZone);
  const ordered = !start || !end || start.getTime() < end.getTime();

  const edit = (field: 'start' | 'end', text: string) => {
    const next = { ...current, [field]: text };
    const nextStart = fromZonedInputValue(next.start, timeZone);
    const nextEnd = fromZonedInputValue(next.end, timeZone);
    if (nextStart && nextEnd && nextStart.getTime() < nextEnd.getTime()) {
      const choice: CustomChoice = { key: 'custom', start: nextStart, end: nextEnd };
      next.valueKey = periodChoiceKey(choice);
      setState(next);
      onChange(choice);
    } else {
      setState(next);
    }
  };

  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      <TextField
        type="datetime-local"
        size="small"
        label="Start"
        value={current.start}
        onChange={(event) => edit('start', event.target.value)}
        error={!start}
        helperText={start ? `Times in ${zone}` : NOT_A_TIME}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { sm: 250 } }}
      />
      <TextField
        type="datetime-local"
        size="small"
        label="End"
        value={current.end}
        onChange={(event) => edit('end', event.target.value)}
        error={!end || !ordered}
        helperText={!end ? NOT_A_TIME : ordered ? undefined : START_AFTER_END}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { sm: 250 } }}
      />
    </>
  );
}
