import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppSettingsReply } from '@provisio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppToken } from '../../../lib/app-session';
import { renderRoutes } from '../../../test/render';
import { SettingsPage } from './SettingsPage';

const NO_MEDIA =
  'This telephony platform has no media server: these settings cannot take effect here, so they cannot be changed.';
const off = { enabled: false, number: '' };
const replies: Record<string, AppSettingsReply> = {
  voicemailSettings: {
    tab: 'voicemailSettings',
    values: { enabled: true, pin: '2468', email_notification: false, email: '', attach_audio: false },
    options: {},
    read_only: true,
    availability: 'unavailable',
    availability_message: NO_MEDIA,
  },
  callControlSettings: {
    tab: 'callControlSettings',
    values: {
      dnd: false,
      call_waiting: true,
      forward_always: off,
      forward_busy: off,
      forward_no_answer: { ...off, ring_seconds: 20 },
    },
    options: {},
    read_only: false,
    availability: 'applied',
  },
  accountSettings: {
    tab: 'accountSettings',
    values: { display_name: 'Ana', caller_id: '', status_message: '' },
    options: {},
    read_only: false,
    availability: 'stored',
  },
};

/** Answers getAppSettings with the tab's reply and keeps the paths called. */
function stubSettings() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      paths.push(new URL(url, 'http://localhost').pathname);
      const { tab } = JSON.parse(String(init?.body)) as { tab: string };
      return new Response(JSON.stringify(replies[tab]), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return paths;
}

const renderTab = (tab: string) =>
  renderRoutes([{ path: '/settings_tab/:tab', element: <SettingsPage /> }], `/settings_tab/${tab}`);

beforeEach(() => setAppToken('app-token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('SettingsPage availability', () => {
  it('a tab the platform cannot apply: the reason, every field disabled, no save button', async () => {
    const paths = stubSettings();
    const user = userEvent.setup();
    renderTab('voicemailSettings');
    const notice = await screen.findByTestId('settings-unavailable');
    expect(notice).toHaveTextContent('Not available on this phone system');
    expect(notice).toHaveTextContent(NO_MEDIA);
    const form = screen.getByTestId('settings-form-voicemailSettings');
    const fields = within(form).getAllByRole('switch', { hidden: true });
    expect(fields.length).toBeGreaterThan(0);
    for (const field of [
      ...fields,
      within(form).getByLabelText('Voicemail PIN'),
      within(form).getByLabelText('Email address'),
    ])
      expect(field).toBeDisabled();
    await user.click(fields[0]!);
    expect(fields[0]).toBeChecked();
    expect(screen.queryByTestId('settings-save')).toBeNull();
    expect(screen.queryByTestId('settings-read-only')).toBeNull();
    // Nothing saved: the settings read, beside the page frame's brand (EndUserLayout, issue #19).
    expect(paths.filter((p) => !p.endsWith('/publicBranding'))).toEqual(['/api/v1/getAppSettings']);
  });

  it('a tab the SIP server applies says so, and can be changed', async () => {
    stubSettings();
    renderTab('callControlSettings');
    expect(await screen.findByTestId('settings-applied')).toHaveTextContent(
      'Changes take effect on your calls at once.',
    );
    expect(screen.queryByTestId('settings-unavailable')).toBeNull();
    for (const field of within(screen.getByTestId('settings-form-callControlSettings')).getAllByRole('switch', {
      hidden: true,
    }))
      expect(field).toBeEnabled();
    expect(screen.getByTestId('settings-save')).toBeEnabled();
  });

  it('a stored tab shows neither notice', async () => {
    stubSettings();
    renderTab('accountSettings');
    expect(await screen.findByTestId('settings-save')).toBeEnabled();
    expect(screen.getByLabelText('Display name')).toBeEnabled();
    expect(screen.queryByTestId('settings-applied')).toBeNull();
    expect(screen.queryByTestId('settings-unavailable')).toBeNull();
  });
});
