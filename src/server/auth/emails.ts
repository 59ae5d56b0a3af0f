import type { Mail } from '../mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function message(to: string, subject: string, intro: string, action: string, url: string): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.\n\nMnemo`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p><p>Mnemo</p>`,
  };
}

export const emails = {
  signInCode: (to: string, code: string): Mail => {
    const intro = 'Your code to sign in to Mnemo:';
    const after = 'It works once and expires in 5 minutes.';
    return {
      to,
      subject: `${code} is your Mnemo sign-in code`,
      text: `${intro}\n\n${code}\n\n${after}\n\nIf you did not ask for this, you can ignore this e-mail.\n\nMnemo`,
      html: `<p>${intro}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>${after}</p><p>If you did not ask for this, you can ignore this e-mail.</p><p>Mnemo</p>`,
    };
  },
  resetPassword: (to: string, url: string) =>
    message(
      to,
      'Reset your Mnemo password',
      'Someone asked to reset the password of your Mnemo account.',
      'Reset your password',
      url,
    ),
  magicLink: (to: string, url: string) =>
    message(
      to,
      'Your Mnemo sign-in link',
      'Use this link to sign in to Mnemo. It works once and expires in 5 minutes.',
      'Sign in to Mnemo',
      url,
    ),
  existingAccount: (to: string, url: string) =>
    message(
      to,
      'Someone tried to sign up to Mnemo with your e-mail',
      'Someone, perhaps you, tried to create a Mnemo account with this e-mail address, which already has one. Nothing was changed. To use your account, sign in; if you forgot your password, reset it from the sign-in page.',
      'Sign in to Mnemo',
      url,
    ),
  verifyEmail: (to: string, url: string) =>
    message(
      to,
      'Confirm your e-mail for Mnemo',
      'Please confirm the e-mail address of your new Mnemo account. If you did not sign up, do not confirm: someone else chose its password. To use Mnemo with this address, reset the password from the sign-in page instead (that signs everyone else out).',
      'Confirm your e-mail',
      url,
    ),
  passwordRemoved: (to: string, url: string): Mail => {
    const lines = [
      'Someone signed in to your Mnemo account with a sign-in link sent to this address.',
      'Because the address had not been confirmed before, the password set on the account was removed: a password set before the address was proven could have been set by someone else.',
      'If it was yours, set a new password in Settings.',
    ];
    return {
      to,
      subject: 'Your Mnemo password was removed',
      text: `${lines.join('\n\n')}\n\nSet a password: ${url}\n\nMnemo`,
      html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">Set a password</a></p><p>Mnemo</p>`,
    };
  },
  /** A change to how the account is signed in to (issue 21): the owner hears of each. */
  securityNotice: (to: string, change: string): Mail => {
    const lines = [
      `${change} on your Mnemo account.`,
      'If this was you, there is nothing to do. If it was not, change your password now, sign out everywhere in Settings, and revoke your API tokens.',
    ];
    return {
      to,
      subject: `Mnemo security notice: ${change.toLowerCase()}`,
      text: `${lines.join('\n\n')}\n\nMnemo`,
      html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>Mnemo</p>`,
    };
  },
};
