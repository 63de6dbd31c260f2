import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

function meterFor(password: string) {
  renderRoutes([{ path: '/', element: <PasswordStrengthMeter password={password} /> }], '/');
  return screen.getByTestId('strength');
}

describe('PasswordStrengthMeter (spec §5)', () => {
  it.each([
    ['', 0, 'red'],
    ['abc', 0, 'red'],
    ['abcdefgh', 1, 'red'],
    ['abcdefgH', 2, 'orange'],
    ['abcdefH1', 3, 'orange'],
    ['abcdeH1!', 4, 'green'],
    ['aB1$', 3, 'orange'],
  ])('%j scores %i and is %s', (password, score, color) => {
    const meter = meterFor(password);
    expect(meter).toHaveAttribute('data-score', String(score));
    expect(meter).toHaveAttribute('data-color', color);
  });

  it('says why a password is weak', () => {
    meterFor('aB1$');
    const messages = screen.getAllByTestId('strength-message').map((m) => m.textContent);
    expect(messages).toEqual(['Minimum number of characters are 8', 'Password is weak']);
  });

  it('says nothing for a strong password', () => {
    meterFor('Str0ng!pass');
    expect(screen.queryAllByTestId('strength-message')).toHaveLength(0);
  });
});

function Field() {
  const [value, setValue] = useState('');
  return <PasswordField label="Password" value={value} onChange={setValue} testId="pw" />;
}

describe('PasswordField', () => {
  it('fills a generated password and asks to remember it', async () => {
    renderRoutes([{ path: '/', element: <Field /> }], '/');
    await userEvent.click(screen.getByTestId('pw-generate'));
    const input = screen.getByTestId<HTMLInputElement>('pw');
    expect(input.value).toMatch(/^[A-Za-z0-9!()]{12}$/);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByTestId('pw-warning')).toHaveTextContent('Please remember this password!');
    await userEvent.type(input, 'x');
    expect(screen.queryByTestId('pw-warning')).toBeNull();
  });
});
