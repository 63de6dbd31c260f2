import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { ResetPasswordPage } from './ResetPasswordPage';

function renderReset() {
  return renderRoutes([{ path: '/resetPassword', element: <ResetPasswordPage /> }], '/resetPassword?ref=abc');
}

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  it('needs both fields', async () => {
    renderReset();
    await submit('secret1', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill both fields');
  });

  it('needs at least 6 characters', async () => {
    renderReset();
    await submit('abc', 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('New Password should be at least 6 characters long!');
  });

  it('needs the two to match', async () => {
    renderReset();
    await submit('secret1', 'secret2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match!');
  });

  it('shows the done screen after the server accepts', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/resetPassword': { body: { ok: true, message: 'done' } } })));
    renderReset();
    await submit('secret1', 'secret1');
    expect(await screen.findByText('Your Password Has Been Reset')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('shows the server message inline for a used link', async () => {
    const used = { error: { code: 'reset_link_used', message: 'This reset link has already been used.' } };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/resetPassword': { status: 400, body: used } })));
    renderReset();
    await submit('secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has already been used.');
  });
});
