// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionLink } from './ActionLink.tsx';
import { Disclosure } from './Disclosure.tsx';
import { formatCountdown, formatDate, formatShortDate } from './format-date.ts';
import { LiveAnnouncer } from './LiveAnnouncer.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { SortControl } from './SortControl.tsx';
import { Spinner } from './Spinner.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('ProgressBar', () => {
  it('a determinate bar names itself and reads its value in words', () => {
    render(<ProgressBar label="Atbildes" value={5} maxValue={16} valueLabel="5 no 16" />);
    const bar = screen.getByRole('progressbar', { name: 'Atbildes' });
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemax', '16');
    expect(bar).toHaveAttribute('aria-valuetext', '5 no 16');
    expect(screen.getByText('5 no 16')).toBeVisible();
    expect(bar.querySelector('.progress__fill')).toHaveStyle({ width: '31%' });
  });

  it('an indeterminate bar has no value, and never divides by a zero maximum', () => {
    render(<ProgressBar label="Ielāde" isIndeterminate />);
    expect(screen.getByRole('progressbar', { name: 'Ielāde' })).not.toHaveAttribute('aria-valuenow');
    render(<ProgressBar label="Tukšs" value={0} maxValue={0} />);
    expect(screen.getByRole('progressbar', { name: 'Tukšs' })).toHaveAttribute('aria-valuemax', '1');
  });
});

describe('Disclosure', () => {
  it('opens and closes its panel by mouse and keyboard, with aria-expanded', async () => {
    const user = userEvent.setup();
    render(
      <Disclosure title="Citas bankas">
        <p>Latgales Banka</p>
      </Disclosure>,
    );
    const trigger = screen.getByRole('button', { name: 'Citas bankas' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Latgales Banka')).not.toBeVisible();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Latgales Banka')).toBeVisible();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 3, name: 'Citas bankas' })).toContainElement(trigger);
  });
});

describe('SortControl', () => {
  function Harness() {
    const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
    return (
      <>
        <SortControl
          label="Kārtot"
          defaultValue="a"
          onChange={setValue}
          options={[
            { id: 'a', label: 'Pēc maksājuma' },
            { id: 'b', label: 'Pēc GPL' },
            { id: 'c', label: 'Pēc summas' },
          ]}
        />
        <output>{value}</output>
      </>
    );
  }

  it('is a labelled radio group: click and arrow keys choose', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Kārtot' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pēc maksājuma' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Pēc GPL' }));
    expect(screen.getByRole('status')).toHaveTextContent('b');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Pēc summas' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('c');
  });
});

describe('LiveAnnouncer', () => {
  it('is on the page empty first, then says the message; the same message is not said twice', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LiveAnnouncer message="Smart-ID kontrolkods: 1 2 3 4" />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(200));
    expect(region).toHaveTextContent('Smart-ID kontrolkods: 1 2 3 4');
    rerender(<LiveAnnouncer message="Smart-ID kontrolkods: 1 2 3 4" />);
    act(() => vi.advanceTimersByTime(200));
    expect(region).toHaveTextContent('Smart-ID kontrolkods: 1 2 3 4');
    rerender(<LiveAnnouncer message="Jauns piedāvājums: Alfa" />);
    act(() => vi.advanceTimersByTime(200));
    expect(region).toHaveTextContent('Jauns piedāvājums: Alfa');
  });

  it('assertive messages interrupt', () => {
    render(<LiveAnnouncer message="" politeness="assertive" />);
    expect(screen.getByRole('alert')).toHaveAttribute('aria-live', 'assertive');
  });
});

describe('ActionLink and Spinner', () => {
  it('a link looks like a link or like a button, and goes where it says', () => {
    render(
      <>
        <ActionLink href="/ru">На главную</ActionLink>
        <ActionLink variant="primary" href="/">
          Uz sākumlapu
        </ActionLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveClass('action-link');
    expect(screen.getByRole('link', { name: 'Uz sākumlapu' })).toHaveClass('button', 'button--primary');
    expect(screen.getByRole('link', { name: 'Uz sākumlapu' })).toHaveAttribute('href', '/');
  });

  it('the spinner is decoration only', () => {
    const { container } = render(<Spinner />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('formatDate, formatShortDate and formatCountdown', () => {
  it('writes a day in the page language, Riga time', () => {
    expect(formatDate('lv', '2026-12-31T00:00:00.000Z')).toBe('2026. gada 31. decembris');
    expect(formatDate('ru', '2026-12-31T00:00:00.000Z')).toBe('31 декабря 2026 г.');
    // 23:30 UTC on the 31st is already the 1st in Riga
    expect(formatDate('lv', '2026-12-31T23:30:00.000Z')).toBe('2027. gada 1. janvāris');
    expect(formatDate('lv', 'not a date')).toBe('');
  });

  it('writes a day in digits for a table, the same width every day, Riga time', () => {
    expect(formatShortDate('lv', '2026-12-31T00:00:00.000Z')).toMatch(/^31\.12\.2026\.?$/);
    expect(formatShortDate('ru', '2026-01-05T00:00:00.000Z')).toBe('05.01.2026');
    expect(formatShortDate('ru', '2026-12-31T23:30:00.000Z')).toBe('01.01.2027');
    expect(formatShortDate('ru', 'not a date')).toBe('');
  });

  it('writes minutes and seconds of what is left, never below zero', () => {
    expect(formatCountdown(59 * 60_000)).toBe('59:00');
    expect(formatCountdown(59 * 60_000 - 1)).toBe('59:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});
