// The CSS-positioned tooltip: hover, keyboard focus, touch tap, Escape, and how it names or describes its trigger.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

afterEach(() => cleanup());

function renderTip(props: { asLabel?: boolean; onClick?: () => void } = {}) {
  return render(
    <div>
      <Tooltip label="Card was declined" asLabel={props.asLabel}>
        {(trigger) => (
          <button
            type="button"
            {...trigger}
            onClick={() => {
              trigger.onClick();
              props.onClick?.();
            }}
          >
            {props.asLabel ? '' : 'FAILED'}
          </button>
        )}
      </Tooltip>
      <button type="button">elsewhere</button>
    </div>,
  );
}

describe('Tooltip', () => {
  it('describes its trigger while hidden, shows on hover and hides when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderTip();
    const trigger = screen.getByRole('button', { name: 'FAILED' });
    expect(trigger).toHaveAccessibleDescription('Card was declined');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Card was declined');
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus, Escape hides it without reaching an enclosing handler, blur hides it', async () => {
    const user = userEvent.setup();
    const outerEscape = vi.fn();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') outerEscape();
    };
    document.addEventListener('keydown', onKey);
    renderTip();
    await user.tab();
    expect(screen.getByRole('button', { name: 'FAILED' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(outerEscape).not.toHaveBeenCalled();
    // once hidden, Escape goes on to whoever listens (e.g. a modal)
    await user.keyboard('{Escape}');
    expect(outerEscape).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', onKey);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'elsewhere' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('toggles with a tap on a touch screen and the trigger keeps its own click', () => {
    const onClick = vi.fn();
    renderTip({ onClick });
    const trigger = screen.getByRole('button', { name: 'FAILED' });
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    fireEvent.click(trigger);
    expect(screen.getByRole('tooltip')).toBeVisible();
    expect(onClick).toHaveBeenCalledTimes(1);
    // a tap elsewhere closes it
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    fireEvent.click(trigger);
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    fireEvent.click(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a mouse click alone does not open it', () => {
    renderTip();
    const trigger = screen.getByRole('button', { name: 'FAILED' });
    fireEvent.pointerDown(trigger, { pointerType: 'mouse' });
    fireEvent.click(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('names an icon-only trigger with its text', async () => {
    const user = userEvent.setup();
    renderTip({ asLabel: true });
    const trigger = screen.getByRole('button', { name: 'Card was declined' });
    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Card was declined');
  });
});
