import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { AppSignInPage, handOff } from './AppSignInPage';

type Reply = { status?: number; body: unknown };

function setup(replies: Record<string, Reply>) {
  const fetch = vi.fn(stubFetch(replies));
  vi.stubGlobal('fetch', fetch);
  const open = vi.spyOn(handOff, 'open').mockImplementation(() => undefined);
  renderRoutes([{ path: '/appSignin', element: <AppSignInPage /> }], '/appSignin');
  const bodies = (path: string) =>
    (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { user: userEvent.setup(), open, bodies };
}

const button = () => screen.getByTestId('app-signin-submit');
const invalid = { status: 401, body: { error: { code: 'invalid_credentials', message: 'Invalid Credentials' } } };
const ok = { body: { username: 'ada@example.com', link: 'csc:ada%40example.com:UGFzcy0x@DEMO', app_token: 'tok' } };
const mustChange = { status: 202, body: { username: 'ada@example.com', must_change_password: true, message: 'x' } };

describe('AppSignInPage: the Sign In button (spec §4)', () => {
  it('starts disabled and becomes enabled when the username or the password is edited', async () => {
    const { user } = setup({});
    expect(button()).toBeDisabled();
    await user.type(screen.getByTestId('app-signin-password'), 'x');
    expect(button()).toBeEnabled();
  });

  it('stays disabled after an error until something is edited again', async () => {
    const { user } = setup({ '/appLogin': invalid });
    await user.type(screen.getByTestId('app-signin-username'), 'ada@example.com');
    await user.type(screen.getByTestId('app-signin-password'), 'wrong');
    await user.click(button());
    expect(await screen.findByTestId('app-signin-error')).toHaveTextContent('Invalid Credentials');
    expect(button()).toBeDisabled();
    await user.type(screen.getByTestId('app-signin-username'), ' ');
    expect(button()).toBeEnabled();
    expect(screen.queryByTestId('app-signin-error')).toBeNull();
  });

  it('is enabled again after choosing Reset and coming back', async () => {
    const { user } = setup({});
    await user.click(screen.getByTestId('app-signin-forgot'));
    expect(screen.getByTestId('app-reset-form')).toBeInTheDocument();
    await user.click(screen.getByTestId('app-reset-back'));
    expect(button()).toBeEnabled();
  });
});

describe('AppSignInPage: sign-in (spec §3, §4)', () => {
  it('strips spaces, sends the password base64, stores the username and opens the app link', async () => {
    const { user, open, bodies } = setup({ '/appLogin': ok });
    await user.type(screen.getByTestId('app-signin-username'), ' ada @example.com ');
    await user.type(screen.getByTestId('app-signin-password'), 'Pass-1');
    await user.click(button());
    await waitFor(() => expect(open).toHaveBeenCalledWith('csc:ada%40example.com:UGFzcy0x@DEMO'));
    expect(bodies('/appLogin')).toEqual([{ username: 'ada@example.com', password: 'UGFzcy0x' }]);
    expect(localStorage.getItem('appUsername')).toBe('ada@example.com');
    expect(sessionStorage.getItem('app_token')).toBe('tok');
    expect(screen.getByTestId('app-signin-open-app')).toHaveAttribute('href', 'csc:ada%40example.com:UGFzcy0x@DEMO');
  });

  it('switches to change-password mode on 202, then changes with the old password and returns to sign-in', async () => {
    const { user, bodies } = setup({ '/appLogin': mustChange, '/changeAppPassword': { body: { ok: true } } });
    await user.type(screen.getByTestId('app-signin-username'), 'Ada@Example.com');
    await user.type(screen.getByTestId('app-signin-password'), 'admin-set');
    await user.click(button());
    expect(await screen.findByTestId('app-change-form')).toBeInTheDocument();
    expect(screen.getByTestId('app-change-new')).toHaveValue('');

    await user.type(screen.getByTestId('app-change-new'), 'weakpassword');
    await user.type(screen.getByTestId('app-change-confirm'), 'weakpassword');
    await user.click(screen.getByTestId('app-change-submit'));
    expect(await screen.findByTestId('app-change-error')).toHaveTextContent('Password is weak');
    expect(screen.getByTestId('app-change-strength')).toHaveAttribute('data-color', 'red');

    await user.clear(screen.getByTestId('app-change-new'));
    await user.type(screen.getByTestId('app-change-new'), 'Strong-pass1!');
    await user.clear(screen.getByTestId('app-change-confirm'));
    await user.type(screen.getByTestId('app-change-confirm'), 'Strong-pass2!');
    await user.click(screen.getByTestId('app-change-submit'));
    // Validation waits for the contract's schema (loaded on first use, #17): wait for the new message.
    await waitFor(() => expect(screen.getByTestId('app-change-error')).toHaveTextContent('Passwords do not match!'));

    await user.clear(screen.getByTestId('app-change-confirm'));
    await user.type(screen.getByTestId('app-change-confirm'), 'Strong-pass1!');
    await user.click(screen.getByTestId('app-change-submit'));
    expect(await screen.findByTestId('app-signin-info')).toHaveTextContent('Successfully Updated Password');
    expect(screen.getByTestId('app-signin-password')).toHaveValue('');
    expect(button()).toBeDisabled();
    expect(bodies('/changeAppPassword')).toEqual([
      { username: 'ada@example.com', old_password: 'admin-set', new_password: 'Strong-pass1!' },
    ]);
  });

  it('asks for a username before a reset, then shows the emailed-link message in sign-in mode', async () => {
    const { user, bodies } = setup({ '/forgetAppPassword': { body: { ok: true } } });
    await user.click(screen.getByTestId('app-signin-forgot'));
    await user.click(screen.getByTestId('app-reset-submit'));
    expect(screen.getByTestId('app-reset-error')).toHaveTextContent('Username is mandatory to reset Password');
    await user.type(screen.getByTestId('app-reset-username'), 'Ada@Example.com');
    await user.click(screen.getByTestId('app-reset-submit'));
    expect(await screen.findByTestId('app-signin-info')).toHaveTextContent(
      'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
    );
    expect(bodies('/forgetAppPassword')).toEqual([{ username: 'ada@example.com' }]);
  });
});

describe('handOff (issue #20)', () => {
  it("opens the app's link in a new browsing context, never in the page's own tab", () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const before = window.location.href;
    handOff.open('csc:ada%40example.com:secret@DEMO');
    expect(open).toHaveBeenCalledWith('csc:ada%40example.com:secret@DEMO', '_blank', 'noopener');
    expect(window.location.href).toBe(before);
  });
});
