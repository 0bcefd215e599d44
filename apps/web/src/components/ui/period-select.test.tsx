import type { PeriodChoice } from '@ec/contract/periods';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayTimeZone } from '../../lib/display-time-zone';
import { NOT_A_TIME, PeriodSelect, START_AFTER_END } from './period-select';

const NOW = new Date('2026-11-24T15:00:20.000Z');

function Controlled(props: { initial: PeriodChoice; onChange: (choice: PeriodChoice) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <PeriodSelect
      value={value}
      onChange={(choice) => {
        props.onChange(choice);
        setValue(choice);
      }}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  displayTimeZone.set('America/New_York');
});
afterEach(() => displayTimeZone.set(undefined));

describe('PeriodSelect', () => {
  it('offers the spec’s periods and passes on the one chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled initial={{ key: '1day' }} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Last hour',
      'Last 6 hours',
      'Last 24 hours',
      'Last 2 days',
      'Last 5 days',
      'Last 30 days',
      'Custom',
    ]);
    await user.click(screen.getByRole('option', { name: 'Last 6 hours' }));
    expect(onChange).toHaveBeenCalledWith({ key: '6hrs' });
    expect(screen.queryByLabelText('Start')).not.toBeInTheDocument();
  });

  it('says when a pinned period ends, and Now brings it back to the present', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Controlled initial={{ key: '6hrs', end: new Date('2026-11-20T13:30:00.000Z') }} onChange={onChange} />,
    );
    expect(screen.getByText('Ending 2026/11/20 08:30:00 am EST')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Now' }));
    expect(onChange).toHaveBeenCalledWith({ key: '6hrs' });
    expect(screen.queryByText(/^Ending/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Now' })).not.toBeInTheDocument();
  });

  it('starts a custom period from the span shown, on the clock of the profile’s zone', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled initial={{ key: '1day' }} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Custom' }));
    expect(onChange).toHaveBeenCalledWith({
      key: 'custom',
      start: new Date('2026-11-23T15:00:00.000Z'),
      end: new Date('2026-11-24T15:01:00.000Z'),
    });
    expect(screen.getByLabelText('Start')).toHaveValue('2026-11-23T10:00');
    expect(screen.getByLabelText('End')).toHaveValue('2026-11-24T10:01');
    expect(screen.getByText('Times in America/New_York')).toBeInTheDocument();
  });

  it('passes on a custom range only when both ends are times and in order', () => {
    const onChange = vi.fn();
    render(
      <Controlled
        initial={{
          key: 'custom',
          start: new Date('2026-11-01T14:00:00.000Z'),
          end: new Date('2026-11-02T14:00:00.000Z'),
        }}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-10-30T09:00' } });
    expect(screen.getByText(START_AFTER_END)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '' } });
    expect(screen.getByText(NOT_A_TIME)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-10-29T09:00' } });
    expect(onChange).toHaveBeenCalledWith({
      key: 'custom',
      start: new Date('2026-10-29T13:00:00.000Z'),
      end: new Date('2026-10-30T13:00:00.000Z'),
    });
    expect(screen.queryByText(START_AFTER_END)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Start')).toHaveValue('2026-10-29T09:00');
  });
});
