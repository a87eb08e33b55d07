import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { CUSTOMER_ID, renderAccount } from '../test/render';
import { SecurityCard } from './security-card';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});

const post = vi.mocked(api.post);
const WRONG = 'The current password you entered is wrong!';
const MISMATCH = 'Passwords do not match';
const COMPLEXITY =
  'Insufficient Password complexity. Minimum 8 characters with at least one number, upper and lower case character is required.';

const current = () => screen.getByLabelText(/^Current password/);
const next = () => screen.getByLabelText(/^New password/);
const confirm = () => screen.getByLabelText(/^Confirm new password/);
const update = () => screen.getByRole('button', { name: 'Update password' });

function setup() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

async function fill(user: ReturnType<typeof setup>, values: [string, string, string]) {
  await user.type(current(), values[0]);
  await user.type(next(), values[1]);
  await user.type(confirm(), values[2]);
  await user.tab();
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  post.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SecurityCard (spec 1 §4, §5, §8)', () => {
  it('names the account in the form for password managers, not shown and out of the tab order', async () => {
    const { container } = await renderAccount(<SecurityCard userId={CUSTOMER_ID} email="camille@example.com" />);
    const username = container.querySelector<HTMLInputElement>('form input[autocomplete="username"]');
    expect(username).not.toBeNull();
    expect(username).toHaveValue('camille@example.com');
    expect(username).not.toBeVisible();
    expect(username?.readOnly).toBe(true);
    // the new password fields follow it in the same form, as password managers expect
    expect(username?.form?.querySelectorAll('input[autocomplete="new-password"]')).toHaveLength(2);
  });

  it('keeps Update disabled until the three fields are valid', async () => {
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    expect(update()).toBeDisabled();
    await user.type(current(), 'Demo1234');
    await user.type(next(), 'short1A');
    await user.tab();
    expect(next()).toHaveAccessibleDescription(COMPLEXITY);
    expect(update()).toBeDisabled();
    await user.clear(next());
    await user.type(next(), 'Better1234');
    await user.type(confirm(), 'Better12345');
    await user.tab();
    expect(confirm()).toHaveAccessibleDescription(MISMATCH);
    expect(update()).toBeDisabled();
    await user.clear(confirm());
    await user.type(confirm(), 'Better1234');
    await waitFor(() => expect(update()).toBeEnabled());
    expect(confirm()).not.toHaveAccessibleDescription(MISMATCH);
    // ~40 typed characters, each a re-render of three Mantine inputs: seconds on a busy 2-core machine
  });

  it('revalidates the confirmation when the new password changes afterwards', async () => {
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    await fill(user, ['Demo1234', 'Better1234', 'Better1234']);
    await waitFor(() => expect(update()).toBeEnabled());
    await user.type(next(), '5');
    await waitFor(() => expect(confirm()).toHaveAccessibleDescription(MISMATCH));
    expect(update()).toBeDisabled();
  });

  it('sends the change, shows the success message for 5 seconds and clears the form', async () => {
    post.mockResolvedValue({ result: 'SUCCESS' });
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    await fill(user, ['Demo1234', 'Better1234', 'Better1234']);
    await user.click(update());
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(post).toHaveBeenCalledWith('/changepassword', {
      userId: CUSTOMER_ID,
      password: 'Demo1234',
      newPassword: 'Better1234',
      confirmNewPassword: 'Better1234',
    });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(confirm()).toHaveValue('');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
  });

  it.each([
    ['RM_ERROR_INVALID_CREDENTIALS', 401, WRONG],
    ['RM_ERROR_RECORD_VALIDATION', 400, MISMATCH],
    ['RM_ERROR_PASSWORD_COMPLEXITY', 400, COMPLEXITY],
  ])('%s shows its message for 5 seconds, then it resets', async (code, status, message) => {
    post.mockRejectedValue(new ApiError(status, code, 'refused'));
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    await fill(user, ['Wrong1234', 'Better1234', 'Better1234']);
    await user.click(update());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // the form keeps what was typed so the tenant can correct it
    expect(current()).toHaveValue('Wrong1234');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops an old error on the next attempt (issue 9), each message still lasting at most 5 seconds', async () => {
    post.mockRejectedValueOnce(new ApiError(401, 'RM_ERROR_INVALID_CREDENTIALS', 'no'));
    post.mockRejectedValueOnce(new ApiError(400, 'RM_ERROR_PASSWORD_COMPLEXITY', 'no'));
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    await fill(user, ['Wrong1234', 'Better1234', 'Better1234']);
    await user.click(update());
    await screen.findByText(WRONG);
    act(() => vi.advanceTimersByTime(3000));
    await user.click(update());
    await screen.findByText(COMPLEXITY);
    expect(screen.queryByText(WRONG)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByText(COMPLEXITY)).not.toBeInTheDocument();
  });

  it('marks the refused field invalid and points it at the message (issue 9)', async () => {
    post.mockRejectedValueOnce(new ApiError(401, 'RM_ERROR_INVALID_CREDENTIALS', 'no'));
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    await fill(user, ['Wrong1234', 'Better1234', 'Better1234']);
    expect(current()).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(update());
    await screen.findByText(WRONG);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(current()).toHaveAccessibleDescription(WRONG);
    expect(next()).not.toHaveAttribute('aria-invalid', 'true');
    act(() => vi.advanceTimersByTime(5100));
    expect(current()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says why Update is disabled (issue 9)', async () => {
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    expect(update()).toBeDisabled();
    expect(update()).toHaveAccessibleDescription('Update is available once all three fields are filled in.');
    expect(screen.getByText('Update is available once all three fields are filled in.')).toBeVisible();
    await fill(user, ['Demo1234', 'weak', 'weak']);
    await waitFor(() => expect(update()).toHaveAccessibleDescription(/at least 8 characters with a number/));
    await user.clear(next());
    await user.type(next(), 'Better1234');
    await user.tab();
    await waitFor(() => expect(update()).toHaveAccessibleDescription(/confirmation matches the new password/));
    await user.clear(confirm());
    await user.type(confirm(), 'Better1234');
    await waitFor(() => expect(update()).toBeEnabled());
    expect(update()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Update is available once/)).not.toBeInTheDocument();
  });

  it('has show/hide toggles with accessible names', async () => {
    const user = setup();
    await renderAccount(<SecurityCard userId={CUSTOMER_ID} />);
    expect(current()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show current password' }));
    expect(current()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide current password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show new password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show new password confirmation' })).toBeInTheDocument();
  });
});
