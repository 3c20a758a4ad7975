import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { DateField, DateTimeField } from './date-field';

function Controlled({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Start Date"
      value={value}
      onChange={(day) => {
        setValue(day);
        onChange(day);
      }}
    />
  );
}

describe('DateField, the one date input (issue 21 item 10)', () => {
  it('shows a stored day as DD-MMM-YYYY, whatever the browser language', () => {
    renderWithProviders(<DateField label="Start Date" value="2026-11-21" onChange={() => undefined} />);
    expect(screen.getByLabelText('Start Date')).toHaveValue('21-Nov-2026');
  });

  it('takes a day typed as DD-MMM-YYYY, DD/MM/YYYY or YYYY-MM-DD and hands it on as YYYY-MM-DD', () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled initial="" onChange={onChange} />);
    const input = screen.getByLabelText('Start Date');
    for (const [typed, day] of [
      ['03-Feb-2020', '2020-02-03'],
      ['29/11/2019', '2019-11-29'],
      ['2021-11-26', '2021-11-26'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      expect(onChange).toHaveBeenLastCalledWith(day);
    }
    fireEvent.blur(input);
    expect(input).toHaveValue('26-Nov-2021');
  });
});

describe('DateTimeField', () => {
  it('keeps a date and a time as one wall-clock value, and half of one as typed', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeField dateLabel="Date" timeLabel="Time" value="2026-12-01T09:30" onChange={onChange} />);
    expect(screen.getByLabelText('Date')).toHaveValue('01-Dec-2026');
    expect(screen.getByLabelText('Time')).toHaveValue('09:30');
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '14:05' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01T14:05');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '02/12/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02T09:30');
  });

  it('starts empty and asks for nothing until something is typed', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeField dateLabel="Date of AIC-R1" timeLabel="Time of AIC-R1" value="" onChange={onChange} required />);
    expect(screen.getByLabelText(/Date of AIC-R1/)).toHaveValue('');
    fireEvent.change(screen.getByLabelText(/Time of AIC-R1/), { target: { value: '10:00' } });
    expect(onChange).toHaveBeenLastCalledWith('T10:00');
  });
});

describe('DateField, cleared', () => {
  it('offers a clear button named after its field when the day is optional', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateField label="End Date" value="2021-11-26" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear End Date' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('DateField, its calendar', () => {
  it("names the calendar's arrows and its heading for screen readers (every date input of the app, through the theme)", async () => {
    renderWithProviders(<DateField label="Exam Date" value="2026-11-21" onChange={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Exam Date'));
    expect(await screen.findByLabelText('Previous month')).toHaveAttribute('data-direction', 'previous');
    expect(screen.getByLabelText('Next month')).toHaveAttribute('data-direction', 'next');
    expect(screen.getByLabelText('Choose a month')).toHaveTextContent('November 2026');
  });
});
