import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { ResellerResetPasswordPage } from './ResellerResetPasswordPage';

function renderReset(search = '?ref=abc') {
  return renderRoutes(
    [{ path: '/resetResellerPassword', element: <ResellerResetPasswordPage /> }],
    `/resetResellerPassword${search}`,
  );
}

/** The page's own server: the reset call answers `reset`; the layout's config call gets a 404 it ignores. */
function stubServer(reset: { status?: number; body: unknown } = { status: 500, body: {} }) {
  const fetch = vi.fn(stubFetch({ '/resetResellerPassword': reset }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const resetCalls = (fetch: ReturnType<typeof stubServer>) =>
  (fetch.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([url]) =>
    String(url).endsWith('/resetResellerPassword'),
  );

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResellerResetPasswordPage (spec §5)', () => {
  it.each([
    ['Strong-pass1', '', 'Please fill both fields'],
    ['aB1!', 'aB1!', 'New Password should be at least 8 characters long!'],
    [`aB1!${'x'.repeat(97)}`, `aB1!${'x'.repeat(97)}`, 'Password should be at most 100 characters long!'],
    ['abcdefgh1', 'abcdefgh1', 'Password is weak'],
    ['Strong-pass1!', 'Strong-pass2!', 'Passwords do not match!'],
  ])('%j / %j is refused with %j', async (password, confirm, message) => {
    const fetch = stubServer();
    renderReset();
    await submit(password, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(resetCalls(fetch)).toHaveLength(0);
  });

  it('shows the strength meter with its score, colour and advice', async () => {
    const user = userEvent.setup();
    renderReset();
    const meter = screen.getByTestId('reset-strength');
    expect(meter).toHaveAttribute('data-score', '0');
    await user.type(screen.getByLabelText('New Password'), 'abcH1');
    expect(meter).toHaveAttribute('data-score', '2');
    expect(meter).toHaveAttribute('data-color', 'orange');
    expect(screen.getAllByTestId('reset-strength-message').map((m) => m.textContent)).toEqual([
      'Minimum number of characters are 8',
      'Password is weak',
    ]);
    expect(screen.getByTestId('reset-strength-bar').querySelector('[role="progressbar"]')).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await user.type(screen.getByLabelText('New Password'), 'xyz!');
    expect(meter).toHaveAttribute('data-score', '4');
    expect(meter).toHaveAttribute('data-color', 'green');
    expect(screen.queryByText('Password is weak')).toBeNull();
  });

  it('posts the ref and password, then shows the done screen with a link to /login', async () => {
    const fetch = stubServer({ body: { ok: true, message: 'done' } });
    renderReset();
    await submit('Strong-pass1!', 'Strong-pass1!');
    expect(await screen.findByText('Your Password Has Been Reset')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
    const calls = resetCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ ref: 'abc', password: 'Strong-pass1!' });
  });

  it('shows the server message for a used or expired link', async () => {
    const used = {
      error: { code: 'reset_link_used', message: 'This reset link has already been used. Please ask for a new one.' },
    };
    stubServer({ status: 400, body: used });
    renderReset();
    await submit('Strong-pass1!', 'Strong-pass1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has already been used. Please ask for a new one.',
    );
  });

  it('refuses a link without a ref before calling the server', async () => {
    const fetch = stubServer();
    renderReset('');
    await submit('Strong-pass1!', 'Strong-pass1!');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This reset link is not valid. Please ask for a new one.'),
    );
    expect(resetCalls(fetch)).toHaveLength(0);
  });
});
